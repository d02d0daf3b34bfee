import type { ReactNode } from "react";
import { ShowMore } from "../../../components/show-more";
import { SortableTable, type TableColumn, type TableSort } from "../../../components/sortable-table";
import type { ListView } from "../../../components/view-switch";

interface EntryListProps<Row extends { id: number }, K extends string> {
  rows: Row[];
  view: ListView;
  /** The table's caption, which names the list. */
  caption: string;
  columns: TableColumn<Row, K>[];
  sort: TableSort<K> | null;
  onSort: (sort: TableSort<string>) => void;
  /** One row as a card, in the cards view. */
  card: (row: Row) => ReactNode;
  /** How many rows are fetched so far, and how many match in all: "Mostra altri" fetches the next page. */
  fetched: number;
  total: number;
  onMore: () => void;
  loadingMore: boolean;
}

/** A tab's list of loans or requests: a sortable table or cards, as the view says, then "Mostra altri". */
export function EntryList<Row extends { id: number }, K extends string>(props: EntryListProps<Row, K>) {
  const { rows } = props;
  return (
    <>
      {rows.length > 0 && props.view === "tabella" && (
        <SortableTable
          caption={props.caption}
          columns={props.columns}
          rows={rows}
          rowKey={(row) => row.id}
          sort={props.sort}
          onSort={props.onSort}
        />
      )}
      {rows.length > 0 && props.view === "schede" && (
        <ul className="space-y-3">
          {rows.map((row) => (
            <li key={row.id}>{props.card(row)}</li>
          ))}
        </ul>
      )}
      <ShowMore shown={props.fetched} total={props.total} onMore={props.onMore} busy={props.loadingMore} />
    </>
  );
}
