import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanView, RequestView } from "../../../../../src/modules/loans/model";
import { IconButton } from "../../../components/button";
import { ItemLink, StudentLink } from "../../../components/entity-links";
import { ExpiredAccountBadge } from "../../../components/expired-account-badge";
import type { TableColumn } from "../../../components/sortable-table";
import { daysLateText, formatDate } from "../../../lib/dates";
import { toCollectText } from "../../../lib/loan-phase";
import { StrikeBadge } from "./loan-badges";

// What a loan's or a request's card and table row both show.

export function fullName(request: RequestView): string {
  return `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim();
}

export function loanStatus(loan: LoanView): string {
  return loan.fase === "da_ritirare" || loan.fase === "annullato" ? loan.fase : loan.stato;
}

export function loanFootnote(loan: LoanView) {
  const toCollect = toCollectText(loan);
  if (toCollect) return <span className="font-medium text-amber-800">{toCollect}</span>;
  if (loan.fase === "annullato") return <>Annullato il {formatDate(loan.annullato_il)}: mai ritirato</>;
  if (loan.stato === LOAN_STATE.returned)
    return (
      <>
        Restituito il {formatDate(loan.data_restituzione)}
        {loan.giorni_ritardo > 0 && ` · ${daysLateText(loan.giorni_ritardo)}`}
      </>
    );
  if (loan.stato === LOAN_STATE.overdue)
    return (
      <span className="font-medium text-red-600">
        Rientro previsto il {formatDate(loan.data_rientro)} · {daysLateText(loan.giorni_ritardo)}
      </span>
    );
  return <>Rientro previsto il {formatDate(loan.data_rientro)}</>;
}

/** The facts a loan and a request both show, on its card and in its table row. */
export interface EntryFacts {
  itemName: string;
  units: string[];
  itemId: number;
  strikes: number;
  blocked: boolean;
  /** An open loan whose borrower's account has expired. */
  accountExpired?: boolean;
  borrower: string;
  /** Null once the account is deleted: the name stays, without a link. */
  borrowerId: number | null;
  email: string | null;
  from: string;
  to: string;
}

export function loanFacts(loan: LoanView): EntryFacts {
  return {
    itemName: loan.oggetto_nome,
    units: loan.unita,
    itemId: loan.inventario_id,
    strikes: loan.penalty_strikes,
    blocked: loan.is_blocked,
    accountExpired: loan.account_scaduto,
    borrower: loan.utente_nome_reale,
    borrowerId: loan.utente_id,
    email: loan.utente_email,
    from: loan.data_uscita,
    to: loan.data_rientro,
  };
}

export function requestFacts(request: RequestView): EntryFacts {
  return {
    itemName: request.oggetto_nome,
    units: [request.codice_univoco],
    itemId: request.inventario_id,
    strikes: request.penalty_strikes,
    blocked: request.is_blocked,
    borrower: fullName(request),
    borrowerId: request.utente_id,
    email: request.utente_email,
    from: request.dal,
    to: request.al,
  };
}

function ItemCell({ facts }: { facts: EntryFacts }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">
        <ItemLink id={facts.itemId} name={facts.itemName} />
      </p>
      <p className="font-mono text-xs break-words text-slate-600">{facts.units.join(", ")}</p>
    </div>
  );
}

function BorrowerCell({ facts }: { facts: EntryFacts }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-800">
        <StudentLink id={facts.borrowerId} name={facts.borrower} />
        <StrikeBadge strikes={facts.strikes} blocked={facts.blocked} />
        <ExpiredAccountBadge expired={facts.accountExpired ?? false} />
      </p>
      {facts.email && <p className="text-xs break-words text-slate-500">{facts.email}</p>}
    </div>
  );
}

/** The table's first columns, loans and requests alike: the item and its units, the borrower, the dates. */
export function entryColumns<Row>(
  facts: (row: Row) => EntryFacts,
): TableColumn<Row, "oggetto" | "studente" | "dal" | "al">[] {
  return [
    { header: "Articolo", sortKey: "oggetto", cell: (row) => <ItemCell facts={facts(row)} /> },
    { header: "Studente", sortKey: "studente", cell: (row) => <BorrowerCell facts={facts(row)} /> },
    { header: "Dal", sortKey: "dal", className: "whitespace-nowrap", cell: (row) => formatDate(facts(row).from) },
    { header: "Al", sortKey: "al", className: "whitespace-nowrap", cell: (row) => formatDate(facts(row).to) },
  ];
}

/** The table's last column: details, then what the card's buttons do. */
export function actionsColumn<Row>(
  name: (row: Row) => string,
  open: (row: Row) => void,
  actions: (row: Row) => ReactNode,
): TableColumn<Row, never> {
  return {
    header: "Azioni",
    className: "w-px whitespace-nowrap",
    cell: (row) => (
      <div className="flex gap-2">
        <IconButton icon={Eye} label={`Dettagli: ${name(row)}`} onClick={() => open(row)} />
        {actions(row)}
      </div>
    ),
  };
}
