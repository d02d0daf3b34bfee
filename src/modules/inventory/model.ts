import { type Static, t } from "elysia";
import { INVENTORY_SORT_FIELDS, INVENTORY_STATUS_FILTERS } from "../../domain/inventory-list";
import { LOAN_TYPES } from "../../domain/loan-types";
import { ITEM_STATES, UNIT_STATES } from "../../domain/unit-state";
import {
  answerInteger,
  dayText,
  idParams,
  isoDate,
  listOrPage,
  messageAnswer,
  oneOf,
  pagedAnswer,
  pageQueryFields,
} from "../schemas";

const text = (maxLength: number, error: string) => t.Optional(t.String({ maxLength, error }));
const nullableText = t.Union([t.String(), t.Null()]);

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────

export const itemParams = idParams("Articolo non valido");
export const unitParams = t.Object({
  id: idParams("Articolo non valido").properties.id,
  unitId: idParams("Unità non valida").properties.id,
});
export const categoryParams = idParams("Categoria non valida");

const searchField = text(100, "Testo di ricerca troppo lungo (massimo 100 caratteri)");
const categoryField = t.Optional(t.String({ pattern: "^[1-9][0-9]{0,8}$", error: "Categoria non valida" }));
const statusField = t.Optional(oneOf(INVENTORY_STATUS_FILTERS, "Stato non valido"));

/** The spec's filters of the inventory list (search, category, course, status, dates added, order) and its page. */
export const inventoryQuery = t.Object({
  search: searchField,
  categoria: categoryField,
  corso: text(100, "Corso non valido"),
  stato: statusField,
  dateFrom: t.Optional(isoDate("Data non valida (formato AAAA-MM-GG)")),
  dateTo: t.Optional(isoDate("Data non valida (formato AAAA-MM-GG)")),
  sortBy: t.Optional(oneOf(INVENTORY_SORT_FIELDS, "Ordinamento non valido")),
  sortOrder: t.Optional(oneOf(["asc", "desc"], "Ordine non valido: usa asc o desc")),
  ...pageQueryFields,
});

/** A student's catalogue: search, category and state, and its page. */
export const catalogueQuery = t.Object({
  search: searchField,
  categoria: categoryField,
  stato: statusField,
  ...pageQueryFields,
});

/**
 * A unit as an item's form sends it: its code alone, or `{ id?, codice_univoco, note?, numero_serie?,
 * data_acquisto?, valore? }` (id = an existing unit; a field left out keeps what the unit has).
 */
const unitInput = t.Union(
  [
    t.String(),
    t.Object({
      id: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.Null()])),
      // Required, or Elysia would turn any non-object (5, null) into a valid `{}`.
      codice_univoco: t.String(),
      note: t.Optional(t.Union([t.String(), t.Null()])),
      numero_serie: t.Optional(t.Union([t.String(), t.Null()], { error: "Numero di serie non valido" })),
      /** YYYY-MM-DD. */
      data_acquisto: t.Optional(t.Union([t.String(), t.Null()], { error: "Data di acquisto non valida" })),
      /** In euros. */
      valore: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { error: "Valore non valido" })),
    }),
  ],
  { error: "Unità non valida" },
);

const optionalItemText = t.Optional(t.Union([t.String(), t.Null()], { error: "Dati non validi" }));

/**
 * The spec's item body (create and edit). The shape is checked here; the rules that need the data or
 * read several fields (a name that is not blank, units or a quantity, known courses and category, free
 * codes, text lengths) stay in the service.
 */
