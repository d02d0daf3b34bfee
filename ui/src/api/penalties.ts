import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";

// A user's strikes, block and penalty history: GET /api/penalties/user/:id (the desk's penalty window,
// a student's own dashboard).

export const penaltiesKeys = {
  user: (userId: number) => ["penalties", userId] as const,
};

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

/** Fresher than the session's copy of the strikes and block. */
export function useUserPenalties(userId: number) {
  return useQuery({
    queryKey: penaltiesKeys.user(userId),
    queryFn: () => apiRequest<UserPenalties>(`/api/penalties/user/${userId}`),
  });
}
