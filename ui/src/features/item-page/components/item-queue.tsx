import { Hourglass } from "lucide-react";
import { datesText } from "../../../../../src/domain/dates";
import { useDeskQueues } from "../../../api/attese";
import { Alert } from "../../../components/alert";
import { StudentLink } from "../../../components/entity-links";
import { LoadingState } from "../../../components/spinner";
import { Badge } from "../../../components/status-badge";
import { holdExpiryText, WAIT_STATE_BADGES } from "../../../lib/wait-words";

/** The desk's view of one item's waiting list: who waits, in order, with the holds and when they expire. */
export function ItemQueue({ itemId }: { itemId: number }) {
  const queues = useDeskQueues();
  const queue = queues.data?.find((candidate) => candidate.inventario_id === itemId);
  return (
    <section aria-labelledby="item-queue-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="item-queue-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Hourglass className="size-4 text-slate-500" aria-hidden="true" />
        Coda di attesa
      </h2>
      {queues.isPending && <LoadingState label="Caricamento coda..." />}
      {queues.isError && <Alert tone="error">{queues.error.message}</Alert>}
      {queues.data && !queue && <p className="text-sm text-slate-600">Nessuno è in coda per questo articolo.</p>}
      {queue && (
        <ol aria-label={`Coda di ${queue.nome}`} className="divide-y divide-slate-100">
          {queue.attese.map((wait, index) => (
            <li key={wait.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{index + 1}. </span>
                <StudentLink id={wait.utente_id} name={wait.utente} />
                <span className="text-slate-600">
                  {wait.corso && <> · {wait.corso}</>} · {datesText(wait.dal, wait.al)}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone={WAIT_STATE_BADGES[wait.stato].tone}>
                  {wait.stato === "offerta" ? "Posto tenuto" : WAIT_STATE_BADGES[wait.stato].label}
                </Badge>
                {wait.stato === "offerta" && (
                  <span className="text-xs text-slate-600">{holdExpiryText(wait.scade_il)}</span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
