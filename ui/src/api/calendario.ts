import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, apiDownload, server } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** Also refreshed by a password change, which revokes the feed. */
export const calendarFeedKey = ["calendario"] as const;

/** The signed-in person's private calendar feed address (a student's loans, or the desk's due dates). */
export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: () => answerOf(server.api.calendario.get()) });
}

/** Revokes the feed: the old address stops working and a new one is shown. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(server.api.calendario.delete(), "Non è stato possibile revocare il link"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}

/** Saves one loan as an .ics file, to add to any calendar application. */
export async function downloadLoanCalendar(loanId: number) {
  const { blob, fileName } = await apiDownload(`/api/prestiti/${loanId}/ics`, "Calendario non disponibile");
  saveFile(blob, fileName ?? `prestito-${loanId}.ics`);
}
