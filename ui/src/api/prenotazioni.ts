import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, requestJson } from "../lib/api";

// Sets (`prenotazioni`): several items booked, decided, handed over, signed for and returned as one
// (POST/GET/DELETE /api/prenotazioni…, approva, rifiuta, consegna, restituisci, ricevuta).

export type SetState = "in_attesa" | "approvata" | "rifiutata" | "annullata" | "in_corso" | "restituita";

export type SetLineState = "in_attesa" | "approvata" | "rifiutata" | "annullata" | "in_corso" | "restituita";

export interface SetLine {
  richiesta_id: number;
  inventario_id: number;
  inventario_nome: string;
  unit_id: number | null;
  codice_univoco: string | null;
  stato: SetLineState;
  prestito_id: number | null;
  /** Whether the unit (or some unit of the model) is free for the set's dates. */
  disponibile: boolean;
  motivo: string | null;
}

export interface SetAccessory {
  nome: string;
  quantita: number;
}

export interface SetShortage {
  id: number;
  nome: string;
  quantita: number;
  risolta: boolean;
}

export interface SetView {
  id: number;
  stato: SetState;
  utente_id: number;
  utente_nome: string;
  dal: string;
  al: string;
  kit_id: number | null;
  kit_nome: string | null;
  righe: SetLine[];
  accessori: SetAccessory[];
  mancanze: SetShortage[];
  /** Whether the signed receipt exists (after the hand-over). */
  firmata: boolean;
  created_at: string;
}

/** One line of a booking: a model, optionally one unit, or several units of the model. */
export interface SetLineInput {
  inventario_id: number;
  unit_id?: number;
  quantita?: number;
}

export type SetBookingInput = { dal: string; al: string; note?: string } & (
  | { righe: SetLineInput[]; kit_id?: undefined }
  | { kit_id: number; righe?: SetLineInput[] }
);

/** A 409's line: what was asked, how many are free, and when the line is next free. */
export interface SetConflictLine {
  inventario_id: number;
  richieste: number;
  libere: number;
  libero_dal: string | null;
}

/** The signature: an image drawn on the desk's screen, or the student's password on their phone. */
export type HandOverSignature = { firma_png: string } | { password: string };

export interface HandOverInput {
  unita_ids: number[];
  accessori: SetAccessory[];
  firma: HandOverSignature;
}

export interface ReturnInput {
  unita_ids: number[];
  accessori_mancanti: SetAccessory[];
  condizioni: Record<string, string>;
}

export const prenotazioniKeys = {
  all: ["prenotazioni"] as const,
  mine: ["prenotazioni", "mie"] as const,
  pending: ["prenotazioni", "in_attesa"] as const,
  one: (id: number) => ["prenotazioni", id] as const,
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
    queryFn: () => requestJson<SetView[]>("GET", "/api/prenotazioni/mie", "Errore nel caricamento delle prenotazioni"),
  });
}

export function usePendingSets() {
  return useQuery({
    queryKey: prenotazioniKeys.pending,
    queryFn: () =>
      requestJson<{ elementi: SetView[] }>(
        "GET",
        "/api/prenotazioni?stato=in_attesa&pagina=1&per_pagina=50",
        "Errore nel caricamento delle prenotazioni",
      ).then((page) => page.elementi),
  });
}

export function useSet(id: number | null) {
  return useQuery({
    queryKey: prenotazioniKeys.one(id ?? 0),
    queryFn: () => requestJson<SetView>("GET", `/api/prenotazioni/${id}`, "Prenotazione non trovata"),
    enabled: id !== null,
  });
}

/** Every set write changes the sets, the single requests and loans they hold, and the stock. */
function useSetWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      for (const key of ["prenotazioni", "richieste", "prestiti", "inventario", "kit", "avvisi"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

export function useCreateSet() {
  return useSetWrite((input: SetBookingInput) =>
    requestJson<SetView>("POST", "/api/prenotazioni", "Errore nell'invio della richiesta", input),
  );
}

export function useCancelSet() {
  return useSetWrite((id: number) =>
    requestJson<SetView>("DELETE", `/api/prenotazioni/${id}`, "Errore nell'annullamento della prenotazione"),
  );
}

/** Approves the set; the lines named in `refused` are refused with their reason. */
export function useApproveSet() {
  return useSetWrite(({ id, refused }: { id: number; refused: { richiesta_id: number; motivo: string }[] }) =>
    requestJson<SetView>(
      "PUT",
      `/api/prenotazioni/${id}/approva`,
      "Errore nell'approvazione",
      refused.length > 0 ? { righe_rifiutate: refused } : {},
    ),
  );
}

export function useRefuseSet() {
  return useSetWrite(({ id, reason }: { id: number; reason: string }) =>
    requestJson<SetView>("PUT", `/api/prenotazioni/${id}/rifiuta`, "Errore nel rifiuto", { motivo: reason }),
  );
}

export function useHandOverSet() {
  return useSetWrite(({ id, input }: { id: number; input: HandOverInput }) =>
    requestJson<SetView>("PUT", `/api/prenotazioni/${id}/consegna`, "Errore nella consegna", input),
  );
}

export function useReturnSet() {
  return useSetWrite(({ id, input }: { id: number; input: ReturnInput }) =>
    requestJson<SetView>("PUT", `/api/prenotazioni/${id}/restituisci`, "Errore nella restituzione", input),
  );
}

/** The signed receipt's address, for a download button. */
export function receiptPath(id: number) {
  return `/api/prenotazioni/${id}/ricevuta`;
}
