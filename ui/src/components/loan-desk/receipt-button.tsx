import { downloadReceipt } from "../../api/loans";
import { DownloadButton } from "../download-button";

/** Downloads the loan's receipt (PDF) for the desk to print or the borrower to keep; a failure is said in place. */
export function ReceiptButton({
  loanId,
  label = "Stampa ricevuta",
  ariaLabel,
}: {
  loanId: number;
  label?: string;
  ariaLabel?: string;
}) {
  return (
    <DownloadButton
      download={() => downloadReceipt(loanId)}
      label={label}
      ariaLabel={ariaLabel}
      fallbackError="Ricevuta non disponibile"
    />
  );
}
