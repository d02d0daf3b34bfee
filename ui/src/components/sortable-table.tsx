import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { useTableDensity } from "../lib/table-density";
import { DensityToggle } from "./density-toggle";

type SortDirection = "asc" | "desc";

export interface TableSort<K extends string> {
  key: K;
  direction: SortDirection;
}

export interface TableColumn<Row, K extends string> {
  header: string;
  /** The header is read by screen readers only (e.g. a column of checkboxes). */
  headerHidden?: boolean;
  /** The key this column sorts by; a column without one does not sort. */
  sortKey?: K;
  cell: (row: Row) => ReactNode;
  /** Width and alignment of the column's cells. */
  className?: string;
}

interface SortableTableProps<Row, K extends string> {
  /** Read by screen readers before the table: what it lists. */
  caption: string;
  columns: TableColumn<Row, K>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  sort: TableSort<K> | null;
  onSort: (sort: TableSort<K>) => void;
}

/** The sort a click on a column's header asks for: ascending first, then the other way each time. */
function nextSort<K extends string>(current: TableSort<K> | null, key: K): TableSort<K> {
  return { key, direction: current?.key === key && current.direction === "asc" ? "desc" : "asc" };
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const SORT_WORDS = { asc: "crescente", desc: "decrescente" } as const;

/** The cells' padding at each density; the compact rows' buttons and second lines shrink in index.css. */
const CELL_PADDING = { comoda: "px-3 py-2.5", compatta: "px-2 py-1" } as const;

/**
 * A dense table for the desk's wide screens, roomy or compact by the desk's remembered choice. A sortable column's header is a button; the sorted one
 * carries `aria-sort` and an arrow, and the order itself is the caller's (often the server's).
 */
export function SortableTable<Row, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: SortableTableProps<Row, K>) {
  const density = useTableDensity();
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <DensityToggle />
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table data-densita={density} className="w-full text-left text-sm">
          <caption className="sr-only">
            {caption}
            {sort &&
              `, ordinata per ${columns.find((column) => column.sortKey === sort.key)?.header} in ordine ${SORT_WORDS[sort.direction]}`}
          </caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((column) => {
                const sorted = column.sortKey !== undefined && sort?.key === column.sortKey ? sort.direction : null;
                const Arrow = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                return (
                  <th
                    key={column.header}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className={`${CELL_PADDING[density]} whitespace-nowrap ${column.className ?? ""}`}
                  >
                    {column.headerHidden ? (
                      <span className="sr-only">{column.header}</span>
                    ) : column.sortKey === undefined ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        onClick={() => onSort(nextSort(sort, column.sortKey as K))}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {column.header}
                        <Arrow
                          className={`size-3.5 ${sorted ? "text-indigo-600" : "text-slate-400"}`}
                          aria-hidden="true"
                        />
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-slate-50/60">
                {columns.map((column) => (
                  <td key={column.header} className={`${CELL_PADDING[density]} ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
