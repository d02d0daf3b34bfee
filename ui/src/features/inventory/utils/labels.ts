import type { StockLevel } from "../../../../../src/domain/stock-level";
import type { ItemState, UnitState } from "../../../../../src/domain/unit-state";
import type { SortField } from "./filters";

export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  disponibile: "Disponibile",
  in_prestito: "In Prestito",
  in_riparazione: "In Riparazione",
  non_disponibile: "Non Disponibile",
  perso: "Perso",
};

export const UNIT_STATE_LABELS: Record<UnitState, string> = {
  disponibile: "Disponibile",
  prestato: "In Prestito",
  riservato: "Riservato",
  in_riparazione: "In Riparazione",
  perso: "Perso",
};

export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = {
  esaurito: "Esaurito",
  attenzione: "Ultima unità",
  scarseggia: "Scarseggia",
  si_sta_esaurendo: "Si sta esaurendo",
};

export const SORT_FIELD_LABELS: Record<SortField, string> = {
  nome: "Nome",
  seriale: "Numero di serie",
  categoria: "Categoria",
  data_aggiunta: "Data di aggiunta",
};
