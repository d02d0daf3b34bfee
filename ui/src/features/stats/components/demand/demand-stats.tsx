import { FileSpreadsheet, FileText, LineChart, Table2 } from "lucide-react";
import { useId, useState } from "react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import {
  type DemandItem,
  downloadDemandReport,
  type DemandFilters as Filters,
  useDemandItemWeeks,
  useDemandReport,
} from "../../../../api/demand-report";
import { Alert } from "../../../../components/alert";
import { DownloadButton } from "../../../../components/download-button";
import { EmptyState } from "../../../../components/empty-state";
import { LoadFailure } from "../../../../components/load-failure";
import { LoadingState } from "../../../../components/spinner";
import { StatsCard } from "../stats-card";
import { DemandFilters } from "./demand-filters";
import { HardlyUsed, ToBuy, ToMove } from "./demand-sections";
import { DemandTable } from "./demand-table";
import { DemandWeekChart } from "./demand-week-chart";

const NO_FILTERS: Filters = { dal: "", al: "", corso: "", categoria: "" };
const EXPORT_FAILED = "Errore durante l'esportazione del rapporto";

/**
 * The demand report: what was asked and not met per item, what to buy, what sits idle and what to move,
 * one item's weeks as a chart, and the export of the whole to Excel or CSV with the same filters.
 */
export function DemandStats() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const report = useDemandReport(filters);
  const data = report.data;
  return (
    <div className="space-y-4">
      <DemandFilters filters={filters} shownPeriod={data ?? null} onChange={setFilters} />
      <div className="flex flex-wrap items-center gap-2">
        <DownloadButton
          label="Esporta Excel"
          icon={FileSpreadsheet}
          download={() => downloadDemandReport(filters, "xlsx")}
          fallbackError={EXPORT_FAILED}
        />
        <DownloadButton
          label="Esporta CSV"
          icon={FileText}
          download={() => downloadDemandReport(filters, "csv")}
          fallbackError={EXPORT_FAILED}
        />
      </div>
      {report.isError && <LoadFailure onRetry={() => report.refetch()}>{report.error.message}</LoadFailure>}
      {report.isPending ? (
        <LoadingState label="Caricamento rapporto sulla domanda..." />
      ) : (
        data && (
          <>
            <StatsCard
              title="Domanda per articolo"
              icon={Table2}
              stale={report.isPlaceholderData}
              aside={
                <p className="text-sm text-slate-500">
                  Dal {formatItalianDate(data.dal)} al {formatItalianDate(data.al)}
                </p>
              }
            >
              {data.articoli.length === 0 ? (
                <EmptyState
                  icon={Table2}
                  title="Nessuna richiesta nel periodo"
                  text="Prova con un periodo più lungo o togli i filtri di corso e categoria."
                />
              ) : (
                <DemandTable items={data.articoli} />
              )}
            </StatsCard>
            {data.articoli.length > 0 && (
              <WeeksCard items={data.articoli} filters={filters} stale={report.isPlaceholderData} />
            )}
            <div className="space-y-4">
              <ToBuy rows={data.da_acquistare} />
              <HardlyUsed rows={data.poco_usati} total={data.poco_usati_totale} />
              <ToMove rows={data.da_spostare} />
            </div>
          </>
        )
      )}
    </div>
  );
}

/** The items the chart offers: the most unmet first, as the table ranks them; a picker of thousands helps nobody. */
const CHARTED_ITEMS = 100;

/**
 * The chart of one item at a time, the most unmet first: a chart per item would make the page endless. The
 * item's weeks are asked when it is chosen.
 */
function WeeksCard({ items, filters, stale }: { items: DemandItem[]; filters: Filters; stale: boolean }) {
  const selectId = useId();
  const hintId = useId();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const offered = items.slice(0, CHARTED_ITEMS);
  const item = offered.find((candidate) => candidate.inventario_id === chosenId) ?? offered[0];
  const weeks = useDemandItemWeeks(filters, item?.inventario_id ?? 0);
  if (!item) return null;
  return (
    <StatsCard title="Domanda e capacità per settimana" icon={LineChart} stale={stale || weeks.isPlaceholderData}>
      <div className="mb-3 max-w-md">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Articolo
        </label>
        <select
          id={selectId}
          value={item.inventario_id}
          aria-describedby={items.length > CHARTED_ITEMS ? hintId : undefined}
          onChange={(event) => setChosenId(Number(event.target.value))}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        >
          {offered.map((candidate) => (
            <option key={candidate.inventario_id} value={candidate.inventario_id}>
              {candidate.nome}
            </option>
          ))}
        </select>
        {items.length > CHARTED_ITEMS && (
          <p id={hintId} className="mt-1.5 text-xs text-slate-500">
            I {CHARTED_ITEMS} articoli con più giorni non soddisfatti, come nella tabella.
          </p>
        )}
      </div>
      {weeks.isError ? (
        <Alert tone="error">{weeks.error.message}</Alert>
      ) : weeks.data ? (
        <DemandWeekChart item={weeks.data} />
      ) : (
        <LoadingState label="Caricamento settimane..." />
      )}
    </StatsCard>
  );
}
