import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { loanIdParams, unitIdsOf } from "../loans/model";
import { fileAnswer } from "../schemas";
import { loanReceipt, printLabels, publicBaseUrl } from "./documents";
import { labelsQuery, scanQuery, scanResponse } from "./model";
import { lookupScan } from "./scan";

/** The lending desk's own tools: scanning, unit labels and loan receipts (the loan's steps are in loans/). */
export function counterModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .get("/prestiti/:id/ricevuta", ({ actor, params }) => loanReceipt(ctx, actor, params.id), {
      auth: "signed-in",
      params: loanIdParams,
      detail: fileAnswer("application/pdf", "La ricevuta del prestito (PDF)"),
    })
    .get(
      "/etichette",
      ({ query, request }) =>
        printLabels(
          ctx,
          { unitIds: unitIdsOf(query.unita), kitIds: unitIdsOf(query.kit) },
          publicBaseUrl(ctx, request),
          query,
        ),
      {
        auth: "admin",
        query: labelsQuery,
        detail: fileAnswer(
          "application/pdf",
          "Le etichette delle unità e dei kit con il codice QR e il codice a barre Code 128 (PDF), nel formato scelto",
        ),
      },
    )
    .get("/banco/scansione", ({ query }) => lookupScan(ctx, query.codice), {
      auth: "admin",
      query: scanQuery,
      response: scanResponse,
    });
}
