import type { RequestSortKey } from "../../../../../src/domain/loan-sorting";
import type { RequestView } from "../../../../../src/modules/loans/model";
import type { TableColumn } from "../../../components/sortable-table";
import { formatDate, formatRelativeTime } from "../../../lib/dates";
import { standsAlone } from "../../../lib/set-lines";
import { EntryCard } from "./entry-card";
import { actionsColumn, BorrowerCell, fullName, ItemCell } from "./entry-fields";
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
    {
      header: "Articolo",
      sortKey: "oggetto",
      cell: (request) => (
        <ItemCell itemId={request.inventario_id} name={request.oggetto_nome} units={[request.codice_univoco]} />
      ),
    },
    {
      header: "Studente",
      sortKey: "studente",
      cell: (request) => (
        <BorrowerCell
          userId={request.utente_id}
          name={fullName(request)}
          email={request.utente_email}
          strikes={request.penalty_strikes}
          blocked={request.is_blocked}
        />
      ),
    },
    { header: "Dal", sortKey: "dal", className: "whitespace-nowrap", cell: (request) => formatDate(request.dal) },
    { header: "Al", sortKey: "al", className: "whitespace-nowrap", cell: (request) => formatDate(request.al) },
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
          itemName={request.oggetto_nome}
          units={[request.codice_univoco]}
          itemId={request.inventario_id}
          status={request.stato}
          strikes={request.penalty_strikes}
          blocked={request.is_blocked}
          borrower={fullName(request)}
          borrowerId={request.utente_id}
          email={request.utente_email}
          from={request.dal}
          to={request.al}
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
