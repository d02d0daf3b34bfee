import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { userPenaltiesKey } from "./get-user-penalties";
import { usersKey } from "./get-users";

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
      queryClient.invalidateQueries({ queryKey: usersKey });
      queryClient.invalidateQueries({ queryKey: userPenaltiesKey(input.userId) });
    },
  });
}
