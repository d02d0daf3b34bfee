import type { LoanType } from "../../../../../src/domain/loan-types";
import { defaultUnitCode, defaultUnitCodes, MAX_UNITS_PER_ITEM } from "../../../../../src/domain/unit-codes";
import type { UnitState } from "../../../../../src/domain/unit-state";
import type { InventoryItem, ItemPayload } from "../../../api/inventario";

export type WizardMode = "create" | "edit";

export const WIZARD_STEPS = [
  "Informazioni Base",
  "Descrizione e Immagine",
  "Tipo di Utilizzo",
  "Corsi e Categoria",
  "Codici Univoci",
] as const;

export interface UnitDraft {
  /** Present for a unit that already exists: the server keeps it (and its history) by this id. */
  id?: number;
  /** The state of an existing unit, shown next to its code. */
  stato?: UnitState;
  codice_univoco: string;
  note: string;
  /** The unit's own identity, as typed; absent on a new unit until typed (the server then stores none). */
  numero_serie?: string;
  /** YYYY-MM-DD, "" for none. */
  data_acquisto?: string;
  /** The purchase date field holds text that is no date: the form may not be saved until it is fixed. */
  purchaseDateInvalid?: boolean;
  /** In euros, as typed ("" for none). */
  valore?: string;
}

export interface ItemForm {
  nome: string;
  /** Text, so the field may be empty while the user types a new number. */
  quantity: string;
  posizione: string;
  fornitore: string;
  marca: string;
  modello: string;
  seriale: string;
  /** Accessories to check at hand-over and return, one per line. */
  checklist: string;
  note: string;
  immagine_url: string;
  tipo_prestito: LoanType;
  /** In the order chosen: the first is the item's categoria_madre. */
  corsi_assegnati: string[];
  /** A category id as text, "" for none. */
  categoria_id: string;
  unita: UnitDraft[];
}

const REQUIRED_FIELDS = "Compila tutti i campi obbligatori";

export function emptyForm(): ItemForm {
  return {
    nome: "",
    quantity: "1",
    posizione: "",
    fornitore: "",
    marca: "",
    modello: "",
    seriale: "",
    checklist: "",
    note: "",
    immagine_url: "",
    tipo_prestito: "solo_esterno",
    corsi_assegnati: [],
    categoria_id: "",
    unita: defaultUnitCodes("", 1).map((code) => ({ codice_univoco: code, note: "" })),
  };
}

export function formFromItem(item: InventoryItem): ItemForm {
  return {
    nome: item.nome,
    quantity: String(item.unita.length),
    posizione: item.posizione ?? "",
    fornitore: item.fornitore ?? "",
    marca: item.marca ?? "",
    modello: item.modello ?? "",
    seriale: item.seriale ?? "",
    checklist: item.checklist ?? "",
    note: item.note ?? "",
    immagine_url: item.immagine_url ?? "",
    tipo_prestito: item.tipo_prestito,
    corsi_assegnati: [...item.corsi_assegnati],
    categoria_id: item.categoria_id === null ? "" : String(item.categoria_id),
    unita: item.unita.map((unit) => ({
      id: unit.id,
      stato: unit.stato,
      codice_univoco: unit.codice_univoco,
      note: unit.note ?? "",
      // Only what the unit has: a field it lacks stays out of the form's answer until typed.
      ...(unit.numero_serie !== null && { numero_serie: unit.numero_serie }),
      ...(unit.data_acquisto !== null && { data_acquisto: unit.data_acquisto }),
      ...(unit.valore !== null && { valore: String(unit.valore) }),
    })),
  };
}

/** The typed quantity, or 0 while the field is empty. */
export function quantityOf(form: ItemForm): number {
  return form.quantity === "" ? 0 : Number(form.quantity);
}

/** Shown under the quantity when a typed value was ignored. */
export const QUANTITY_HINT = `Da 1 a ${MAX_UNITS_PER_ITEM} unità: un valore diverso viene ignorato.`;

/**
 * The quantity field accepts an empty entry (while typing) or a whole number from 1 to the server's
 * most units per item; anything else is ignored and the previous value stays.
 */
export function acceptQuantity(previous: string, typed: string): string {
  if (typed === "") return "";
  const value = Number(typed);
  return Number.isInteger(value) && value >= 1 && value <= MAX_UNITS_PER_ITEM ? String(value) : previous;
}

