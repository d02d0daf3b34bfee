import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, requestJson } from "../lib/api";

// Sets (`prenotazioni`): several items booked, decided, handed over, signed for and returned as one
// (POST/GET/DELETE /api/prenotazioni…, approva, rifiuta, consegna, restituisci, ricevuta).

// The shapes below are the sets module's (src/modules/sets/model.ts) as the screens read them.
export type SetState = "in_attesa" | "approvata" | "in_corso" | "conclusa" | "rifiutata" | "annullata";
export type LoanPhase = "da_ritirare" | "attivo" | "scaduto" | "restituito" | "annullato";
export type ReturnCondition = "ok" | "danneggiato" | "incompleto";

/** One unit of a set: its spec request and, once approved, its spec loan. */
export interface SetLine {
  richiesta_id: number;
  stato_richiesta: "in_attesa" | "approvata" | "rifiutata" | "annullata";
  motivo_rifiuto: string | null;
  inventario_id: number;
  oggetto_nome: string;
  unit_id: number;
  codice_univoco: string;
  prestito_id: number | null;
  fase: LoanPhase | null;
  restituita_il: string | null;
  condizione: ReturnCondition | null;
  /** For a pending line: whether its unit is still free for the dates. */
  disponibile: boolean;
}

export interface SetAccessory {
  id: number;
  nome: string;
  quantita: number;
  consegnati: number;
}

export interface SetShortage {
  id: number;
  prenotazione_id: number;
  nome: string;
  quantita: number;
  esito: "restituito" | "sostituito" | "penalita" | null;
  nota: string | null;
  created_at: string;
  risolta_il: string | null;
  utente_id: number | null;
  utente_nome: string | null;
  utente_cognome: string | null;
}

interface SetFields {
  id: number;
  stato: SetState;
  utente_id: number | null;
  utente_nome: string | null;
  utente_cognome: string | null;
  matricola: string | null;
  kit_id: number | null;
  kit_nome: string | null;
  dal: string;
  al: string;
  note: string | null;
  motivo_rifiuto: string | null;
  created_at: string;
  firma: { tipo: "disegno" | "password"; firmato_il: string } | null;
  /** Every pending line's unit is still free for the dates. */
  disponibile: boolean;
  unita_totali: number;
  mancanze_aperte: number;
}

/** A set as a list row: its lines summed up per model. */
export interface SetSummary extends SetFields {
  oggetti: { inventario_id: number; oggetto_nome: string; quantita: number }[];
}

export interface SetView extends SetFields {
  righe: SetLine[];
  accessori: SetAccessory[];
  mancanze: SetShortage[];
}

/** One line of a booking: a model, optionally one unit, or several units of the model. */
export interface SetLineInput {
  inventario_id: number;
  unit_id?: number;
  quantita?: number;
}

export interface SetBookingInput {
  kit_id?: number;
  dal: string;
  al: string;
  note?: string;
  righe?: SetLineInput[];
}

/** A 409's line: what was asked, how many are free, and when the line is next free. */
export interface SetConflictLine {
  inventario_id: number;
  oggetto_nome: string;
  richieste: number;
  libere: number;
  libero_dal: string | null;
}

export interface AccessoryCount {
  nome: string;
  quantita: number;
}

/** The hand-over: the units scanned, the accessories ticked, lines cancelled, the drawn signature. */
export interface HandOverInput {
  unita_ids: number[];
  accessori: AccessoryCount[];
  righe_annullate?: { richiesta_id: number; motivo: string }[];
  /** A PNG data URL drawn on the pad; without it the student confirms with their password. */
  firma?: string;
}

export interface ReturnInput {
  unita_ids: number[];
  accessori_mancanti: AccessoryCount[];
  condizioni: { unit_id: number; condizione: ReturnCondition; nota?: string }[];
}

