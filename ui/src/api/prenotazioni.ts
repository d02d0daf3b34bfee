import { useQuery } from "@tanstack/react-query";
import type {
  CreateSetBody,
  HandOverSetBody,
  ResolveShortageBody,
  ReturnSetBody,
  SetConflictLine,
  SetSummary,
  SetView,
  ShortageView,
} from "../../../src/modules/sets/model";
import { ApiError, answerOf, pageOf, server } from "../lib/api";
import { useRefreshingWrite } from "./refreshing-write";

// Sets (`prenotazioni`): several items booked, decided, handed over, signed for and returned as one
// (POST/GET/DELETE /api/prenotazioni…, approva, rifiuta, consegna, firma, restituisci, ricevuta, and the
// missing accessories under /api/mancanze), read in the sets module's own shapes.

export type { SetConflictLine, SetSummary, SetView };
export type SetLine = SetView["righe"][number];
export type SetAccessory = SetView["accessori"][number];
export type SetShortage = ShortageView;
export type SetState = SetView["stato"];
export type ReturnCondition = NonNullable<SetLine["condizione"]>;
export type ShortageOutcome = ResolveShortageBody["esito"];
export type SetBookingInput = CreateSetBody;
export type SetLineInput = NonNullable<CreateSetBody["righe"]>[number];
export type HandOverInput = HandOverSetBody;
export type ReturnInput = ReturnSetBody;
export type AccessoryCount = NonNullable<HandOverSetBody["accessori"]>[number];

export const prenotazioniKeys = {
  all: ["prenotazioni"] as const,
  mine: ["prenotazioni", "mie"] as const,
  pending: ["prenotazioni", "in_attesa"] as const,
  one: (id: number) => ["prenotazioni", id] as const,
  shortages: ["mancanze", "aperte"] as const,
};

/** The conflicting lines of a refused booking, or none when the refusal was of another kind. */
export function conflictLinesOf(error: unknown): SetConflictLine[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const lines = error.body.righe;
  return Array.isArray(lines) ? (lines as SetConflictLine[]) : [];
}

export function useMySets() {
  return useQuery({
    queryKey: prenotazioniKeys.mine,
    queryFn: () => answerOf(server.api.prenotazioni.mie.get(), "Errore nel caricamento delle prenotazioni"),
  });
}

/** The sets waiting for the desk's decision, oldest first: the desk decides in the order they came. */
export function usePendingSets() {
  return useQuery({
    queryKey: prenotazioniKeys.pending,
    queryFn: async () =>
      pageOf(
        await answerOf(
          server.api.prenotazioni.get({ query: { stato: "in_attesa", pagina: "1", per_pagina: "50" } }),
          "Errore nel caricamento delle prenotazioni",
        ),
      ).elementi,
  });
}

const setRoute = (id: number) => server.api.prenotazioni({ id: String(id) });

export function useSet(id: number | null) {
  return useQuery({
    queryKey: prenotazioniKeys.one(id ?? 0),
    queryFn: () => answerOf(setRoute(id ?? 0).get(), "Prenotazione non trovata"),
    enabled: id !== null,
  });
}

/** What returning these units now would cost: the whole set's lateness and strikes. */
export function useSetReturnPreview(id: number, unitIds: number[]) {
  return useQuery({
    queryKey: ["prenotazioni", id, "anteprima", unitIds.join(",")],
    queryFn: () =>
      answerOf(
        setRoute(id)["anteprima-restituzione"].get({ query: { unita: unitIds.join(",") } }),
        "Errore nell'anteprima della restituzione",
      ),
    enabled: unitIds.length > 0,
  });
}

/** The accessories not returned, open until the desk resolves them. */
export function useOpenShortages() {
  return useQuery({
    queryKey: prenotazioniKeys.shortages,
    queryFn: () =>
      answerOf(server.api.mancanze.get({ query: { stato: "aperte" } }), "Errore nel caricamento delle mancanze"),
  });
}

/** Every set write changes the sets, the single requests and loans they hold, and the stock. */
function useSetWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  return useRefreshingWrite(
    ["prenotazioni", "mancanze", "richieste", "prestiti", "inventario", "kit", "avvisi"],
    write,
  );
}

export function useCreateSet() {
  return useSetWrite((input: SetBookingInput) =>
    answerOf(server.api.prenotazioni.post(input), "Errore nell'invio della richiesta"),
  );
}

export function useCancelSet() {
  return useSetWrite((id: number) => answerOf(setRoute(id).delete(), "Errore nell'annullamento della prenotazione"));
}

/** Approves the set; the lines named in `refused` are refused with their reason. */
export function useApproveSet() {
  return useSetWrite(({ id, refused }: { id: number; refused: { richiesta_id: number; motivo: string }[] }) =>
    answerOf(
      setRoute(id).approva.put(refused.length > 0 ? { righe_rifiutate: refused } : {}),
      "Errore nell'approvazione",
    ),
  );
}

export function useRefuseSet() {
  return useSetWrite(({ id, reason }: { id: number; reason: string }) =>
    answerOf(setRoute(id).rifiuta.put({ motivo: reason }), "Errore nel rifiuto"),
  );
}

export function useHandOverSet() {
  return useSetWrite(({ id, input }: { id: number; input: HandOverInput }) =>
    answerOf(setRoute(id).consegna.put(input), "Errore nella consegna"),
  );
}

/** The student confirms the hand-over with their own password, on their phone. */
export function useSignSetWithPassword() {
  return useSetWrite(({ id, password }: { id: number; password: string }) =>
    answerOf(setRoute(id).firma.put({ password }), "Errore nella conferma"),
  );
}

export function useReturnSet() {
  return useSetWrite(({ id, input }: { id: number; input: ReturnInput }) =>
    answerOf(setRoute(id).restituisci.put(input), "Errore nella restituzione"),
  );
}

/** The desk closes a mancanza: the accessory came back, was replaced, or is charged as a penalty. */
export function useResolveShortage() {
  return useSetWrite(({ id, esito }: { id: number; esito: ShortageOutcome }) =>
    answerOf(server.api.mancanze({ id: String(id) }).risolvi.put({ esito }), "Errore nella chiusura della mancanza"),
  );
}

/** The signed receipt's address, for a download button. */
export function receiptPath(id: number) {
  return `/api/prenotazioni/${id}/ricevuta`;
}
