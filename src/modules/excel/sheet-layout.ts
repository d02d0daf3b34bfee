import type { InventoryItem, InventoryUnit } from "../inventory/model";

/** The inventory spreadsheet's layout, shared by the export (which writes it) and the import (which reads it). */
export const ITEM_COLUMNS = [
  "ID",
  "Nome",
  "Categoria",
  "Corsi Assegnati",
  "Posizione",
  "Fornitore",
  "Tipo Prestito",
  "Note",
  "Immagine URL",
  "Quantità Totale",
  "Unità Disponibili",
  "Codici Unità",
  "Data Aggiunta",
  "Accessori",
] as const;
export const UNIT_COLUMNS = ["Codice", "Articolo", "Stato", "Note"] as const;

/** The item's brand and model, after the spec's columns (written when some item has one). */
export const ITEM_IDENTITY_COLUMNS = [
  { heading: "Marca", value: (item: InventoryItem) => item.marca },
  { heading: "Modello", value: (item: InventoryItem) => item.modello },
];

/** Each unit's own identity, after the spec's unit columns (written when some unit has it). */
export const UNIT_IDENTITY_COLUMNS = [
  { heading: "Numero di serie", value: (unit: InventoryUnit) => unit.numero_serie },
  { heading: "Data acquisto", value: (unit: InventoryUnit) => unit.data_acquisto },
  { heading: "Valore (€)", value: (unit: InventoryUnit) => unit.valore },
];
export const ITEMS_SHEET = "Inventario";
export const UNITS_SHEET = "Unità";

/** Excel refuses a cell longer than this. */
export const EXCEL_CELL_LIMIT = 32_767;

/** What the "Codici Unità" cell says when an item's codes would not fit in it (the Unità sheet lists them). */
export const CODES_IN_UNIT_SHEET = 'codici: elenco nel foglio "Unità"';
export const CODES_COUNT_CELL = new RegExp(`^\\d+ ${CODES_IN_UNIT_SHEET}$`);

/** A list cell ("a, b; c" or one per line) as its trimmed, non-empty parts. */
export const splitList = (value: unknown) =>
  String(value ?? "")
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
