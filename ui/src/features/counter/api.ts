import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../src/domain/loan-types";
import type { Loan } from "../../api/loans";
import { apiRequest } from "../../lib/api";
import type { User } from "../../lib/user";

export interface ScannedUnit {
  id: number;
  codice_univoco: string;
  inventario_id: number;
  oggetto_nome: string;
  checklist: string | null;
  tipo_prestito: LoanType;
  stato: string;
  azione: "restituzione" | "consegna" | "prestito" | "non_disponibile";
  prestito: Loan | null;
}

export function scanCode(code: string) {
  return apiRequest<{ unita: ScannedUnit[] }>(`/api/banco/scansione?codice=${encodeURIComponent(code)}`, {
    fallbackError: "Codice non trovato",
  });
}

/** Students found by matricola, name or email for the desk to lend to: the first few, sorted by surname. */
export function useStudentSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ["users", "banco", search],
    queryFn: () => {
      const query = new URLSearchParams({ ruolo: "user", cerca: search, pagina: "1", per_pagina: "6" });
      return apiRequest<{ elementi: User[]; totale: number }>(`/api/auth/users?${query}`);
    },
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
