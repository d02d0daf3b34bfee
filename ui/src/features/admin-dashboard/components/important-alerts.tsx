import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { Alerts, LoanAlert, LowStockAlert } from "../../../api/avvisi";
import { useAlerts } from "../../../api/avvisi";
import { Alert } from "../../../components/alert";
import { daysLateText } from "../../../lib/dates";
import { AlertDetailModal, uncollectedSinceText } from "./alert-detail-modal";
import { ALERT_KINDS, type AlertKind, countOf, entriesOf } from "./alert-kinds";
import { type DueTodayAction, DueTodayDialog } from "./due-today-actions";

const SHOWN_PER_CARD = 3;

function entryLine(kind: AlertKind, entry: LowStockAlert | LoanAlert): { main: string; detail: string } {
  if (kind === "stock") {
    const item = entry as LowStockAlert;
    return { main: item.nome, detail: item.motivo };
  }
  const loan = entry as LoanAlert;
  if (kind === "late")
    return { main: loan.oggetto_nome, detail: `${loan.utente_nome} · ${daysLateText(loan.giorni_ritardo)}` };
  if (kind === "uncollected")
    return { main: loan.oggetto_nome, detail: `${loan.utente_nome} · ${uncollectedSinceText(loan.data_uscita)}` };
  return { main: loan.oggetto_nome, detail: loan.utente_nome };
}

/** Low stock, overdue loans, loans nobody collected, loans due today and tomorrow; shown only when there is something. */
export function ImportantAlerts() {
  const alerts = useAlerts({ limit: SHOWN_PER_CARD });
  const [open, setOpen] = useState<AlertKind | null>(null);
  const [acting, setActing] = useState<DueTodayAction | null>(null);

  if (alerts.isError) return <Alert tone="error">Errore nel caricamento avvisi</Alert>;
  if (!alerts.data || alerts.data.totale_avvisi <= 0) return null;
  const data: Alerts = alerts.data;

  return (
    <section
      aria-labelledby="alerts-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-4 flex items-center gap-2">
        <TriangleAlert className="size-5 text-amber-500" aria-hidden="true" />
        <h2 id="alerts-title" className="font-semibold text-slate-900">
          Avvisi Importanti
        </h2>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
          {data.totale_avvisi}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {ALERT_KINDS.map(({ kind, title, icon: Icon, tone, empty }) => {
          // The answer holds each kind's first entries only; the count is of all of them.
          const entries = entriesOf(data, kind).slice(0, SHOWN_PER_CARD);
          const count = countOf(data, kind);
          const hidden = count - entries.length;
          return (
            <div
              key={kind}
              className={`relative flex min-w-0 flex-col rounded-lg border p-4 transition-shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 has-[button:enabled]:hover:shadow-md ${
                // An empty card is quiet but still readable: neutral colours, not a faded tone.
                entries.length === 0 ? "border-slate-200 bg-slate-50 text-slate-600" : tone
              }`}
            >
              {/* The heading button stretches over the whole card, so a click anywhere opens the list. */}
              <button
                type="button"
                disabled={count === 0}
                onClick={() => setOpen(kind)}
                className="flex items-center justify-between gap-2 text-left after:absolute after:inset-0 after:rounded-lg enabled:cursor-pointer focus-visible:outline-none disabled:cursor-default"
              >
                <span className="flex min-w-0 items-center gap-2 leading-tight font-semibold">
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span>{title}</span>
                </span>
                <span className="shrink-0 text-lg font-bold tabular-nums">{count}</span>
              </button>
              {entries.length === 0 ? (
                <span className="mt-2 text-xs">{empty}</span>
              ) : (
                <span className="mt-2 block space-y-1.5">
                  {entries.map((entry) => {
                    const line = entryLine(kind, entry);
                    return (
                      <span key={entry.id} className="block min-w-0 text-xs">
                        <span className="block truncate font-medium text-slate-800">{line.main}</span>
                        <span className="block text-slate-600">{line.detail}</span>
                      </span>
                    );
                  })}
                  {hidden > 0 && <span className="block text-xs font-semibold">+{hidden} altri</span>}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {open && (
        <AlertDetailModal
          kind={open}
          onClose={() => setOpen(null)}
          onDueTodayAction={(action) => {
            setOpen(null);
            setActing(action);
          }}
        />
      )}
      {acting && <DueTodayDialog action={acting} onClose={() => setActing(null)} />}
    </section>
  );
}
