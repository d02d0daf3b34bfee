import { type Static, t } from "elysia";
import { PRIORITIES, REPAIR_STATES } from "../../domain/repairs";
import { answerInteger, dayText, idParams, oneOf, timestampText } from "../schemas";

/** Shapes of the repair routes: the desk's list, opening a repair, editing or closing it. */

export const SELECT_ITEM_AND_UNIT = "Seleziona oggetto e ID specifico";
export const DESCRIBE_REPAIR = "Descrivi il problema da riparare";

export const repairParams = idParams("Riparazione non valida");

const unitOfItem = t.Integer({ minimum: 1, error: SELECT_ITEM_AND_UNIT });
const technicalNotes = t.Optional(t.Nullable(t.String(), { error: "Le note tecniche sono un testo" }));
const priority = t.Optional(oneOf(PRIORITIES, "Priorità non valida"));

/** The details of a repair the desk writes: what is wrong, notes (`note` is the spec's other name) and priority. */
const details = {
  descrizione: t.String({ error: DESCRIBE_REPAIR }),
  note_tecniche: technicalNotes,
  note: technicalNotes,
  priorita: priority,
};

export const newRepair = t.Object(
  { inventario_id: unitOfItem, unit_id: unitOfItem, ...details },
  { error: "Dati della riparazione non validi" },
);

/** `{ stato }` alone completes or cancels; the other fields edit. The spec's full payload may repeat the ids. */
export const repairChange = t.Object(
  {
    ...details,
    descrizione: t.Optional(details.descrizione),
    stato: t.Optional(oneOf(REPAIR_STATES, "Stato della riparazione non valido")),
    inventario_id: t.Optional(t.Integer({ error: "Articolo non valido" })),
    unit_id: t.Optional(t.Integer({ error: "Unità non valida" })),
  },
  { error: "Dati della riparazione non validi" },
);

/** The details a repair opened from a fault report may set; the report supplies what is missing. */
export const repairFromReportDetails = t.Object(
  { descrizione: t.Optional(details.descrizione), note_tecniche: technicalNotes, priorita: priority },
  { error: "Dati non validi" },
);

export const repairView = t.Object({
  id: answerInteger(),
  inventario_id: answerInteger(),
  articolo_nome: t.String(),
  oggetto_nome: t.String({ description: "Il nome dell'articolo (lo stesso testo di articolo_nome)" }),
  unit_id: answerInteger(),
  codice_univoco: t.String(),
  descrizione: t.String(),
  note: t.Nullable(t.String({ description: "Le note tecniche (lo stesso testo di note_tecniche)" })),
  note_tecniche: t.Nullable(t.String()),
  priorita: t.UnionEnum(PRIORITIES),
  stato: t.UnionEnum(REPAIR_STATES),
  data_inizio: dayText,
  data_fine: t.Nullable(dayText),
  segnalazione_id: t.Nullable(answerInteger()),
  created_at: timestampText,
});

/** A booking of the unit still ahead, which the new repair may get in the way of: the desk may move it. */
export const bookingAhead = t.Object({
  tipo: t.UnionEnum(["richiesta", "prestito"]),
  id: answerInteger(),
  dal: dayText,
  al: dayText,
  utente: t.String(),
});

export const createdRepair = t.Object({ ...repairView.properties, avvisi_prenotazioni: t.Array(bookingAhead) });

/** The dashboard's counter (GET /api/riparazioni/riepilogo). */
export const repairsSummary = t.Object({
  in_corso: answerInteger({ description: "Riparazioni in corso" }),
});

export type NewRepair = Static<typeof newRepair>;
export type RepairsSummary = Static<typeof repairsSummary>;
export type RepairChange = Static<typeof repairChange>;
export type RepairFromReportDetails = Static<typeof repairFromReportDetails>;
export type RepairView = Static<typeof repairView>;
export type BookingAhead = Static<typeof bookingAhead>;
export type CreatedRepair = Static<typeof createdRepair>;
