import type { ReactNode } from "react";
import { ShowMore } from "../../../components/show-more";
import { SortableTable, type TableColumn, type TableSort } from "../../../components/sortable-table";
import type { ListView } from "../../../components/view-switch";

/** What the loans page gives each tab's list, loans or requests alike. */
export interface TabListProps<Row, K extends string> {
  /** How many match, of which the list's rows are the pages fetched so far. */
  total: number;
  view: ListView;
  sort: TableSort<K> | null;
  onSort: (sort: TableSort<string>) => void;
  onMore: () => void;
  loadingMore: boolean;
  onDetails: (row: Row) => void;
  actions: (row: Row) => ReactNode;
}

interface EntryListProps<Row extends { id: number }, K extends string>
  extends Omit<TabListProps<Row, K>, "onDetails" | "actions"> {
  rows: Row[];
  /** The table's caption, which names the list. */
  caption: string;
  columns: TableColumn<Row, K>[];
  /** One row as a card, in the cards view. */
  card: (row: Row) => ReactNode;
  /** How many rows are fetched so far, of the `total` that match: "Mostra altri" fetches the next page. */
  fetched: number;
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
