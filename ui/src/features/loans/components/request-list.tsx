import type { RequestSortKey } from "../../../../../src/domain/loan-sorting";
import type { RequestView } from "../../../../../src/modules/loans/model";
import type { TableColumn } from "../../../components/sortable-table";
import { formatRelativeTime } from "../../../lib/dates";
import { standsAlone } from "../../../lib/set-lines";
import { EntryCard } from "./entry-card";
import { actionsColumn, entryColumns, fullName, requestFacts } from "./entry-fields";
import { EntryList, type TabListProps } from "./entry-list";

interface RequestListProps extends TabListProps<RequestView, RequestSortKey> {
  requests: RequestView[];
}

/**
 * The pending tab's list: a sortable table or cards, then "Mostra altri". The lines of a set of more than
 * one line are left out: the set's own card above the list shows them once.
 */
export function RequestList(props: RequestListProps) {
  const { onDetails, actions } = props;
  const requests = props.requests.filter(standsAlone);
  const columns: TableColumn<RequestView, RequestSortKey>[] = [
    ...entryColumns(requestFacts),
    {
      header: "Richiesta",
      sortKey: "creata",
      className: "whitespace-nowrap",
      cell: (request) => formatRelativeTime(request.created_at),
    },
    actionsColumn((request) => `${request.oggetto_nome}, ${fullName(request)}`, onDetails, actions),
  ];

  return (
    <EntryList
      rows={requests}
      view={props.view}
      caption="Richieste in attesa"
      columns={columns}
      sort={props.sort}
      onSort={props.onSort}
      card={(request) => (
        <EntryCard
          {...requestFacts(request)}
          status={request.stato}
          footnote={`Richiesta ${formatRelativeTime(request.created_at).toLowerCase()}`}
          onDetails={() => onDetails(request)}
          actions={actions(request)}
        />
      )}
      // Counts every fetched line, set lines too, as the total does.
      fetched={props.requests.length}
      total={props.total}
      onMore={props.onMore}
      loadingMore={props.loadingMore}
    />
  );
}
