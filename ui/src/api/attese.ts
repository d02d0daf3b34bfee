import { useQuery } from "@tanstack/react-query";
import type { DeskQueue, JoinQueueBody, WaitView } from "../../../src/modules/demand/model";
import { ApiError, answerOf, server } from "../lib/api";
import { useRefreshingWrite } from "./refreshing-write";

// The waiting list (`attese`): a student joins the queue of an item or a kit for dates with nothing free
// (POST /api/attese), reads their entries (GET /api/attese/mie), confirms a hold or leaves; the desk reads
// the queues (GET /api/attese). Also the catalogue's searches that found nothing (POST /api/domanda/ricerche).

export type { DeskQueue, WaitView };
export type DeskWait = DeskQueue["attese"][number];
export type QueueTarget = Pick<JoinQueueBody, "inventario_id" | "kit_id">;

export const atteseKeys = {
  all: ["attese"] as const,
  mine: ["attese", "mie"] as const,
  desk: ["attese", "banco"] as const,
};

/**
 * Whether a refused request (409) met no free unit of the item at all, so that waiting makes sense: the
 * "any unit" refusal says when the item is next free (`disponibile_dal`), a chosen unit's refusal lists
 * the other units free (`unita_libere`), empty when none is.
 */
export function noFreeUnitRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const { body } = error;
  return "disponibile_dal" in body || (Array.isArray(body.unita_libere) && body.unita_libere.length === 0);
}

export function useMyWaits() {
  return useQuery({
    queryKey: atteseKeys.mine,
    queryFn: () => answerOf(server.api.attese.mie.get(), "Errore nel caricamento delle attese"),
  });
}

/** The desk's queues, one per item or kit, each in queue order. */
export function useDeskQueues() {
  return useQuery({
    queryKey: atteseKeys.desk,
    queryFn: () => answerOf(server.api.attese.get(), "Errore nel caricamento delle code"),
  });
}

/** A change to the waiting list also changes requests, sets and the calendars a hold occupies. */
function useWaitingListWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  return useRefreshingWrite(["attese", "richieste", "prenotazioni", "inventario"], write);
}

export function useJoinQueue() {
  return useWaitingListWrite((input: JoinQueueBody) =>
    answerOf(server.api.attese.post(input), "Errore nell'iscrizione alla coda"),
  );
}

export function useConfirmHold() {
  return useWaitingListWrite((id: number) =>
    answerOf(server.api.attese({ id }).conferma.put(), "Errore nella conferma della prenotazione"),
  );
}

export function useLeaveQueue() {
  return useWaitingListWrite((id: number) =>
    answerOf(server.api.attese({ id }).delete(), "Errore nell'uscita dalla coda"),
  );
}

/** Tells the server a catalogue search found nothing: unmet demand the report counts. */
export function recordEmptySearch(words: string) {
  return answerOf(server.api.domanda.ricerche.post({ testo: words }), "Errore nella registrazione della ricerca");
}
