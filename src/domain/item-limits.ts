import { MAX_UNIT_CODE_LENGTH } from "./unit-codes";

/**
 * Longest text each item field takes, on the server and in the item wizard alike. The spreadsheet import
 * applies the same limits, so an imported item stays editable.
 */
export const ITEM_TEXT_LIMITS = {
  nome: 200,
  posizione: 200,
  fornitore: 200,
  marca: 200,
  modello: 200,
  seriale: 200,
  numeroSerie: 200,
  checklist: 2000,
  note: 4000,
  immagineUrl: 2000,
  codice: MAX_UNIT_CODE_LENGTH,
  notaUnita: 1000,
  categoria: 100,
} as const;
