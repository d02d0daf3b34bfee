import type { RepairState } from "../../../../../src/domain/repairs";
import type { UnitState } from "../../../../../src/domain/unit-state";
import type { InventoryItem } from "../../../api/inventario";
import { Badge } from "../../../components/report-badges";

export const REPAIR_STATE_LABELS: Record<RepairState, string> = {
  in_corso: "In Corso",
  completata: "Completata",
  annullata: "Annullata",
};

const REPAIR_STATE_COLORS: Record<RepairState, string> = {
  in_corso: "bg-amber-50 text-amber-800 ring-amber-600/20",
  completata: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  annullata: "bg-slate-100 text-slate-600 ring-slate-500/20",
};

export function RepairStateBadge({ value }: { value: RepairState }) {
  return (
    <Badge className={REPAIR_STATE_COLORS[value]} title="Stato">
      {REPAIR_STATE_LABELS[value]}
    </Badge>
  );
}

export const UNIT_STATE_LABELS: Record<UnitState, string> = {
  disponibile: "Disponibile",
  prestato: "In Prestito",
  riservato: "Prenotata",
  in_riparazione: "In Riparazione",
  perso: "Persa",
};

const UNIT_STATE_COLORS: Record<UnitState, string> = {
  disponibile: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  prestato: "bg-blue-50 text-blue-700 ring-blue-600/20",
  riservato: "bg-amber-50 text-amber-800 ring-amber-600/20",
  in_riparazione: "bg-orange-50 text-orange-700 ring-orange-600/20",
  perso: "bg-red-50 text-red-700 ring-red-600/20",
};

export function UnitStateBadge({ value }: { value: UnitState }) {
  return (
    <Badge className={UNIT_STATE_COLORS[value]} title="Stato unità">
      {UNIT_STATE_LABELS[value]}
    </Badge>
  );
}

/**
 * The server refuses a repair for a unit that is lost, already in repair, or out on a loan that has
 * started; a unit only booked for later can go (the desk is then told which bookings to move).
 */
export function canGoIntoRepair(state: UnitState): boolean {
  return state === "disponibile" || state === "riservato";
}

/** The item's units that can go into repair now. */
export function repairableUnits(item: InventoryItem) {
  return item.unita.filter((unit) => canGoIntoRepair(unit.stato));
}
