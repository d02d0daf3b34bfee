import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";
import { usersKeys } from "./users";

// A user's strikes, block and penalty history: GET /api/penalties/user/:id (the desk's penalty window,
// a student's own dashboard), and the desk's unblock (POST /api/penalties/unblock-user).

export type { PenaltyView as Penalty, UserPenalties } from "../../../src/modules/penalties/model";

export const penaltiesKeys = {
  user: (userId: number) => ["penalties", userId] as const,
};

/** Fresher than the session's copy of the strikes and block. */
export function useUserPenalties(userId: number) {
  return useQuery({
    queryKey: penaltiesKeys.user(userId),
    queryFn: () => answerOf(server.api.penalties.user({ userId }).get()),
  });
}

/** Unblocks at the desk, keeping the strikes or setting them back to zero. */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; resetStrikes: boolean }) =>
      answerOf(server.api.penalties["unblock-user"].post(input), "Errore nello sblocco utente"),
    onSuccess: (_answer, input) => {
      queryClient.invalidateQueries({ queryKey: usersKeys.all });
      queryClient.invalidateQueries({ queryKey: penaltiesKeys.user(input.userId) });
    },
  });
}
