import type { UseQueryResult } from "@tanstack/react-query";
import { BarChart3, GraduationCap, Layers, Package, TrendingUp, Users } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import {
  type StatsPeriod,
  type TopItem,
  type TrendBucket,
  useCategoryDistribution,
  useRequestTrend,
  useTopDepartments,
  useTopItems,
  useTopUsers,
} from "../../../api/stats";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { LoadingState } from "../../../components/spinner";
import { DEFAULT_STATS_PERIOD, STATS_PERIODS } from "../stats-period";
import { RankedCard } from "./ranked-list";
import { StatsCard } from "./stats-card";
import { STATS_LOAD_ERROR } from "./stats-messages";
import { bucketTitle } from "./trend-labels";

// The chart library is only downloaded when this tab is first shown.
const RequestTrendChart = lazy(() =>
  import("./request-trend-chart").then((module) => ({ default: module.RequestTrendChart })),
);

/** Trends and top-five lists over a chosen period. */
export function AdvancedStats() {
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const periodId = useId();
  const trend = useRequestTrend(period);
  const categories = useCategoryDistribution(period);
  const users = useTopUsers(period);
  const items = useTopItems(period);
  const departments = useTopDepartments(period);

  const queries: UseQueryResult<unknown>[] = [trend, categories, users, items, departments];
  const failed = queries.filter((query) => query.isError);
  const periodLabel = STATS_PERIODS.find((option) => option.value === period)?.label ?? "";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={periodId} className="text-sm font-medium text-slate-700">
            Periodo
          </label>
          <select
            id={periodId}
            value={period}
            onChange={(event) => setPeriod(Number(event.target.value) as StatsPeriod)}
            className="rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          >
            {STATS_PERIODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {failed.length > 0 && (
        <LoadFailure
          onRetry={() => {
            for (const query of failed) query.refetch();
          }}
        >
          {STATS_LOAD_ERROR}
        </LoadFailure>
      )}

      <StatsCard
        title="Andamento richieste"
        icon={TrendingUp}
        aside={
          trend.data && (
            <p className="text-sm text-slate-500">
              {periodLabel}: <span className="font-semibold text-slate-900">{total(trend.data)}</span> richieste
            </p>
          )
        }
      >
        <TrendContent query={trend} period={period} />
      </StatsCard>

      <div className="grid gap-4 lg:grid-cols-2">
        <RankedCard
          title="Distribuzione per categoria"
          icon={Layers}
          label="Categorie più richieste"
          query={categories}
          toEntry={(share) => ({ key: share.categoria, name: share.categoria, count: share.count })}
        />
        <RankedCard
          title="Utenti più attivi"
          icon={Users}
          query={users}
          toEntry={(user) => ({
            key: user.id,
            name: `${user.name} ${user.surname}`,
            detail: user.corso_accademico ?? "Nessun corso",
            count: user.count,
          })}
        />
        <RankedCard
          title="Articoli più richiesti"
          icon={Package}
          query={items}
          toEntry={(item) => ({ key: item.id, name: item.nome, detail: itemCategory(item), count: item.count })}
        />
        <RankedCard
          title="Corsi più attivi"
          icon={GraduationCap}
          query={departments}
          toEntry={(department) => ({
            key: department.corso_accademico,
            name: department.corso_accademico,
            detail: department.studenti === 1 ? "1 studente" : `${department.studenti} studenti`,
            count: department.count,
          })}
        />
      </div>
    </div>
  );
}

/** "Fotografia · Obiettivi"; a child named like its parent is said once. */
function itemCategory(item: TopItem) {
  const names = new Set([item.categoria_madre, item.categoria_figlia].filter((name) => name));
  return [...names].join(" · ") || "Nessuna categoria";
}

function total(buckets: TrendBucket[]) {
  return buckets.reduce((sum, bucket) => sum + bucket.count, 0);
}

function TrendContent({ query, period }: { query: UseQueryResult<TrendBucket[]>; period: StatsPeriod }) {
  if (query.isPending) return <LoadingState label="Caricamento andamento..." />;
  if (!query.data) return <p className="py-6 text-center text-sm text-slate-500">Dati non disponibili</p>;
  if (total(query.data) === 0) return <EmptyState icon={BarChart3} title="Nessun dato disponibile" />;
  return (
    <>
      <Suspense fallback={<div className="h-[260px]" />}>
        <div aria-hidden="true">
          <RequestTrendChart data={query.data} period={period} />
        </div>
      </Suspense>
      {/* The same figures as a table, for screen readers. */}
      <table className="sr-only">
        <caption>Richieste per periodo</caption>
        <thead>
          <tr>
            <th scope="col">Periodo</th>
            <th scope="col">Richieste</th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((bucket) => (
            <tr key={bucket.inizio}>
              <th scope="row">{bucketTitle(bucket.label, period)}</th>
              <td>{bucket.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
