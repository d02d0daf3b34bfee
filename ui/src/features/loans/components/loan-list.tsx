import type { LoanSortKey } from "../../../../../src/domain/loan-sorting";
import type { LoanView } from "../../../../../src/modules/loans/model";
import type { TableColumn } from "../../../components/sortable-table";
import { daysLateText, formatDate } from "../../../lib/dates";
import { EntryCard } from "./entry-card";
import { actionsColumn, entryColumns, loanFacts, loanFootnote, loanStatus } from "./entry-fields";
import { EntryList, type TabListProps } from "./entry-list";
import { StatusBadge } from "./loan-badges";

interface LoanListProps extends TabListProps<LoanView, LoanSortKey> {
  loans: LoanView[];
  /** The active loans, or the returned ones: their tables differ after the dates. */
  returned: boolean;
}

const loanName = (loan: LoanView) => `${loan.oggetto_nome}, ${loan.utente_nome_reale}`;

const itemAndDates = entryColumns(loanFacts);

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
          {...loanFacts(loan)}
          status={loanStatus(loan)}
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
