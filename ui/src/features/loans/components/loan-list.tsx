import type { LoanSortKey } from "../../../../../src/domain/loan-sorting";
import type { LoanView } from "../../../../../src/modules/loans/model";
import type { TableColumn } from "../../../components/sortable-table";
import { daysLateText, formatDate } from "../../../lib/dates";
import { EntryCard } from "./entry-card";
import { actionsColumn, BorrowerCell, ItemCell, loanFootnote, loanStatus } from "./entry-fields";
import { EntryList, type TabListProps } from "./entry-list";
import { StatusBadge } from "./loan-badges";

interface LoanListProps extends TabListProps<LoanView, LoanSortKey> {
  loans: LoanView[];
  /** The active loans, or the returned ones: their tables differ after the dates. */
  returned: boolean;
}

const loanName = (loan: LoanView) => `${loan.oggetto_nome}, ${loan.utente_nome_reale}`;

const itemAndDates: TableColumn<LoanView, LoanSortKey>[] = [
  {
    header: "Articolo",
    sortKey: "oggetto",
    cell: (loan) => <ItemCell itemId={loan.inventario_id} name={loan.oggetto_nome} units={loan.unita} />,
  },
  {
    header: "Studente",
    sortKey: "studente",
    cell: (loan) => (
      <BorrowerCell
        userId={loan.utente_id}
        name={loan.utente_nome_reale}
        email={loan.utente_email}
        strikes={loan.penalty_strikes}
        blocked={loan.is_blocked}
        accountExpired={loan.account_scaduto}
      />
    ),
  },
  { header: "Dal", sortKey: "dal", className: "whitespace-nowrap", cell: (loan) => formatDate(loan.data_uscita) },
  { header: "Al", sortKey: "al", className: "whitespace-nowrap", cell: (loan) => formatDate(loan.data_rientro) },
];

function activeColumns(props: LoanListProps): TableColumn<LoanView, LoanSortKey>[] {
  return [
    ...itemAndDates,
    {
      header: "Stato",
      cell: (loan) => (
        <div className="space-y-1">
          <StatusBadge status={loanStatus(loan)} />
          <p className="text-xs text-slate-500">{loanFootnote(loan)}</p>
        </div>
      ),
    },
    actionsColumn(loanName, props.onDetails, props.actions),
  ];
}

function returnedColumns(props: LoanListProps): TableColumn<LoanView, LoanSortKey>[] {
  return [
    ...itemAndDates,
    {
      header: "Restituito",
      sortKey: "restituito",
      className: "whitespace-nowrap",
      cell: (loan) => (loan.data_restituzione ? formatDate(loan.data_restituzione) : "—"),
    },
    { header: "Ritardo", cell: (loan) => (loan.giorni_ritardo > 0 ? daysLateText(loan.giorni_ritardo) : "—") },
    actionsColumn(loanName, props.onDetails, () => null),
  ];
}

/** The active or the completed tab's list: a sortable table or cards, then "Mostra altri". */
export function LoanList(props: LoanListProps) {
  const { loans, onDetails, actions } = props;
  return (
    <EntryList
      rows={loans}
      view={props.view}
      caption={props.returned ? "Prestiti completati" : "Prestiti attivi"}
      columns={props.returned ? returnedColumns(props) : activeColumns(props)}
      sort={props.sort}
      onSort={props.onSort}
      card={(loan) => (
        <EntryCard
          itemName={loan.oggetto_nome}
          units={loan.unita}
          itemId={loan.inventario_id}
          status={loanStatus(loan)}
          strikes={loan.penalty_strikes}
          blocked={loan.is_blocked}
          accountExpired={loan.account_scaduto}
          borrower={loan.utente_nome_reale}
          borrowerId={loan.utente_id}
          email={loan.utente_email}
          from={loan.data_uscita}
          to={loan.data_rientro}
          footnote={loanFootnote(loan)}
          onDetails={() => onDetails(loan)}
          actions={actions(loan)}
        />
      )}
      fetched={loans.length}
      total={props.total}
      onMore={props.onMore}
      loadingMore={props.loadingMore}
    />
  );
}
