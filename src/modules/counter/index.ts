import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { optionalJsonBody } from "../../http/input";
import { fileAnswer } from "../schemas";
import { loanReceipt, publicBaseUrl, unitLabels } from "./documents";
import {
  labelsQuery,
  loanChangeResponse,
  loanIdParams,
  previewQuery,
  readReturnBody,
  returnBody,
  returnPreviewResponse,
  returnResponse,
  scanQuery,
  scanResponse,
  unitIdsOf,
} from "./model";
import { cancelLoan, handOverLoan, lookupScan, returnLoan, returnPreview } from "./service";

/** The lending desk: hand-over, cancellation, return with its preview, scanning, labels and receipts. */
export function counterModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
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
    .get("/prestiti/:id/ricevuta", ({ actor, params }) => loanReceipt(ctx, actor, params.id), {
      auth: "signed-in",
      params: loanIdParams,
      detail: fileAnswer("application/pdf", "La ricevuta del prestito (PDF)"),
    })
    .get(
      "/etichette",
      ({ query, request }) => unitLabels(ctx, unitIdsOf(query.unita) ?? [], publicBaseUrl(ctx, request)),
      {
        auth: "admin",
        query: labelsQuery,
        detail: fileAnswer("application/pdf", "Le etichette delle unità con il loro codice QR (PDF)"),
      },
    )
    .get("/banco/scansione", ({ query }) => lookupScan(ctx, query.codice), {
      auth: "admin",
      query: scanQuery,
      response: scanResponse,
    });
}
