import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { messageAnswer } from "../schemas";
import {
  approvalResponse,
  approveBody,
  createRequestResponse,
  directLoanBody,
  directLoanResponse,
  loanList,
  loanListQuery,
  loanParams,
  loanUnitsAnswer,
  loanView,
  rejectBody,
  requestBody,
  requestList,
  requestListQuery,
  requestParams,
  requestView,
  unitLoanAnswer,
  unitParams,
} from "./model";
import {
  approveRequest,
  cancelRequest,
  createDirectLoan,
  createRequest,
  listLoans,
  listRequests,
  loanOfUnit,
  loanUnits,
  myLoans,
  myRequests,
  rejectRequest,
} from "./service";

export function loansModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("/richieste", ({ actor, query }) => listRequests(ctx, actor, query), {
      auth: "signed-in",
      reads: ["requests", "inventory", "users"],
      query: requestListQuery,
      response: requestList,
    })
    .get("/richieste/mie", ({ actor }) => myRequests(ctx, actor), {
      auth: "signed-in",
      reads: ["requests", "inventory", "users"],
      response: t.Array(requestView),
    })
    .post("/richieste", ({ actor, body }) => createRequest(ctx, actor, body), {
      auth: "signed-in",
      body: requestBody,
      response: createRequestResponse,
    })
    .delete(
      "/richieste/:id",
      ({ actor, params }) => {
        cancelRequest(ctx, actor, Number(params.id));
        return { message: "Richiesta annullata" };
      },
      { auth: "signed-in", params: requestParams, response: messageAnswer },
    )
    .get("/prestiti", ({ actor, query }) => listLoans(ctx, actor, query), {
      auth: "signed-in",
      reads: ["loans", "inventory", "users"],
      query: loanListQuery,
      response: loanList,
    })
    .get("/prestiti/mie", ({ actor }) => myLoans(ctx, actor), {
      auth: "signed-in",
      reads: ["loans", "inventory", "users"],
      response: t.Array(loanView),
    })
    .post("/prestiti", ({ actor, body }) => createDirectLoan(ctx, actor, body), {
      auth: "admin",
      body: directLoanBody,
      response: directLoanResponse,
    })
    .put(
      "/prestiti/:id/approva",
      ({ actor, body, params }) => approveRequest(ctx, actor, Number(params.id), { unitId: body?.unit_id }),
      { auth: "admin", params: requestParams, body: approveBody, response: approvalResponse },
    )
    .put("/prestiti/:id/rifiuta", ({ actor, body, params }) => rejectRequest(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: requestParams,
      body: rejectBody,
      response: messageAnswer,
    })
    .get("/prestiti/:id/units", ({ actor, params }) => loanUnits(ctx, actor, Number(params.id)), {
      auth: "signed-in",
      reads: "fresh",
      params: loanParams,
      response: loanUnitsAnswer,
    })
    .get("/prestiti/unit/:unitId", ({ actor, params }) => loanOfUnit(ctx, actor, Number(params.unitId)), {
      auth: "signed-in",
      params: unitParams,
      response: unitLoanAnswer,
    });
}