export const itemBody = t.Object(
  {
    nome: t.String({ error: "Compila tutti i campi obbligatori" }),
    /** How many units to create with generated codes, when `unita` is empty. */
    quantita_totale: t.Optional(t.Union([t.Number(), t.String()], { error: "Compila tutti i campi obbligatori" })),
    posizione: optionalItemText,
    /** The old name of `posizione`, read when `posizione` is absent. */
    scaffale: optionalItemText,
    fornitore: optionalItemText,
    marca: optionalItemText,
    modello: optionalItemText,
    seriale: optionalItemText,
    checklist: optionalItemText,
    note: optionalItemText,
    immagine_url: optionalItemText,
    tipo_prestito: t.Optional(oneOf(LOAN_TYPES, "Tipo di prestito non valido")),
    /** Course names, the first one being the item's categoria_madre. */
    corsi_assegnati: t.Array(t.String({ error: "Assegna almeno un corso" }), {
      minItems: 1,
      error: "Assegna almeno un corso",
    }),
    /** Derived from the first course; accepted and ignored, as the spec's form sends it. */
    categoria_madre: t.Optional(t.Nullable(t.String({ error: "Categoria non valida" }))),
    categoria_id: t.Optional(
      t.Union([t.Integer({ minimum: 1 }), t.String({ pattern: "^([1-9][0-9]{0,8})?$" }), t.Null()], {
        error: "Categoria non valida",
      }),
    ),
    unita: t.Optional(t.Array(unitInput, { error: "Unità non valida" })),
    durata_massima_giorni: t.Optional(
      t.Union([t.Integer({ minimum: 1, maximum: 3650 }), t.Literal(""), t.Null()], {
        error: "La durata massima dell'articolo va da 1 a 3650 giorni (vuota = quella dell'accademia)",
      }),
    ),
  },
  { error: "Dati dell'articolo non validi" },
);

export const unitLostBody = t.Object(
  { perso: t.Boolean({ error: "Indica se l'unità è persa (perso: true o false)" }) },
  { error: "Indica se l'unità è persa (perso: true o false)" },
);

export const categoryBody = t.Object(
  { nome: t.String({ error: "Il nome della categoria è obbligatorio" }) },
  { error: "Il nome della categoria è obbligatorio" },
);

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

const unitState = t.UnionEnum(UNIT_STATES);

/**
 * A unit as its item carries it (`unita`): the spec's fields only. The item's id is the item's own, not
 * repeated on each of its units (about 8 % of the whole inventory's bytes).
 */
export const inventoryUnit = t.Object({
  id: answerInteger(),
  codice_univoco: t.String(),
  stato: unitState,
  /** The open loan holding the unit (started, else the next approved one); always null for a student. */
  prestito_corrente_id: t.Union([answerInteger(), t.Null()]),
  note: nullableText,
  numero_serie: nullableText,
  /** YYYY-MM-DD; null for a student. */
  data_acquisto: nullableText,
  /** In euros; null for a student. */
  valore: t.Union([t.Number(), t.Null()]),
});

export const inventoryItem = t.Object({
  id: answerInteger(),
  nome: t.String(),
  note: nullableText,
  posizione: nullableText,
  /** The old name of `posizione`, kept for the spec. */
  scaffale: nullableText,
  fornitore: nullableText,
  marca: nullableText,
  modello: nullableText,
  /** A serial of the whole item (older records); each unit has its own `numero_serie`. */
  seriale: nullableText,
  /** Accessories to check at hand-over and return, one per line. */
  checklist: nullableText,
  immagine_url: nullableText,
  tipo_prestito: t.UnionEnum(LOAN_TYPES),
  /** The item's own longest external loan in days; null = the academy's `durata_massima_giorni`. */
  durata_massima_giorni: t.Union([answerInteger(), t.Null()]),
  categoria_id: t.Union([answerInteger(), t.Null()]),
  /** "first course - simple category", as the spec's category column reads. */
  categoria_nome: nullableText,
  categoria_madre: nullableText,
  categoria_figlia: nullableText,
  corsi_assegnati: t.Array(t.String()),
  quantita_totale: answerInteger(),
  unita_disponibili: answerInteger(),
  stato_effettivo: t.UnionEnum(ITEM_STATES),
  /**
   * Free today: the last day a free unit stays free before its next booking (a loan may run to it); null
   * when a free unit has nothing booked ahead, or when no unit is free today.
   */
  libera_fino_al: t.Nullable(dayText),
  /** The first day from today on when a unit is free (today when one is); null when no end is known. */
  prossima_disponibilita: t.Nullable(dayText),
  hasMultipleUnits: t.Boolean(),
  data_aggiunta: dayText,
  unita: t.Array(inventoryUnit),
});

