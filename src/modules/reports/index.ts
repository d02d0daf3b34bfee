import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { idParam } from "../../http/input";
import { createReport, listReports, repairFromReport, updateReport } from "./service";

const anyValue = t.Optional(t.Unknown());

export function reportsModule(ctx: AppContext, tokens: TokenService) {
  const reportId = (value: string) => idParam(value, "Segnalazione non valida");
  return new Elysia({ prefix: "/segnalazioni" })
    .use(authPlugin(tokens))
    .get("", ({ actor }) => listReports(ctx, actor, true), { auth: "admin" })
    .get("/mie", ({ actor }) => listReports(ctx, actor, false), { auth: "signed-in" })
    .post("", ({ actor, body }) => createReport(ctx, actor, body), {
      auth: "signed-in",
      body: t.Object(
        {
          tipo: anyValue,
          urgenza: anyValue,
          messaggio: anyValue,
          inventario_id: anyValue,
          unit_id: anyValue,
          prestito_id: anyValue,
          user_id: anyValue,
        },
        { error: "Dati della segnalazione non validi" },
      ),
    })
    .put("/:id", ({ actor, body, params }) => updateReport(ctx, actor, reportId(params.id), body), {
      auth: "admin",
      body: t.Object({ stato: anyValue, esito: anyValue }, { error: "Stato della segnalazione non valido" }),
    })
    .post(
      "/:id/riparazione",
      ({ actor, body, params }) => repairFromReport(ctx, actor, reportId(params.id), body ?? {}),
      {
        auth: "admin",
        body: t.Optional(
          t.Object(
            { descrizione: anyValue, note_tecniche: anyValue, priorita: anyValue },
            { error: "Dati non validi" },
          ),
        ),
      },
    );
}