export interface SetReturnPreview {
  giorni_ritardo: number;
  strike: number;
  blocco: boolean;
  unita_rimanenti: number;
}

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
    queryFn: () =>
      requestJson<SetSummary[]>("GET", "/api/prenotazioni/mie", "Errore nel caricamento delle prenotazioni"),
  });
}

/** The sets waiting for the desk's decision, oldest first: the desk decides in the order they came. */
export function usePendingSets() {
  return useQuery({
    queryKey: prenotazioniKeys.pending,
    queryFn: () =>
      requestJson<{ elementi: SetSummary[] }>(
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

/** What returning these units now would cost: the whole set's lateness and strikes. */
export function useSetReturnPreview(id: number, unitIds: number[]) {
  return useQuery({
    queryKey: ["prenotazioni", id, "anteprima", unitIds.join(",")],
    queryFn: () =>
      requestJson<SetReturnPreview>(
        "GET",
        `/api/prenotazioni/${id}/anteprima-restituzione?unita=${unitIds.join(",")}`,
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
      requestJson<SetShortage[]>("GET", "/api/mancanze?stato=aperte", "Errore nel caricamento delle mancanze"),
  });
}

/** Every set write changes the sets, the single requests and loans they hold, and the stock. */
function useSetWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      for (const key of ["prenotazioni", "mancanze", "richieste", "prestiti", "inventario", "kit", "avvisi"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

type SetAnswer = { message: string; prenotazione: SetView };

export function useCreateSet() {
  return useSetWrite((input: SetBookingInput) =>
    requestJson<SetView>("POST", "/api/prenotazioni", "Errore nell'invio della richiesta", input),
  );
}

export function useCancelSet() {
  return useSetWrite((id: number) =>
    requestJson<SetAnswer>("DELETE", `/api/prenotazioni/${id}`, "Errore nell'annullamento della prenotazione"),
  );
}

/** Approves the set; the lines named in `refused` are refused with their reason. */
export function useApproveSet() {
  return useSetWrite(({ id, refused }: { id: number; refused: { richiesta_id: number; motivo: string }[] }) =>
    requestJson<SetAnswer>(
      "PUT",
      `/api/prenotazioni/${id}/approva`,
      "Errore nell'approvazione",
      refused.length > 0 ? { righe_rifiutate: refused } : {},
    ),
  );
}

export function useRefuseSet() {
  return useSetWrite(({ id, reason }: { id: number; reason: string }) =>
    requestJson<SetAnswer>("PUT", `/api/prenotazioni/${id}/rifiuta`, "Errore nel rifiuto", { motivo: reason }),
  );
}

export function useHandOverSet() {
  return useSetWrite(({ id, input }: { id: number; input: HandOverInput }) =>
    requestJson<SetAnswer>("PUT", `/api/prenotazioni/${id}/consegna`, "Errore nella consegna", input),
  );
}

/** The student confirms the hand-over with their own password, on their phone. */
export function useSignSetWithPassword() {
  return useSetWrite(({ id, password }: { id: number; password: string }) =>
    requestJson<SetAnswer>("PUT", `/api/prenotazioni/${id}/firma`, "Errore nella conferma", { password }),
  );
}

export function useReturnSet() {
  return useSetWrite(({ id, input }: { id: number; input: ReturnInput }) =>
    requestJson<SetAnswer & { mancanze: SetShortage[] }>(
      "PUT",
      `/api/prenotazioni/${id}/restituisci`,
      "Errore nella restituzione",
      input,
    ),
  );
}

/** The desk closes a mancanza: the accessory came back, was replaced, or is charged as a penalty. */
export function useResolveShortage() {
  return useSetWrite(({ id, esito }: { id: number; esito: NonNullable<SetShortage["esito"]> }) =>
    requestJson<{ message: string }>("PUT", `/api/mancanze/${id}/risolvi`, "Errore nella chiusura della mancanza", {
      esito,
    }),
  );
}

/** The signed receipt's address, for a download button. */
export function receiptPath(id: number) {
  return `/api/prenotazioni/${id}/ricevuta`;
}
