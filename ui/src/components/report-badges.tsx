import { type Priority, REPORT_STATE_LABELS, type ReportState, type ReportType } from "../../../src/domain/repairs";

export { REPORT_STATE_LABELS };

// The Italian names and colours of fault-report types, states and of priorities (a repair's priority and
// a report's urgency share one scale), so every screen shows them alike.

export const PRIORITY_LABELS: Record<Priority, string> = {
  bassa: "Bassa",
  media: "Media",
  alta: "Alta",
  critica: "Critica",
};

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  guasto: "Guasto",
  danneggiamento: "Danneggiamento",
  malfunzionamento: "Malfunzionamento",
  perdita: "Perdita",
};

const PRIORITY_COLORS: Record<Priority, string> = {
  bassa: "bg-slate-100 text-slate-700 ring-slate-500/20",
  media: "bg-blue-50 text-blue-700 ring-blue-600/20",
  alta: "bg-orange-50 text-orange-700 ring-orange-600/20",
  critica: "bg-red-50 text-red-700 ring-red-600/20",
};

/** The look of a chosen priority in a form, matching its badge. */
export const PRIORITY_SELECTED_COLORS: Record<Priority, string> = {
  bassa: "border-slate-400 bg-slate-100 text-slate-800",
  media: "border-blue-500 bg-blue-50 text-blue-700",
  alta: "border-orange-500 bg-orange-50 text-orange-700",
  critica: "border-red-500 bg-red-50 text-red-700",
};

const REPORT_TYPE_COLORS: Record<ReportType, string> = {
  guasto: "bg-violet-50 text-violet-700 ring-violet-600/20",
  danneggiamento: "bg-amber-50 text-amber-800 ring-amber-600/20",
  malfunzionamento: "bg-sky-50 text-sky-700 ring-sky-600/20",
  perdita: "bg-rose-50 text-rose-700 ring-rose-600/20",
};

const REPORT_STATE_COLORS: Record<ReportState, string> = {
  aperta: "bg-amber-50 text-amber-800 ring-amber-600/20",
  in_corso: "bg-blue-50 text-blue-700 ring-blue-600/20",
  risolta: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  chiusa: "bg-slate-100 text-slate-600 ring-slate-500/20",
};

/** A small coloured label; `title` says what the value is (e.g. "Urgenza") for pointer and screen readers. */
export function Badge({ className, title, children }: { className: string; title?: string; children: string }) {
  return (
    <span
      title={title}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${className}`}
    >
      {title && <span className="sr-only">{title}: </span>}
      {children}
    </span>
  );
}

/** A repair's priority or a report's urgency: bassa gray, media blue, alta orange, critica red. */
export function PriorityBadge({ value, title = "Priorità" }: { value: Priority; title?: string }) {
  return (
    <Badge className={PRIORITY_COLORS[value]} title={title}>
      {PRIORITY_LABELS[value]}
    </Badge>
  );
}

export function ReportTypeBadge({ value }: { value: ReportType }) {
  return (
    <Badge className={REPORT_TYPE_COLORS[value]} title="Tipo">
      {REPORT_TYPE_LABELS[value]}
    </Badge>
  );
}

export function ReportStateBadge({ value }: { value: ReportState }) {
  return (
    <Badge className={REPORT_STATE_COLORS[value]} title="Stato">
      {REPORT_STATE_LABELS[value]}
    </Badge>
  );
}
