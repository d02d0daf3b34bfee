import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { passwordResetRequestsKey } from "./get-password-reset-requests";

interface AdminResetPasswordInput {
  email: string;
  newPassword: string;
}

export function useAdminResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminResetPasswordInput) =>
      apiRequest<{ message: string }>("/api/auth/admin-reset-password", {
        method: "POST",
        body: input,
        fallbackError: "aggiornamento non riuscito",
      }),
    // Setting the password completes the user's pending requests.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passwordResetRequestsKey }),
  });
}