/**
 * A unit in the spec's whole inventory: the fields the spec's unit list names. Its notes, serial, purchase
 * date and value are on the item's own answer and the desk's pages.
 */
export const listedUnit = t.Pick(inventoryUnit, ["id", "codice_univoco", "stato", "prestito_corrente_id"]);

/**
 * An item of the spec's whole inventory (`GET /api/inventario` without `pagina`): the spec's fields and
 * when it is free. No screen reads the whole list; its clients (scripts, integrations, the spec's loan
 * wizard) read the spec's fields, and the rest of the desk's view cost a third of its bytes.
 */
export const wholeInventoryItem = t.Object({
  ...t.Omit(inventoryItem, ["fornitore", "marca", "modello", "checklist", "durata_massima_giorni", "unita"]).properties,
  unita: t.Array(listedUnit),
});

export const inventoryList = t.Union([t.Array(wholeInventoryItem), pagedAnswer(inventoryItem)]);

/**
 * An item of the catalogue (`GET /api/inventario/disponibili`): the spec's item as a student sees it, what
 * the catalogue's cards and the request wizard show. No units (a third of the inventory's bytes; the
 * wizard asks an item's bookable units when one is chosen), no supplier, checklist or loan length.
 */
export const catalogueItem = t.Omit(inventoryItem, [
  "fornitore",
  "checklist",
  "durata_massima_giorni",
  "hasMultipleUnits",
  "unita",
]);

export const catalogueList = listOrPage(catalogueItem);

export const inventorySummary = t.Object({
  articoli_totali: answerInteger(),
  unita_totali: answerInteger(),
  in_riparazione: answerInteger(),
  scorte_basse: answerInteger(),
});

/** A date range already taken on a unit: a pending request or an open loan (no names: students see these). */
export const bookedRange = t.Object({
  dal: dayText,
  al: dayText,
  tipo: t.UnionEnum(["richiesta", "prestito"]),
  /** An overdue loan keeps the unit until it comes back, whatever `al` says. */
  fino_alla_restituzione: t.Boolean(),
});

export const bookableUnit = t.Object({
  ...inventoryUnit.properties,
  /** Free today: the last day before its next booking (null: nothing booked ahead); not free today: null. */
  libera_fino_al: t.Nullable(dayText),
  /** The first day from today on when the unit is free; null when no end is known. */
  prossima_disponibilita: t.Nullable(dayText),
  prenotazioni: t.Array(bookedRange),
});

export const category = t.Object({ id: answerInteger(), nome: t.String() });
export const categoryWithCount = t.Object({ id: answerInteger(), nome: t.String(), oggetti: answerInteger() });
export const categoryDeleted = t.Object({ ...messageAnswer.properties, spostati: answerInteger() });

export type InventoryQuery = Static<typeof inventoryQuery>;
export type CatalogueQuery = Static<typeof catalogueQuery>;
export type ItemInput = Static<typeof itemBody>;
export type UnitInput = Static<typeof unitInput>;
export type CategoryInput = Static<typeof categoryBody>;
export type InventoryUnit = Static<typeof inventoryUnit>;
export type InventoryItem = Static<typeof inventoryItem>;
export type WholeInventoryItem = Static<typeof wholeInventoryItem>;
/** One item as `GET /api/inventario/:id` answers it: the same view as the list's. */
export type ItemDetails = InventoryItem;
export type CatalogueItem = Static<typeof catalogueItem>;
export type InventorySummary = Static<typeof inventorySummary>;
export type BookedRange = Static<typeof bookedRange>;
export type BookableUnit = Static<typeof bookableUnit>;
export type Category = Static<typeof category>;
export type CategoryWithCount = Static<typeof categoryWithCount>;
