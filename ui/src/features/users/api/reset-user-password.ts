import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: number; newPassword: string }) =>
      apiRequest<{ message: string }>(`/api/auth/users/${id}/reset-password`, {
        method: "PUT",
        body: { newPassword },
        fallbackError: "Errore nel reset password",
      }),
  });
}
