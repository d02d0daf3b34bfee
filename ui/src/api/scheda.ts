import { useQuery } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";
import { usersKeys } from "./users";

// One student as the desk sees them (GET /api/utenti/:id/scheda): the student page and the Banco's warning.

export type { StudentSheet } from "../../../src/modules/people/model";

/** Under "users": a strike, an unblock or a profile change refreshes it with every list of accounts. */
export const studentSheetKey = (userId: number) => [...usersKeys.all, "scheda", userId] as const;

export function useStudentSheet(userId: number | null) {
  return useQuery({
    queryKey: studentSheetKey(userId ?? 0),
    queryFn: () => answerOf(server.api.utenti({ id: String(userId) }).scheda.get()),
    enabled: userId !== null,
  });
}
