import { PackageCheck, PackageOpen, Plus } from "lucide-react";
import type { ScannedUnit } from "../../../../../src/modules/counter/model";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { Button } from "../../../components/button";
import { ReceiptButton } from "../../../components/loan-desk/receipt-button";
import { isShowablePicture, Picture } from "../../../components/picture";
import { LoanStatusBadge } from "../../../components/status-badge";
import { formatDate } from "../../../lib/dates";
import { freeTodayLabel } from "../../../lib/item-availability";
import { toCollectText } from "../../../lib/loan-phase";
import { LendPanel } from "./lend-panel";

/** The dialog a scanned unit's action opens. */
export type ScannedUnitDialog =
  | { kind: "handover"; unit: ScannedUnit; loan: LoanView }
  | { kind: "return"; unit: ScannedUnit; loan: LoanView };

export const ACTION_TEXT: Record<ScannedUnit["azione"], string> = {
  restituzione: "In prestito: da restituire",
  consegna: "Da consegnare oggi",
  prestito: "Libera: si può prestare",
  non_disponibile: "Non disponibile (in riparazione o persa)",
};

/** The action's words; a unit free only until its next booking says until when. */
function actionText(unit: ScannedUnit): string {
  if (unit.azione === "prestito" && unit.libera_fino_al)
    return `${freeTodayLabel(unit, true)}: si può prestare fino al giorno prima della prossima prenotazione`;
  return ACTION_TEXT[unit.azione];
}

interface ScannedUnitCardProps {
  unit: ScannedUnit;
  onAction: (dialog: ScannedUnitDialog) => void;
  /** The lend form is open under this unit. */
  lending: boolean;
  onLend: (lending: boolean) => void;
  onLent: (outcome: string) => void;
}

/** A unit the scan found: its state, its loan, and the one thing to do with it (or lend it on the spot). */
export function ScannedUnitCard({ unit, onAction, lending, onLend, onLent }: ScannedUnitCardProps) {
  const loan = unit.prestito;
  return (
    <article
      aria-label={`${unit.codice_univoco} · ${unit.oggetto_nome}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {isShowablePicture(unit.foto_url) && (
          <Picture
            url={unit.foto_url}
            alt={`Foto di ${unit.codice_univoco}`}
            className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-mono text-lg font-semibold break-words text-slate-900">{unit.codice_univoco}</p>
          <p className="text-sm text-slate-600">{unit.oggetto_nome}</p>
        </div>
        {loan && <LoanStatusBadge state={loan.fase} />}
      </div>
      <p className="mt-2 text-sm font-medium text-slate-800">{actionText(unit)}</p>
      {loan && (
        <p className="mt-1 text-sm text-slate-600">
          {loan.utente_nome_reale} · dal {formatDate(loan.data_uscita)} al {formatDate(loan.data_rientro)}
          {toCollectText(loan) ? ` · ${toCollectText(loan)}` : ""}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {unit.azione === "consegna" && loan && (
          <Button icon={PackageOpen} onClick={() => onAction({ kind: "handover", unit, loan })}>
            Consegna
          </Button>
        )}
        {unit.azione === "restituzione" && loan && (
          <Button icon={PackageCheck} onClick={() => onAction({ kind: "return", unit, loan })}>
            Restituisci
          </Button>
        )}
        {unit.azione === "prestito" && !lending && (
          <Button icon={Plus} onClick={() => onLend(true)}>
            Presta a uno studente
          </Button>
        )}
        {loan && unit.azione !== "prestito" && <ReceiptButton loanId={loan.id} />}
      </div>
      {lending && <LendPanel unit={unit} onLent={onLent} onCancel={() => onLend(false)} />}
    </article>
  );
}
