import { LOAN_TYPE_LABELS, type LoanType } from "../../../../../src/domain/loan-types";
import type { StockLevel } from "../../../../../src/domain/stock-level";
import type { ItemState, UnitState } from "../../../../../src/domain/unit-state";
import { ITEM_STATE_LABELS, STOCK_LEVEL_LABELS, UNIT_STATE_LABELS } from "../utils/labels";

const BADGE =
  "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap";

const UNIT_COLORS: Record<UnitState, string> = {
  disponibile: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  prestato: "bg-sky-50 text-sky-700 ring-sky-600/20",
  riservato: "bg-violet-50 text-violet-700 ring-violet-600/20",
  in_riparazione: "bg-orange-50 text-orange-700 ring-orange-600/20",
  perso: "bg-red-50 text-red-700 ring-red-600/20",
};

const ITEM_COLORS: Record<ItemState, string> = {
  disponibile: UNIT_COLORS.disponibile,
  in_prestito: UNIT_COLORS.prestato,
  in_riparazione: UNIT_COLORS.in_riparazione,
  non_disponibile: "bg-slate-100 text-slate-600 ring-slate-500/20",
  perso: UNIT_COLORS.perso,
};

const STOCK_COLORS: Record<StockLevel, string> = {
  esaurito: "bg-red-50 text-red-700 ring-red-600/20",
  attenzione: "bg-amber-50 text-amber-800 ring-amber-600/20",
  scarseggia: "bg-orange-50 text-orange-700 ring-orange-600/20",
  si_sta_esaurendo: "bg-yellow-50 text-yellow-800 ring-yellow-600/20",
};

const LOAN_TYPE_COLORS: Record<LoanType, string> = {
  solo_esterno: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  solo_interno: "bg-teal-50 text-teal-700 ring-teal-600/20",
  entrambi: "bg-fuchsia-50 text-fuchsia-700 ring-fuchsia-600/20",
};

export function UnitStateBadge({ state }: { state: UnitState }) {
  return <span className={`${BADGE} ${UNIT_COLORS[state]}`}>{UNIT_STATE_LABELS[state]}</span>;
}

export function ItemStateBadge({ state }: { state: ItemState }) {
  return <span className={`${BADGE} ${ITEM_COLORS[state]}`}>{ITEM_STATE_LABELS[state]}</span>;
}

export function StockLevelBadge({ level }: { level: StockLevel }) {
  return <span className={`${BADGE} ${STOCK_COLORS[level]}`}>{STOCK_LEVEL_LABELS[level]}</span>;
}

export function LoanTypeBadge({ type }: { type: LoanType }) {
  return <span className={`${BADGE} ${LOAN_TYPE_COLORS[type]}`}>{LOAN_TYPE_LABELS[type]}</span>;
}
