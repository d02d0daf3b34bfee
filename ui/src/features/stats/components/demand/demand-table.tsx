import { useState } from "react";
import type { DemandItem } from "../../../../api/demand-report";
import { ItemLink } from "../../../../components/entity-links";
import { ShowMore, useShownCount } from "../../../../components/show-more";
import { SortableTable, type TableColumn, type TableSort } from "../../../../components/sortable-table";
import { percent } from "./demand-format";

type SortKey = "nome" | "richieste" | "non_soddisfatte" | "giorni" | "utilizzo" | "in_coda";

/** What each sortable column compares; the table holds the whole period, so it sorts here. */
const SORT_VALUE: Record<SortKey, (item: DemandItem) => number | string> = {
  nome: (item) => item.nome,
  richieste: (item) => item.richieste,
  non_soddisfatte: (item) => item.richieste_non_soddisfatte,
  giorni: (item) => item.giorni_non_soddisfatti,
  utilizzo: (item) => item.utilizzo,
  in_coda: (item) => item.in_coda,
};

function sorted(items: DemandItem[], sort: TableSort<SortKey> | null): DemandItem[] {
  if (!sort) return items;
  const value = SORT_VALUE[sort.key];
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    const order = typeof left === "string" ? left.localeCompare(String(right), "it") : left - (right as number);
    return sign * order || a.nome.localeCompare(b.nome, "it");
  });
}

/** The table opens on the twenty items most unmet: the rankings and the chart follow it on the page. */
const TABLE_PAGE = 20;

const NUMBER = "text-right tabular-nums whitespace-nowrap";

const COLUMNS: TableColumn<DemandItem, SortKey>[] = [
  {
    header: "Articolo",
    sortKey: "nome",
    cell: (item) => <ItemLink id={item.inventario_id} name={item.nome} className="font-medium text-slate-900" />,
  },
  { header: "Richieste", sortKey: "richieste", className: NUMBER, cell: (item) => item.richieste },
  {
    header: "Non soddisfatte",
    sortKey: "non_soddisfatte",
    className: NUMBER,
    cell: (item) => item.richieste_non_soddisfatte,
  },
  {
    header: "Giorni non soddisfatti",
    sortKey: "giorni",
    className: NUMBER,
    cell: (item) => item.giorni_non_soddisfatti,
  },
  { header: "Utilizzo", sortKey: "utilizzo", className: NUMBER, cell: (item) => percent(item.utilizzo) },
  { header: "In coda", sortKey: "in_coda", className: NUMBER, cell: (item) => item.in_coda },
];

/** Every item of the period, the most unmet first (the server's order) until the desk sorts a column. */
export function DemandTable({ items }: { items: DemandItem[] }) {
  const [sort, setSort] = useState<TableSort<SortKey> | null>(null);
  const rendered = useShownCount(sort ? `${sort.key} ${sort.direction}` : "", TABLE_PAGE);
  const rows = sorted(items, sort);
  return (
    <>
      <SortableTable
        caption="Domanda per articolo"
        columns={COLUMNS}
        rows={rows.slice(0, rendered.count)}
        rowKey={(item) => item.inventario_id}
        sort={sort}
        onSort={setSort}
      />
      <ShowMore shown={Math.min(rendered.count, rows.length)} total={rows.length} onMore={rendered.showMore} />
    </>
  );
}
