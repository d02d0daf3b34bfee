import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "../../../../components/empty-state";
import { ItemLink } from "../../../../components/entity-links";
import { ShowMore, useShownCount } from "../../../../components/show-more";
import { StatsCard } from "../stats-card";

/** Each ranking opens on its first ten, the strongest cases; "Mostra altri" adds ten more. */
const RANKED_PAGE = 10;

interface DemandRankingProps<Row> {
  /** The card's title, which also names its list. */
  title: string;
  icon: LucideIcon;
  /** What the ranking counts and what to do about it. */
  intro: ReactNode;
  empty: { title: string; text: string };
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The figure beside the item's name, with its colours. */
  badge: (row: Row) => ReactNode;
  badgeClassName: string;
  /** The lines under the name. */
  details: (row: Row) => ReactNode;
}

/** One advice of the demand report: a card with a ranked list of items, each with its figure. */
export function DemandRanking<Row extends { inventario_id: number; nome: string }>({
  title,
  icon,
  intro,
  empty,
  rows,
  rowKey,
  badge,
  badgeClassName,
  details,
}: DemandRankingProps<Row>) {
  const shown = useShownCount("", RANKED_PAGE);
  return (
    <StatsCard title={title} icon={icon}>
      <p className="mb-3 text-sm text-slate-600">{intro}</p>
      {rows.length === 0 ? (
        <EmptyState icon={icon} title={empty.title} text={empty.text} />
      ) : (
        <ol aria-label={title} className="divide-y divide-slate-100">
          {rows.slice(0, shown.count).map((row) => (
            <li key={rowKey(row)} className="space-y-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <ItemLink id={row.inventario_id} name={row.nome} className="font-medium text-slate-900" />
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badgeClassName}`}>{badge(row)}</span>
              </div>
              {details(row)}
            </li>
          ))}
        </ol>
      )}
      <ShowMore shown={Math.min(shown.count, rows.length)} total={rows.length} onMore={shown.showMore} />
    </StatsCard>
  );
}
