import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import { euroAmount, MAX_UNIT_VALUE, purchaseDate } from "../../domain/unit-identity";
import { badRequest } from "../../http/errors";
import { optionalText } from "../text-fields";
import type { UnitInput } from "./model";

/** A unit's own serial, purchase date and value, as stored; a field the form left out is absent (kept as it is). */
export interface UnitIdentity {
  numeroSerie?: string | null;
  dataAcquisto?: string | null;
  valore?: number | null;
}

/** The identity fields a unit of an item's form carries, checked; those it leaves out stay out. */
export function unitIdentity(unit: Exclude<UnitInput, string>): UnitIdentity {
  const identity: UnitIdentity = {};
  if (unit.numero_serie !== undefined)
    identity.numeroSerie = optionalText(unit.numero_serie, ITEM_TEXT_LIMITS.numeroSerie);
  if (unit.data_acquisto !== undefined) {
    const date = purchaseDate(unit.data_acquisto);
    if (date === undefined) throw badRequest(`Data di acquisto non valida per l'unità ${unit.codice_univoco}`);
    identity.dataAcquisto = date;
  }
  if (unit.valore !== undefined) {
    const value = euroAmount(unit.valore);
    if (value === undefined)
      throw badRequest(`Valore non valido per l'unità ${unit.codice_univoco} (da 0 a ${MAX_UNIT_VALUE} euro)`);
    identity.valore = value;
  }
  return identity;
}
