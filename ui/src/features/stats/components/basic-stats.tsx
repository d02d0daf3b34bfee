import { ClipboardList, type LucideIcon, Package, RefreshCw, Repeat, Users } from "lucide-react";
import { type BasicCounts, useBasicStats } from "../../../api/stats";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { LoadingState } from "../../../components/spinner";
import { STATS_LOAD_ERROR } from "./stats-messages";

const TILES: { key: keyof BasicCounts; label: string; icon: LucideIcon; color: string }[] = [
  { key: "totale_articoli", label: "Articoli totali", icon: Package, color: "bg-indigo-50 text-indigo-600" },
  { key: "utenti_registrati", label: "Utenti registrati", icon: Users, color: "bg-sky-50 text-sky-600" },
  { key: "richieste_totali", label: "Richieste totali", icon: ClipboardList, color: "bg-violet-50 text-violet-600" },
  { key: "prestiti_attivi", label: "Prestiti attivi", icon: Repeat, color: "bg-emerald-50 text-emerald-600" },
];

const numberFormat = new Intl.NumberFormat("it-IT");

/** The four headline counters, as they are now. */
export function BasicStats() {
  const stats = useBasicStats();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">Situazione attuale del servizio prestiti.</p>
        <Button
          variant="secondary"
          icon={RefreshCw}
          busy={stats.isFetching}
          onClick={() => stats.refetch()}
          className="py-2"
        >
          Aggiorna
        </Button>
      </div>
      {stats.isPending && <LoadingState label="Caricamento statistiche..." />}
      {stats.isError && <Alert tone="error">{STATS_LOAD_ERROR}</Alert>}
      {stats.data && (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {TILES.map(({ key, label, icon: Icon, color }) => (
            <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              {/* The icon sits inside the term: a <dl> group may hold only <dt> and <dd>. */}
              <dt className="text-sm text-slate-500">
                <span className={`mb-3 flex size-10 items-center justify-center rounded-lg ${color}`}>
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {label}
              </dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums sm:text-3xl">
                {numberFormat.format(stats.data[key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
