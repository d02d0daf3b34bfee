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

export function ItemCell({ itemId, name, units }: { itemId: number; name: string; units: string[] }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">
        <ItemLink id={itemId} name={name} />
      </p>
      <p className="font-mono text-xs break-words text-slate-600">{units.join(", ")}</p>
    </div>
  );
}

export function BorrowerCell(props: {
  userId: number | null;
  name: string;
  email: string | null;
  strikes: number;
  blocked: boolean;
  /** An open loan whose borrower's account has expired. */
  accountExpired?: boolean;
}) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-800">
        <StudentLink id={props.userId} name={props.name} />
        <StrikeBadge strikes={props.strikes} blocked={props.blocked} />
        <ExpiredAccountBadge expired={props.accountExpired ?? false} />
      </p>
      {props.email && <p className="text-xs break-words text-slate-500">{props.email}</p>}
    </div>
  );
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
