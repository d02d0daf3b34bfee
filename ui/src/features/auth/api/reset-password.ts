import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** The one-time token of a reset link (/reimposta-password?token=…), or null off that page. */
export function resetLinkToken(): string | null {
  if (window.location.pathname !== "/reimposta-password") return null;
  return new URLSearchParams(window.location.search).get("token") ?? "";
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest<{ message: string }>("/api/auth/reimposta-password", {
        method: "POST",
        body: input,
        anonymous: true,
        fallbackError: "Errore nell'aggiornamento della password",
      }),
  });
}
