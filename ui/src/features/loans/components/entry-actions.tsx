import { Ban, CalendarClock, Check, PackageCheck, PackageOpen, X } from "lucide-react";
import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanView, RequestView } from "../../../../../src/modules/loans/model";
import { Button } from "../../../components/button";
import { fullName } from "./entry-fields";

/** A pending request's buttons, on its card and in its table row. */
export function RequestActions(props: {
  request: RequestView;
  approving: boolean;
  onRefuse: () => void;
  onApprove: () => void;
}) {
  const borrower = fullName(props.request);
  return (
    <>
      <Button
        variant="secondary"
        icon={X}
        onClick={props.onRefuse}
        aria-label={`Rifiuta la richiesta di ${borrower}`}
        className="px-3 py-2 text-red-700"
      >
        Rifiuta
      </Button>
      <Button
        icon={Check}
        busy={props.approving}
        onClick={props.onApprove}
        aria-label={`Approva la richiesta di ${borrower}`}
        className="px-3 py-2"
      >
        Approva
      </Button>
    </>
  );
}

/** A loan's buttons: cancel or hand over one still to collect, end one that is out; none once returned. */
export function LoanActions(props: {
  loan: LoanView;
  onCancel: () => void;
  onHandOver: () => void;
  onEnd: () => void;
  onExtend: () => void;
}) {
  const { loan } = props;
  const label = `${loan.oggetto_nome}, ${loan.utente_nome_reale}`;
  if (loan.fase === "da_ritirare")
    return (
      <>
        <Button
          variant="secondary"
          icon={Ban}
          onClick={props.onCancel}
          aria-label={`Annulla prestito mai ritirato: ${label}`}
          className="px-3 py-2 text-red-700"
        >
          Annulla
        </Button>
        <Button icon={PackageOpen} onClick={props.onHandOver} aria-label={`Consegna: ${label}`} className="px-3 py-2">
          Consegna
        </Button>
      </>
    );
  if (loan.stato === LOAN_STATE.returned) return null;
  return (
    <>
      <Button
        variant="secondary"
        icon={CalendarClock}
        onClick={props.onExtend}
        aria-label={`Proroga: ${label}`}
        className="px-3 py-2"
      >
        Proroga
      </Button>
      <Button
        variant="secondary"
        icon={PackageCheck}
        onClick={props.onEnd}
        aria-label={`Termina prestito: ${label}`}
        className="px-3 py-2"
      >
        Termina prestito
      </Button>
    </>
  );
}
