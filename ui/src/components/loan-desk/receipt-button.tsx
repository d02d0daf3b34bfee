import { FileDown } from "lucide-react";
import { useState } from "react";
import { downloadReceipt } from "../../api/loans";
import { ApiError } from "../../lib/api";
import { Button } from "../button";

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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      await downloadReceipt(loanId);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : "Ricevuta non disponibile");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        icon={FileDown}
        busy={busy}
        onClick={download}
        aria-label={ariaLabel}
        className="px-3 py-2"
      >
        {label}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </>
  );
}