/**
 * The unit list for the form's name and quantity. On creation every code is regenerated
 * (NAME_001, NAME_002, …). On editing the existing units stay as they are, with their ids; only new
 * units get default codes, numbered after the existing ones without reusing a code.
 */
export function regenerateUnits(form: ItemForm, mode: WizardMode): UnitDraft[] {
  const count = quantityOf(form);
  if (count < 1) return form.unita;
  if (mode === "create") {
    return defaultUnitCodes(form.nome, count).map((code, index) => ({
      codice_univoco: code,
      note: form.unita[index]?.note ?? "",
    }));
  }
  const existing = form.unita.filter((unit) => unit.id !== undefined);
  if (count <= existing.length) return existing.slice(0, count);
  const added: UnitDraft[] = [];
  const used = new Set(existing.map((unit) => unit.codice_univoco.toUpperCase()));
  for (let sequence = 1; existing.length + added.length < count; sequence++) {
    const code = defaultUnitCode(form.nome, sequence);
    if (used.has(code.toUpperCase())) continue;
    used.add(code.toUpperCase());
    added.push({ codice_univoco: code, note: "" });
  }
  return [...existing, ...added];
}

/** A unit added by hand on the last step: the next free default code. */
export function appendUnit(form: ItemForm): UnitDraft[] {
  const used = new Set(form.unita.map((unit) => unit.codice_univoco.toUpperCase()));
  let sequence = form.unita.length + 1;
  while (used.has(defaultUnitCode(form.nome, sequence).toUpperCase())) sequence++;
  return [...form.unita, { codice_univoco: defaultUnitCode(form.nome, sequence), note: "" }];
}

/**
 * Why the wizard may not move on from `step` (1-based), said beside the disabled button; null when it
 * may. Steps 2 and 3 have nothing required.
 */
export function stepProblem(form: ItemForm, step: number): string | null {
  if (step === 1 && form.nome.trim() === "") return "Inserisci il nome per continuare.";
  if (step === 1 && quantityOf(form) < 1) return "Indica quante unità ci sono per continuare.";
  if (step === 4 && form.corsi_assegnati.length === 0) return "Scegli almeno un corso per continuare.";
  if (step === 5 && form.unita.length === 0) return "Aggiungi almeno un'unità per salvare.";
  if (step === 5) return unitDateProblem(form);
  return null;
}

/** The first unit whose purchase date, as typed, is no date: saving would drop what the user sees. */
function unitDateProblem(form: ItemForm): string | null {
  const position = form.unita.findIndex((unit) => unit.purchaseDateInvalid);
  return position < 0 ? null : `Correggi la data di acquisto dell'unità ${position + 1} per salvare.`;
}

/** The message that stops saving, or null when everything required is there. */
export function saveProblem(form: ItemForm): string | null {
  const complete =
    form.nome.trim() !== "" &&
    quantityOf(form) > 0 &&
    form.unita.length > 0 &&
    form.unita.every((unit) => unit.codice_univoco.trim() !== "");
  return complete ? unitDateProblem(form) : REQUIRED_FIELDS;
}

export function toPayload(form: ItemForm): ItemPayload {
  return {
    nome: form.nome.trim(),
    quantita_totale: form.unita.length,
    posizione: form.posizione,
    fornitore: form.fornitore,
    // Left out when blank: the server stores none either way, and a form without them sends what it always sent.
    ...(form.marca.trim() && { marca: form.marca }),
    ...(form.modello.trim() && { modello: form.modello }),
    seriale: form.seriale,
    checklist: form.checklist,
    note: form.note,
    immagine_url: form.immagine_url.trim(),
    tipo_prestito: form.tipo_prestito,
    corsi_assegnati: form.corsi_assegnati,
    categoria_madre: form.corsi_assegnati[0] ?? "",
    categoria_id: form.categoria_id === "" ? null : Number(form.categoria_id),
    unita: form.unita.map((unit) => ({
      ...(unit.id !== undefined && { id: unit.id }),
      codice_univoco: unit.codice_univoco.trim(),
      note: unit.note,
      ...(unit.numero_serie !== undefined && { numero_serie: unit.numero_serie }),
      ...(unit.data_acquisto !== undefined && { data_acquisto: unit.data_acquisto || null }),
      ...(unit.valore !== undefined && { valore: unit.valore.trim() || null }),
    })),
  };
}
