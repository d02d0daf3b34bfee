import type { LoanView } from "../../../../src/modules/loans/model";
import { useReturnPreview } from "../../api/loans";
import { ApiError } from "../../lib/api";
import { Alert } from "../alert";

/** Before the return is confirmed: the lateness and strikes it will give, by the server's own rule. */
export function ReturnPreview({ loan, unitIds }: { loan: LoanView; unitIds: number[] | undefined }) {
  const preview = useReturnPreview(loan.id, unitIds);
  if (preview.isPending) return <p className="text-sm text-slate-500">Calcolo del ritardo…</p>;
  if (preview.isError)
    return (
      <Alert tone="error">
        {preview.error instanceof ApiError ? preview.error.message : "Anteprima non disponibile"}
      </Alert>
    );
  const { giorni_ritardo, strike, blocco, unita_rimanenti } = preview.data;
  const tone = blocco
    ? "border-red-300 bg-red-50 text-red-900"
    : strike > 0
      ? "border-orange-200 bg-orange-50 text-orange-900"
      : "border-emerald-200 bg-emerald-50 text-emerald-900";
  return (
    <section aria-label="Anteprima della restituzione" className={`rounded-lg border px-3 py-2 text-sm ${tone}`}>
      <p className="font-semibold">
        {giorni_ritardo > 0 ? `Ritardo: ${giorni_ritardo} ${giorni_ritardo === 1 ? "giorno" : "giorni"}` : "Nei tempi"}
      </p>
      {unita_rimanenti > 0 ? (
        <p>Restano fuori {unita_rimanenti} unità: le penalità si contano al rientro dell'ultima.</p>
      ) : (
        <p>{strike > 0 ? `Penalità assegnate: ${strike}` : "Nessuna penalità"}</p>
      )}
      {blocco && <p className="font-semibold">L'account dell'utente verrà bloccato.</p>}
    </section>
  );
}
