import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface PasswordResetRequest {
  id: number;
  email: string;
  user_name: string;
  user_surname: string;
  user_email: string;
  requested_at: string;
}

export const passwordResetRequestsKey = ["password-reset-requests"];

export function usePasswordResetRequests() {
  return useQuery({
    queryKey: passwordResetRequestsKey,
    queryFn: () =>
      apiRequest<PasswordResetRequest[]>("/api/auth/password-reset-requests", {
        fallbackError: "Errore nel caricamento delle richieste di reset",
      }),
  });
}
