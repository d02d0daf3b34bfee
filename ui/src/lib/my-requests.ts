import { useQuery } from "@tanstack/react-query";
import type { RequestState } from "../../../src/domain/bookings";
import type { UsageType } from "../../../src/domain/loan-types";
import { apiRequest } from "./api";

export interface MyRequest {
  id: number;
  stato: RequestState;
  oggetto_nome: string;
  codice_univoco: string;
  dal: string;
  al: string;
  note: string | null;
  tipo_utilizzo: UsageType | null;
  motivo_rifiuto: string | null;
  created_at: string;
}

export function useMyRequests() {
  return useQuery({ queryKey: ["richieste", "mie"], queryFn: () => apiRequest<MyRequest[]>("/api/richieste/mie") });
}
