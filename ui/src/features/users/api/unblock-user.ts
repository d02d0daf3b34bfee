import { useMutation, useQueryClient } from "@tanstack/react-query";
import { penaltiesKeys } from "../../../api/penalties";
import { usersKeys } from "../../../api/users";
import { apiRequest } from "../../../lib/api";

/** Unblocks at the desk, keeping the strikes or setting them back to zero. */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; resetStrikes: boolean }) =>
      apiRequest<{ message: string }>("/api/penalties/unblock-user", {
        method: "POST",
        body: input,
        fallbackError: "Errore nello sblocco utente",
      }),
    onSuccess: (_answer, input) => {
      queryClient.invalidateQueries({ queryKey: usersKeys.all });
      queryClient.invalidateQueries({ queryKey: penaltiesKeys.user(input.userId) });
    },
  });
}
