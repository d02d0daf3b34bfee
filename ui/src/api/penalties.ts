import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";
import { usersKeys } from "./users";

// A user's strikes, block and penalty history: GET /api/penalties/user/:id (the desk's penalty window,
// a student's own dashboard), the desk's unblock (POST /api/penalties/unblock-user), and the desk's
// penalties by hand: add, edit and delete (POST /api/penalties/assign-manual, PUT|DELETE /api/penalties/:id).

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

/** Refreshes what a penalty change moves: the student's history and standing, and the users list's badges. */
function usePenaltyChange<Input extends { userId: number }, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, input) => {
      queryClient.invalidateQueries({ queryKey: usersKeys.all });
      queryClient.invalidateQueries({ queryKey: penaltiesKeys.user(input.userId) });
    },
  });
}

/** The desk gives strikes by hand (damage, misuse), with a reason. */
export function useAssignPenalty() {
  return usePenaltyChange((input: { userId: number; strikes: number; motivo: string }) =>
    answerOf(server.api.penalties["assign-manual"].post(input), "Errore nell'assegnazione della penalità"),
  );
}

/** Corrects one penalty's strikes and reason. */
export function useEditPenalty() {
  return usePenaltyChange((input: { userId: number; id: number; strike_assegnati: number; motivo: string }) =>
    answerOf(
      server.api
        .penalties({ id: String(input.id) })
        .put({ strike_assegnati: input.strike_assegnati, motivo: input.motivo }),
      "Errore nella modifica della penalità",
    ),
  );
}

/** Removes one penalty and, while it counted, its strikes. */
export function useDeletePenalty() {
  return usePenaltyChange((input: { userId: number; id: number }) =>
    answerOf(server.api.penalties({ id: String(input.id) }).delete(), "Errore nell'eliminazione della penalità"),
  );
}
