import { PackageOpen } from "lucide-react";
import { useState } from "react";
import { checklistItems } from "../../../../src/domain/loan-terms";
import type { LoanView } from "../../../../src/modules/loans/model";
import { useHandOver } from "../../api/loans";
import { ApiError } from "../../lib/api";
import { formatDate } from "../../lib/dates";
import { Button } from "../button";
import { Modal, ModalActions } from "../modal";
import { ReceiptButton } from "./receipt-button";

/**
 * The hand-over: the desk checks the accessories as they go out, records it, and can print the
 * receipt for both to sign.
 */
export function HandOverDialog({
  loan,
  onClose,
  onHandedOver,
}: {
  loan: LoanView;
  onClose: () => void;
  onHandedOver?: (loan: LoanView) => void;
}) {
  const handOver = useHandOver();
  const [done, setDone] = useState<LoanView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const accessories = checklistItems(loan.checklist);

  function confirm() {
    setFailure(null);
    handOver.mutate(loan.id, {
      onSuccess: (answer) => {
        setDone(answer.prestito);
        onHandedOver?.(answer.prestito);
      },
      onError: (error) => setFailure(error instanceof ApiError ? error.message : "Errore nella consegna"),
    });
  }

  return (
    <Modal title="Consegna" description={`${loan.oggetto_nome} · ${loan.utente_nome_reale}`} onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Unità: <span className="font-mono">{loan.unita.join(", ")}</span>
        </p>
        <p>
          Dal {formatDate(loan.data_uscita)} al {formatDate(loan.data_rientro)}
        </p>
        {accessories.length > 0 && (
          <div>
            <p className="font-medium">Consegna anche:</p>
            <ul className="mt-1 list-inside list-disc">
              {accessories.map((accessory) => (
                <li key={accessory}>{accessory}</li>
              ))}
            </ul>
          </div>
        )}
        {done && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 font-medium text-emerald-800">
            Consegna registrata. Stampa la ricevuta da firmare.
          </p>
        )}
        {failure && (
          <p role="alert" className="text-red-700">
            {failure}
          </p>
        )}
      </div>
      <ModalActions>
        {done ? (
          <>
            <ReceiptButton loanId={loan.id} />
            <Button onClick={onClose}>Fatto</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button icon={PackageOpen} onClick={confirm} busy={handOver.isPending}>
              Registra consegna
            </Button>
          </>
        )}
      </ModalActions>
    </Modal>
  );
}
