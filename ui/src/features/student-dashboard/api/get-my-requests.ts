import { useQuery } from "@tanstack/react-query";
import type { UsageType } from "../../../../../src/domain/loan-types";
import { apiRequest } from "../../../lib/api";

export interface DashboardRequest {
  id: number;
  stato: "in_attesa" | "approvata" | "rifiutata" | "annullata";
  oggetto_nome: string;
  codice_univoco: string;
  dal: string;
  al: string;
  note: string | null;
  tipo_utilizzo: UsageType | null;
  motivo_rifiuto: string | null;
  created_at: string;
}

/** Newest first, as the server sends them. */
export function useMyRequests() {
  return useQuery({
    queryKey: ["richieste", "mie"],
    queryFn: () => apiRequest<DashboardRequest[]>("/api/richieste/mie"),
  });
}
