import { useQuery } from "@tanstack/react-query";
import type { ExtensionView } from "../../../src/modules/loans/model";
import { answerOf, server } from "../lib/api";
import { useRefreshingWrite } from "./refreshing-write";

/** Extensions of a loan (`proroghe`): the student asks, the desk approves, refuses or extends directly. */

export type { ExtensionView };

/** Under "prestiti": every loan change refreshes the extensions too, and an extension refreshes the loans. */
export const prorogheKeys = {
  pending: ["prestiti", "proroghe", "in_attesa"] as const,
};

/** The pending extensions: every student's for the desk, the student's own otherwise. */
export function usePendingExtensions() {
  return useQuery({
    queryKey: prorogheKeys.pending,
    queryFn: () =>
      answerOf(server.api.proroghe.get({ query: { stato: "in_attesa" } }), "Errore nel caricamento delle proroghe"),
  });
}

/**
 * An extension moves the due date: the loans, the alerts, the calendars, the desk's lists and the
 * student page (under "users") all change.
 */
function useExtensionWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
  return useRefreshingWrite(["prestiti", "prenotazioni", "avvisi", "inventario", "banco", "users"], write);
}

export function useRequestExtension() {
  return useExtensionWrite(({ loanId, al, motivo }: { loanId: number; al: string; motivo: string }) =>
    answerOf(server.api.prestiti({ id: loanId }).proroga.post({ al, motivo }), "Errore nella richiesta di proroga"),
  );
}

export function useApproveExtension() {
  return useExtensionWrite((id: number) =>
    answerOf(server.api.proroghe({ id }).approva.put(), "Errore nell'approvazione della proroga"),
  );
}

export function useRefuseExtension() {
  return useExtensionWrite(({ id, motivo }: { id: number; motivo: string }) =>
    answerOf(server.api.proroghe({ id }).rifiuta.put({ motivo }), "Errore nel rifiuto della proroga"),
  );
}

export function useExtendLoan() {
  return useExtensionWrite(({ loanId, al }: { loanId: number; al: string }) =>
    answerOf(server.api.prestiti({ id: loanId }).proroga.put({ al }), "Errore nella proroga"),
  );
}
