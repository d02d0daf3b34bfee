const STATUS: Record<string, { label: string; tone: string }> = {
  in_attesa: { label: "In Attesa", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  approvata: { label: "Approvata", tone: "bg-emerald-50 text-emerald-700 ring-emerald-200" },
  rifiutata: { label: "Rifiutata", tone: "bg-red-50 text-red-700 ring-red-200" },
  annullata: { label: "Annullata", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
};

/** The state of a request; an unknown one looks pending. */
export function RequestStatusBadge({ status }: { status: string }) {
  const { label, tone } = STATUS[status] ?? (STATUS.in_attesa as { label: string; tone: string });
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}
