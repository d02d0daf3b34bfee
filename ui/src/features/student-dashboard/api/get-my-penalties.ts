import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface PenaltyRecord {
  id: number;
  articolo_nome: string | null;
  motivo: string;
  strike_assegnati: number;
  giorni_ritardo: number | null;
  created_at: string;
  created_by_name: string | null;
  created_by_surname: string | null;
}

interface PenaltyInfo {
  userInfo: { penalty_strikes: number; is_blocked: boolean; blocked_reason: string | null };
  penalties: PenaltyRecord[];
}

/** The student's current strikes and block, fresher than the session's copy, and their history. */
export function useMyPenalties(userId: number) {
  return useQuery({
    queryKey: ["penalties", "user", userId],
    queryFn: () => apiRequest<PenaltyInfo>(`/api/penalties/user/${userId}`),
  });
}
