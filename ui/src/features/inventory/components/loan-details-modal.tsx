import type { ReactNode } from "react";
import type { UnitLoanView } from "../../../../../src/modules/loans/model";
import type { InventoryUnit } from "../../../api/inventario";
import { useUnitLoan } from "../../../api/loans";
import { ActivityHistory } from "../../../components/activity-history/activity-history";
import { Alert } from "../../../components/alert";
import { CloseActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { formatDate } from "../../../lib/dates";
import { failureText } from "../../../lib/failure-text";

const LOAN_STATUS: Record<UnitLoanView["stato"], { label: string; color: string }> = {
  attivo: { label: "Attivo", color: "bg-emerald-50 text-emerald-700 ring-emerald-600/20" },
  scaduto: { label: "Scaduto", color: "bg-red-50 text-red-700 ring-red-600/20" },
  restituito: { label: "Restituito", color: "bg-slate-100 text-slate-600 ring-slate-500/20" },
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/** Who holds a lent unit and until when. */
export function LoanDetailsModal({ unit, onClose }: { unit: InventoryUnit; onClose: () => void }) {
  const loan = useUnitLoan(unit.id);
  const status = loan.data ? LOAN_STATUS[loan.data.stato] : null;
  return (
    <Modal title="Dettagli prestito" description={`Unità ${unit.codice_univoco}`} onClose={onClose} size="sm">
      {loan.isPending && <LoadingState />}
      {loan.isError && <Alert tone="error">{failureText(loan.error, "Errore nel caricamento del prestito")}</Alert>}
      {loan.data && (
        <dl className="divide-y divide-slate-100">
          <Row label="Unità">
            <span className="font-mono">{loan.data.codice_univoco ?? unit.codice_univoco}</span>
          </Row>
          <Row label="Chi">{loan.data.utente_nome_reale || loan.data.chi}</Row>
          <Row label="Email">{loan.data.utente_email ?? "—"}</Row>
          <Row label="Data uscita">{formatDate(loan.data.data_uscita)}</Row>
          <Row label="Data rientro">{formatDate(loan.data.data_rientro)}</Row>
          <Row label="Stato">
            {status && (
              <span
                className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${status.color}`}
              >
                {status.label}
              </span>
            )}
          </Row>
          <Row label="Note">{loan.data.note || "—"}</Row>
        </dl>
      )}
      {loan.data && (
        <div className="mt-5 space-y-5 border-t border-slate-100 pt-5">
          <ActivityHistory entity="loan" id={loan.data.id} title="Cronologia del prestito" />
          <ActivityHistory entity="unit" id={unit.id} title="Cronologia dell'unità" />
        </div>
      )}
      <CloseActions onClose={onClose} />
    </Modal>
  );
}
