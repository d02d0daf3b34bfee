import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { idParam } from "../../http/input";
import {
  approveRequest,
  cancelRequest,
  createDirectLoan,
  createRequest,
  listLoans,
  listRequests,
  loanOfUnit,
  loanUnits,
  rejectRequest,
} from "./service";

const anyValue = t.Optional(t.Unknown());
const listQuery = t.Object({
  all: t.Optional(t.String()),
  stato: t.Optional(t.String()),
  cerca: t.Optional(t.String()),
  dal: t.Optional(t.String()),
  al: t.Optional(t.String()),
  pagina: t.Optional(t.String()),
  per_pagina: t.Optional(t.String()),
  ordina: t.Optional(t.String()),
  verso: t.Optional(t.String()),
});

export function loansModule(ctx: AppContext, tokens: TokenService) {
  const requestId = (value: string) => idParam(value, "Richiesta non valida");
  const loanId = (value: string) => idParam(value, "Prestito non valido");
  return new Elysia()
    .use(authPlugin(tokens))
    .get("/richieste", ({ actor, query }) => listRequests(ctx, actor, query), {
      auth: "signed-in",
      query: listQuery,
    })
    .get("/richieste/mie", ({ actor }) => listRequests(ctx, actor, {}), { auth: "signed-in" })
    .post("/richieste", ({ actor, body }) => createRequest(ctx, actor, body), {
      auth: "signed-in",
      body: t.Object(
        {
          unit_id: anyValue,
          inventario_id: anyValue,
          dal: anyValue,
          al: anyValue,
          note: anyValue,
          tipo_utilizzo: anyValue,
        },
        { error: "Dati della richiesta non validi" },
      ),
    })
    .delete(
      "/richieste/:id",
      ({ actor, params }) => {
        cancelRequest(ctx, actor, requestId(params.id));
        return { message: "Richiesta annullata" };
      },
      { auth: "signed-in" },
    )
    .get("/prestiti", ({ actor, query }) => listLoans(ctx, actor, query), {
      auth: "signed-in",
      query: listQuery,
    })
    .get("/prestiti/mie", ({ actor }) => listLoans(ctx, actor, {}), { auth: "signed-in" })
    .post("/prestiti", ({ actor, body }) => createDirectLoan(ctx, actor, body), {
      auth: "admin",
      body: t.Object(
        {
          inventario_id: anyValue,
          utente_id: anyValue,
          chi: anyValue,
          data_uscita: anyValue,
          data_rientro: anyValue,
          unita_ids: anyValue,
          tipo_utilizzo: anyValue,
          note: anyValue,
          consegna: anyValue,
        },
        { error: "Dati del prestito non validi" },
      ),
    })
    .put(
      "/prestiti/:id/approva",
      ({ actor, body, params }) => approveRequest(ctx, actor, requestId(params.id), { unitId: body?.unit_id }),
      {
        auth: "admin",
        // Optional: the spec's clients approve with no body; the desk sends `unit_id` to hand out another unit.
        body: t.MaybeEmpty(
          t.Object(
            { unit_id: t.Optional(t.Nullable(t.Integer({ minimum: 1, error: "Unità non valida" }))) },
            { error: "Unità non valida" },
          ),
          { error: "Unità non valida" },
        ),
      },
    )
    .put("/prestiti/:id/rifiuta", ({ actor, body, params }) => rejectRequest(ctx, actor, requestId(params.id), body), {
      auth: "admin",
      // Required, not optional: Elysia quietly drops a malformed optional body instead of answering 400.
      body: t.Object(
        { motivo_rifiuto: anyValue, motivazione: anyValue },
        { error: "Motivazione del rifiuto richiesta" },
      ),
    })
    .get("/prestiti/:id/units", ({ actor, params }) => loanUnits(ctx, actor, loanId(params.id)), {
      auth: "signed-in",
    })
    .get(
      "/prestiti/unit/:unitId",
      ({ actor, params }) => loanOfUnit(ctx, actor, idParam(params.unitId, "Unità non valida")),
      { auth: "signed-in" },
    );
}
