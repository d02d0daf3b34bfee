import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

async function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>("/api/auth/forgot-password", {
    method: "POST",
    body: { email },
    anonymous: true,
    fallbackError: "Errore nell'invio della richiesta",
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
