import { CalendarCheck, Hourglass, LogOut } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { datesText } from "../../../../../src/domain/dates";
import { LIVE_WAIT_STATES } from "../../../../../src/domain/demand";
import { useConfirmHold, useLeaveQueue, useMyWaits, type WaitView } from "../../../api/attese";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { Badge } from "../../../components/status-badge";
import { useToast } from "../../../components/toast";
import { holdExpiryText, WAIT_STATE_BADGES } from "../../../lib/wait-words";

/** The notification of a hold links here with `?conferma=ID`: that entry is picked out. */
const CONFIRM_PARAM = "conferma";

/** Holds first (they expire), then the entries still waiting, then the closed ones as the server sent them. */
function byUrgency(a: WaitView, b: WaitView): number {
  const rank = (wait: WaitView) => (wait.stato === "offerta" ? 0 : wait.stato === "in_coda" ? 1 : 2);
  return rank(a) - rank(b);
}

/** `/attese`: the student's places in the waiting lists, and the holds to confirm or give up. */
export function WaitingListPage() {
  const waits = useMyWaits();
  const [params] = useSearchParams();
  const pickedId = Number(params.get(CONFIRM_PARAM));
  const [leaving, setLeaving] = useState<WaitView | null>(null);
  const leaveQueue = useLeaveQueue();
  const showToast = useToast();

  function confirmLeave(wait: WaitView) {
    leaveQueue.mutate(wait.id, {
      onSuccess: (answer) => showToast(`${answer.message}: ${wait.nome}`),
      onError: (error) => showToast(error.message, "error"),
      onSettled: () => setLeaving(null),
    });
  }

  const sorted = [...(waits.data ?? [])].sort(byUrgency);
  return (
    <>
      <PageHeader
        title="In coda"
        description="Gli articoli e i kit che aspetti: quando si liberano per le tue date, il posto è tenuto per te per qualche ora."
      />
      {waits.isPending && <LoadingState label="Caricamento attese..." />}
      {waits.isError && <Alert tone="error">{waits.error.message}</Alert>}
      {waits.data && sorted.length === 0 && (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState
            icon={Hourglass}
            title="Non sei in coda per niente"
            text="Quando le date che ti servono sono occupate, scegli «Avvisami se si libera» nella richiesta o nella pagina dell'articolo."
          />
        </div>
      )}
      {sorted.length > 0 && (
        <ul aria-label="Le mie attese" className="grid gap-3 lg:grid-cols-2">
          {sorted.map((wait) => (
            <li key={wait.id}>
              <WaitCard wait={wait} picked={wait.id === pickedId} onLeave={() => setLeaving(wait)} />
            </li>
          ))}
        </ul>
      )}
      {leaving && (
        <ConfirmDialog
          title="Esci dalla coda"
          description={`${leaving.nome} · ${datesText(leaving.dal, leaving.al)}`}
          message={
            leaving.stato === "offerta"
              ? "Vuoi rinunciare al posto tenuto per te? Passerà al prossimo in coda."
              : "Vuoi uscire dalla coda? Non sarai avvisato se si libera."
          }
          confirmLabel="Esci dalla coda"
          busy={leaveQueue.isPending}
          onConfirm={() => confirmLeave(leaving)}
          onCancel={() => setLeaving(null)}
        />
      )}
    </>
  );
}

function WaitCard({ wait, picked, onLeave }: { wait: WaitView; picked: boolean; onLeave: () => void }) {
  const confirmHold = useConfirmHold();
  const showToast = useToast();
  const card = useRef<HTMLElement>(null);
  const badge = WAIT_STATE_BADGES[wait.stato];
  const live = LIVE_WAIT_STATES.includes(wait.stato);

  // Arriving from the hold's notification, the student lands on its one button.
  useEffect(() => {
    if (picked) card.current?.querySelector<HTMLButtonElement>("[data-conferma]")?.focus();
  }, [picked]);

  return (
    <article
      ref={card}
      aria-label={`${wait.nome}, ${datesText(wait.dal, wait.al)}`}
      className={`rounded-xl border bg-white p-4 shadow-sm ${picked ? "border-indigo-400 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">{wait.nome}</h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {wait.kit_id !== null ? "Kit · " : ""}
        {datesText(wait.dal, wait.al)}
      </p>
      {wait.stato === "in_coda" && wait.posizione !== null && (
        <p className="mt-2 text-sm font-medium text-slate-800">Sei il n. {wait.posizione} in coda</p>
      )}
      {wait.stato === "offerta" && (
        <p className="mt-2 text-sm font-medium text-emerald-800">
          Si è liberato: {holdExpiryText(wait.scade_il).toLowerCase()}. Confermalo per farne una richiesta.
        </p>
      )}
      {live && (
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            icon={LogOut}
            className="py-2"
            aria-label={`Esci dalla coda: ${wait.nome}`}
            onClick={onLeave}
          >
            Esci dalla coda
          </Button>
          {wait.stato === "offerta" && (
            <Button
              data-conferma
              icon={CalendarCheck}
              className="py-2"
              busy={confirmHold.isPending}
              onClick={() =>
                confirmHold.mutate(wait.id, {
                  onSuccess: (answer) => showToast(answer.message),
                  onError: (error) => showToast(error.message, "error"),
                })
              }
            >
              Conferma prenotazione
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
