import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface Penalty {
  id: number;
  articolo_nome: string;
  motivo: string;
  strike_assegnati: number;
  giorni_ritardo: number;
  created_at: string;
  created_by_name: string | null;
  created_by_surname: string | null;
  /** Set when the desk reset the strikes: the record stays in the history. */
  azzerata_at: string | null;
}

export interface UserPenalties {
  userInfo: {
    id: number;
    name: string;
    surname: string;
    email: string;
    penalty_strikes: number;
    is_blocked: boolean;
    blocked_reason: string | null;
  };
  penalties: Penalty[];
}

export function userPenaltiesKey(userId: number) {
  return ["penalties", userId];
}

export function useUserPenalties(userId: number) {
  return useQuery({
    queryKey: userPenaltiesKey(userId),
    queryFn: () => apiRequest<UserPenalties>(`/api/penalties/user/${userId}`),
  });
}
