import { type Static, t } from "elysia";
import { answerInteger, dayText, idParams, isoDate, timestampText } from "../schemas";

/** Shapes of the kit routes: the desk's templates of a shoot, their calendar and their label. */

export const KIT_TEXT_LIMITS = { nome: 120, descrizione: 2000, accessorio: 120 } as const;
export const MAX_KIT_LINES = 50;
export const MAX_KIT_ACCESSORIES = 50;
export const MAX_LINE_QUANTITY = 100;
export const MAX_ACCESSORY_QUANTITY = 999;

export const NAME_THE_KIT = "Indica il nome del kit";
export const KIT_NOT_FOUND = "Kit non trovato";

export const kitParams = idParams("Kit non valido");

const UNIT_IN_LINE = "Unità non valida in una riga del kit";
const DESCRIPTION_TEXT = "La descrizione del kit è un testo";

const kitLineInput = t.Object(
  {
    inventario_id: t.Integer({ minimum: 1, error: "Articolo non valido in una riga del kit" }),
    quantita: t.Integer({
      minimum: 1,
      maximum: MAX_LINE_QUANTITY,
      error: `La quantità di ogni riga va da 1 a ${MAX_LINE_QUANTITY}`,
    }),
    /** A pinned unit: always this one, such as a body lent with its own cage. */
    unit_id: t.Optional(t.Nullable(t.Integer({ minimum: 1, error: UNIT_IN_LINE }), { error: UNIT_IN_LINE })),
  },
  { additionalProperties: false, error: "Riga del kit non valida: articolo, quantità e unità facoltativa" },
);

const accessoryInput = t.Object(
  {
    nome: t.String({ error: "Indica il nome di ogni accessorio" }),
    quantita: t.Integer({
      minimum: 1,
      maximum: MAX_ACCESSORY_QUANTITY,
      error: `La quantità di ogni accessorio va da 1 a ${MAX_ACCESSORY_QUANTITY}`,
    }),
  },
  { additionalProperties: false, error: "Accessorio non valido: nome e quantità" },
);

/** What the desk sends to create a kit or replace one whole. */
export const kitInput = t.Object(
  {
    nome: t.String({ error: NAME_THE_KIT }),
    descrizione: t.Optional(t.Nullable(t.String({ error: DESCRIPTION_TEXT }), { error: DESCRIPTION_TEXT })),
    /** Course names whose students see the kit in their catalogue. */
    corsi_assegnati: t.Array(t.String({ error: "Assegna almeno un corso" }), {
      minItems: 1,
      maxItems: 100,
      error: "Assegna almeno un corso",
    }),
    righe: t.Array(kitLineInput, {
      minItems: 1,
      maxItems: MAX_KIT_LINES,
      error: `Un kit ha da 1 a ${MAX_KIT_LINES} righe`,
    }),
    accessori: t.Optional(
      t.Array(accessoryInput, {
        maxItems: MAX_KIT_ACCESSORIES,
        error: `Un kit ha al massimo ${MAX_KIT_ACCESSORIES} accessori`,
      }),
    ),
  },
  { additionalProperties: false, error: "Dati del kit non validi" },
);

export const kitLineView = t.Object({
  id: answerInteger(),
  inventario_id: answerInteger(),
  oggetto_nome: t.String(),
  quantita: answerInteger(),
  unit_id: t.Nullable(answerInteger()),
  /** The pinned unit's code, null for a line of any units. */
  codice_univoco: t.Nullable(t.String()),
});

export const accessoryView = t.Object({ nome: t.String(), quantita: answerInteger() });

export const kitView = t.Object({
  id: answerInteger(),
  nome: t.String(),
  descrizione: t.Nullable(t.String()),
  corsi_assegnati: t.Array(t.String()),
  righe: t.Array(kitLineView),
  accessori: t.Array(accessoryView),
  created_at: timestampText,
  updated_at: timestampText,
});

export const kitAvailabilityQuery = t.Object({
  dal: t.Optional(isoDate("Data di inizio non valida: usa il formato AAAA-MM-GG")),
  al: t.Optional(isoDate("Data di fine non valida: usa il formato AAAA-MM-GG")),
});

export const kitAvailabilityView = t.Object({
  kit_id: answerInteger(),
  dal: dayText,
  al: dayText,
  /** The days of [max(dal, today), al] on which every line has enough free units, pinned units included. */
  giorni_liberi: t.Array(dayText),
  /** The days of [dal, al] on which the desk is closed: a booking may span them, not start or end on them. */
  giorni_chiusi: t.Array(dayText),
  /** Each line's own free days, so a screen can say which line keeps a day taken. */
  righe: t.Array(
    t.Object({
      inventario_id: answerInteger(),
      unit_id: t.Nullable(answerInteger()),
      quantita: answerInteger(),
      giorni_liberi: t.Array(dayText),
    }),
  ),
});

export type KitInput = Static<typeof kitInput>;
export type KitView = Static<typeof kitView>;
export type KitAvailabilityQuery = Static<typeof kitAvailabilityQuery>;
export type KitAvailabilityView = Static<typeof kitAvailabilityView>;
