import { AlertTriangle, CalendarClock, CalendarPlus, PackageOpen } from "lucide-react";
import { useState } from "react";
import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { downloadLoanCalendar } from "../../../api/calendario";
import type { ExtensionView } from "../../../api/proroghe";
import { Button } from "../../../components/button";
import { ClampedText } from "../../../components/clamped-text";
import { DownloadButton } from "../../../components/download-button";
import { ExtensionDialog } from "../../../components/extension/extension-dialog";
import { ReceiptButton } from "../../../components/loan-desk/receipt-button";
import { LoanStatusBadge } from "../../../components/status-badge";
import { formatDate } from "../../../lib/dates";
import { toCollectText } from "../../../lib/loan-phase";

function daysText(days: number): string {
  return days === 1 ? "1 giorno" : `${days} giorni`;
}

/** A loan of the student's, with "Chiedi proroga" while it is out and not overdue (then only the desk extends). */
export function LoanCard({ loan, pendingExtension }: { loan: LoanView; pendingExtension?: ExtensionView }) {
  const overdue = loan.stato === LOAN_STATE.overdue;
  const returned = loan.stato === LOAN_STATE.returned;
  const toCollect = toCollectText(loan);
  const [asking, setAsking] = useState(false);
  const mayAsk = loan.stato === LOAN_STATE.active && loan.fase !== "annullato" && !pendingExtension;
  return (
    <article
      className={`rounded-xl border p-4 shadow-sm ${overdue ? "border-red-200 bg-red-50/60" : "border-slate-200 bg-white"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold text-slate-900">{loan.oggetto_nome}</h3>
        <LoanStatusBadge state={loan.fase === "da_ritirare" || loan.fase === "annullato" ? loan.fase : loan.stato} />
      </div>
      {loan.unita.length > 0 && (
        <p className="mt-1 text-sm break-words text-slate-500">
          Unità: <span className="font-mono">{loan.unita.join(", ")}</span>
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Dal</dt>
          <dd className="font-medium text-slate-800">{formatDate(loan.data_uscita)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Scadenza</dt>
          <dd className={`font-medium ${overdue ? "text-red-700" : "text-slate-800"}`}>
            {formatDate(loan.data_rientro)}
          </dd>
        </div>
        {loan.data_rientro_originale !== loan.data_rientro && (
          <div>
            <dt className="text-xs text-slate-500">Scadenza originale</dt>
            <dd className="font-medium text-slate-500">{formatDate(loan.data_rientro_originale)}</dd>
          </div>
        )}
        {returned && loan.fase !== "annullato" && (
          <div>
            <dt className="text-xs text-slate-500">Restituito il</dt>
            <dd className="font-medium text-slate-800">{formatDate(loan.data_restituzione)}</dd>
          </div>
        )}
      </dl>
      {overdue && (
        <p className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-red-700">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          In ritardo di {daysText(loan.giorni_ritardo)}: restituiscilo al più presto (solo il banco può prorogarlo)
        </p>
      )}
      {pendingExtension && (
        <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-indigo-700">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          Proroga al {formatDate(pendingExtension.al)} chiesta: in attesa della risposta del banco
        </p>
      )}
      {returned && loan.giorni_ritardo > 0 && (
        <p className="mt-3 text-sm text-orange-700">Restituito con {daysText(loan.giorni_ritardo)} di ritardo</p>
      )}
      {toCollect && (
        <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-amber-800">
          <PackageOpen className="size-4 shrink-0" aria-hidden="true" />
          {toCollect}: ritiralo al banco prestiti
        </p>
      )}
      {loan.note && <ClampedText text={loan.note} className="mt-3 text-sm text-slate-500" />}
      {loan.fase !== "annullato" && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {mayAsk && (
            <Button
              variant="secondary"
              icon={CalendarClock}
              onClick={() => setAsking(true)}
              aria-label={`Chiedi proroga: ${loan.oggetto_nome}`}
            >
              Chiedi proroga
            </Button>
          )}
          <ReceiptButton
            loanId={loan.id}
            label="Scarica ricevuta"
            ariaLabel={`Scarica ricevuta: ${loan.oggetto_nome}`}
          />
          {loan.stato !== "restituito" && (
            <DownloadButton
              download={() => downloadLoanCalendar(loan.id)}
              label="Aggiungi al calendario (.ics)"
              ariaLabel={`Aggiungi al calendario (.ics): ${loan.oggetto_nome}`}
              icon={CalendarPlus}
              fallbackError="Calendario non disponibile"
            />
          )}
        </div>
      )}
      {asking && <ExtensionDialog loan={loan} mode="ask" onClose={() => setAsking(false)} />}
    </article>
  );
}
