import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { optionalJsonBody } from "../../http/input";
import { readsPlugin } from "../../read-model";
import { messageAnswer } from "../schemas";
import { approveRequest, rejectRequest } from "./approval";
import { cancelLoan } from "./cancel";
import { createDirectLoan } from "./direct-loan";
import { approveExtension, extendLoan, listExtensions, refuseExtension, requestExtension } from "./extension";
import { handOverLoan } from "./hand-over";
import {
  approvalResponse,
  approveBody,
  createRequestResponse,
  directExtensionBody,
  directLoanBody,
  directLoanResponse,
  extensionAnswer,
  extensionListQuery,
  extensionParams,
  extensionRefusalBody,
  extensionRequestBody,
  extensionView,
  loanChangeResponse,
  loanIdParams,
  loanList,
  loanListQuery,
  loanParams,
  loanUnitsAnswer,
  loanView,
  previewQuery,
  readReturnBody,
  rejectBody,
  requestBody,
  requestList,
  requestListQuery,
  requestParams,
  requestView,
  returnBody,
  returnPreviewResponse,
  returnResponse,
  unitIdsOf,
  unitLoanAnswer,
  unitParams,
} from "./model";
import { listLoans, listRequests, loanFor, loanOfUnit, loanUnits, myLoans, myRequests } from "./reads";
import { remindReturn } from "./reminder";
import { cancelRequest, createRequest } from "./request";
import { returnLoan, returnPreview } from "./return";

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
    .put("/prestiti/:id/consegna", ({ actor, params }) => handOverLoan(ctx, actor, params.id), {
      auth: "admin",
      params: loanIdParams,
      response: loanChangeResponse,
    })
    .put("/prestiti/:id/annulla", ({ actor, params }) => cancelLoan(ctx, actor, params.id), {
      auth: "admin",
      params: loanIdParams,
      response: loanChangeResponse,
    })
    .get(
      "/prestiti/:id/anteprima-restituzione",
      ({ params, query }) => returnPreview(ctx, params.id, unitIdsOf(query.unita)),
      { auth: "admin", params: loanIdParams, query: previewQuery, response: returnPreviewResponse },
    )
    .put(
      "/prestiti/:id/restituisci",
      ({ actor, params, body }) => returnLoan(ctx, actor, params.id, readReturnBody(body)),
      // No `body` schema on purpose: readReturnBody checks it (see there).
      {
        auth: "admin",
        params: loanIdParams,
        parse: optionalJsonBody,
        response: returnResponse,
        // Documented here, since the body is checked in the handler.
        detail: { requestBody: { required: false, content: { "application/json": { schema: returnBody as object } } } },
      },
    )
    .get("/prestiti/:id", ({ actor, params }) => loanFor(ctx, actor, params.id), {
      auth: "signed-in",
      params: loanIdParams,
      response: loanView,
    })
    .post(
      "/prestiti/:id/proroga",
      ({ actor, params, body, set }) => {
        const extension = requestExtension(ctx, actor, params.id, body);
        set.status = 201;
        return extension;
      },
      { auth: "signed-in", params: loanIdParams, body: extensionRequestBody, response: { 201: extensionView } },
    )
    .put("/prestiti/:id/proroga", ({ actor, params, body }) => extendLoan(ctx, actor, params.id, body), {
      auth: "admin",
      params: loanIdParams,
      body: directExtensionBody,
      response: extensionAnswer,
    })
    .post("/prestiti/:id/promemoria", ({ actor, params }) => remindReturn(ctx, actor, params.id), {
      auth: "admin",
      params: loanIdParams,
      response: messageAnswer,
    })
    .get("/proroghe", ({ actor, query }) => listExtensions(ctx, actor, query), {
      auth: "signed-in",
      reads: ["loans", "inventory", "users"],
      query: extensionListQuery,
      response: t.Array(extensionView),
    })
    .put("/proroghe/:id/approva", ({ actor, params }) => approveExtension(ctx, actor, Number(params.id)), {
      auth: "admin",
      params: extensionParams,
      response: extensionAnswer,
    })
    .put("/proroghe/:id/rifiuta", ({ actor, params, body }) => refuseExtension(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: extensionParams,
      body: extensionRefusalBody,
      response: extensionAnswer,
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
