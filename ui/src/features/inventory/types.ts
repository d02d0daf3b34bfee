import type { LoanType } from "../../../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../../../src/domain/unit-state";

/** A unit of an item as the administrator's inventory shows it. */
export interface InventoryUnit {
  id: number;
  codice_univoco: string;
  stato: UnitState;
  /** The open loan holding the unit, for the loan-details view. */
  prestito_corrente_id: number | null;
  note: string | null;
}

export interface InventoryItem {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  fornitore: string | null;
  seriale: string | null;
  /** Accessories to check at hand-over and return, one per line. */
  checklist: string | null;
  immagine_url: string | null;
  tipo_prestito: LoanType;
  categoria_id: number | null;
  /** "madre - figlia": the first assigned course, then the simple category. */
  categoria_nome: string | null;
  categoria_madre: string | null;
  categoria_figlia: string | null;
  corsi_assegnati: string[];
  quantita_totale: number;
  unita_disponibili: number;
  stato_effettivo: ItemState;
  hasMultipleUnits: boolean;
  data_aggiunta: string;
  unita: InventoryUnit[];
}

export interface Course {
  id: number;
  nome: string;
}
