import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** `per_email`: a reset link is on its way by e-mail (only while the server sends e-mail). */
interface ForgotPasswordAnswer {
  message?: string;
  per_email?: boolean;
}

async function requestPasswordReset(email: string): Promise<ForgotPasswordAnswer> {
  return apiRequest<ForgotPasswordAnswer>("/api/auth/forgot-password", {
    method: "POST",
    body: { email },
    anonymous: true,
    fallbackError: "Errore nell'invio della richiesta",
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
