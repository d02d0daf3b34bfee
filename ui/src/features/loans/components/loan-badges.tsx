import { LOAN_STATE, REQUEST_STATE } from "../../../../../src/domain/bookings";
import { PenaltyStandingBadge } from "../../../components/penalty-standing-badge";

const BADGE =
  "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset";

/** A loan or request state. "completato" and "restituito" both read "Completato"; unknown looks pending. */
const STATUS: Record<string, { label: string; tone: string }> = {
  [REQUEST_STATE.pending]: { label: "In Attesa", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  [LOAN_STATE.active]: { label: "Attivo", tone: "bg-emerald-50 text-emerald-700 ring-emerald-200" },
  [LOAN_STATE.overdue]: { label: "Scaduto", tone: "bg-red-50 text-red-700 ring-red-200" },
  [LOAN_STATE.returned]: { label: "Completato", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
  da_ritirare: { label: "Da ritirare", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  annullato: { label: "Annullato", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
  completato: { label: "Completato", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
  [REQUEST_STATE.approved]: { label: "Approvata", tone: "bg-emerald-50 text-emerald-700 ring-emerald-200" },
  [REQUEST_STATE.refused]: { label: "Rifiutata", tone: "bg-red-50 text-red-700 ring-red-200" },
  [REQUEST_STATE.cancelled]: { label: "Annullata", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
};

export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = STATUS[status] ?? (STATUS[REQUEST_STATE.pending] as { label: string; tone: string });
  return <span className={`${BADGE} ${tone}`}>{label}</span>;
}

/** A borrower's strikes or block; in a loan's row the badge neither shrinks nor wraps. */
export function StrikeBadge({ strikes, blocked }: { strikes: number; blocked: boolean }) {
  return <PenaltyStandingBadge strikes={strikes} blocked={blocked} className="shrink-0 whitespace-nowrap" />;
}
