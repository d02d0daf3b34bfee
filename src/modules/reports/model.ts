import { type Static, t } from "elysia";
import { PRIORITIES, REPORT_STATES, REPORT_TYPES } from "../../domain/repairs";
import { answerInteger, idParams, oneOf, timestampText } from "../schemas";

/** Shapes of the fault-report routes: a student's report, the desk's list, moving a report, its repair. */

export const DESCRIBE_FAULT = "Descrivi il problema";

export const reportParams = idParams("Segnalazione non valida");

export const newReport = t.Object(
  {
    tipo: oneOf(REPORT_TYPES, "Tipo di segnalazione non valido"),
    urgenza: oneOf(PRIORITIES, "Urgenza non valida"),
    messaggio: t.String({ error: DESCRIBE_FAULT }),
    prestito_id: t.Integer({ minimum: 1, error: "Seleziona il prestito" }),
    unit_id: t.Integer({ minimum: 1, error: "Seleziona l'unità" }),
    inventario_id: t.Optional(t.Nullable(t.Integer(), { error: "L'articolo non corrisponde al prestito" })),
    user_id: t.Optional(
      t.Nullable(t.Integer(), {
        error: "Utente non valido",
        description: "Ignorato: chi segnala è l'utente della sessione",
      }),
    ),
  },
  { error: "Dati della segnalazione non validi" },
);

export const reportMove = t.Object(
  {
    stato: oneOf(REPORT_STATES, "Stato della segnalazione non valido"),
    esito: t.Optional(
      t.Nullable(t.Literal("perso"), {
        error: "Esito non valido",
        description: "perso: una segnalazione di perdita risolta segna l'unità come persa",
      }),
    ),
  },
  { error: "Stato della segnalazione non valido" },
);

/** A report with its reporter and the repair it led to; a student's own list has the same shape. */
export const reportView = t.Object({
  id: answerInteger(),
  tipo: t.UnionEnum(REPORT_TYPES),
  urgenza: t.UnionEnum(PRIORITIES),
  messaggio: t.String(),
  stato: t.UnionEnum(REPORT_STATES),
  created_at: timestampText,
  handled_at: t.Nullable(timestampText),
  inventario_id: answerInteger(),
  inventario_nome: t.String(),
  unit_id: answerInteger(),
  codice_univoco: t.String(),
  prestito_id: t.Nullable(answerInteger()),
  riparazione_id: t.Nullable(answerInteger()),
  user_id: t.Nullable(answerInteger()),
  utente_nome: t.Nullable(t.String()),
  utente_cognome: t.Nullable(t.String()),
  utente_email: t.Nullable(t.String()),
  /** The addresses of the photos attached to the report (GET /api/foto/:id), oldest first. */
  foto: t.Array(t.String()),
});

/** The dashboard's counter and newest reports (GET /api/segnalazioni/riepilogo). */
export const reportsSummary = t.Object({
  attive: answerInteger({ description: "Segnalazioni aperte o in corso" }),
  recenti: t.Array(reportView, { description: "Le 5 segnalazioni più recenti, dalla più nuova" }),
});

export type NewReport = Static<typeof newReport>;
export type ReportMove = Static<typeof reportMove>;
export type ReportView = Static<typeof reportView>;
export type ReportsSummary = Static<typeof reportsSummary>;
