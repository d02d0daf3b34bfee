import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export type StudentNotificationKind =
  | "richiesta_approvata"
  | "richiesta_rifiutata"
  | "scadenza_domani"
  | "prestito_scaduto"
  | "penalita"
  | "account_bloccato"
  | "account_sbloccato"
  | "segnalazione_aggiornata";

export interface StudentNotification {
  id: number;
  tipo: StudentNotificationKind;
  titolo: string;
  messaggio: string;
  /** The student's screen it is about. */
  link: string | null;
  letta: boolean;
  created_at: string;
}

interface NotificationList {
  notifiche: StudentNotification[];
  non_lette: number;
}

const notificationsKey = ["notifiche"];
/** A decision of the desk reaches the student within a minute (the call is cheap: one indexed read). */
const POLL_MS = 60_000;

export function useStudentNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => apiRequest<NotificationList>("/api/notifiche"),
    refetchInterval: POLL_MS,
  });
}

/** Mark one read (`id`), all read (`"tutte"`), or delete one; the list reloads after each. */
export function useNotificationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: "read"; id: number } | { kind: "read-all" } | { kind: "delete"; id: number }) =>
      action.kind === "read"
        ? apiRequest(`/api/notifiche/${action.id}/letta`, { method: "PUT" })
        : action.kind === "read-all"
          ? apiRequest("/api/notifiche/tutte-lette", { method: "PUT" })
          : apiRequest(`/api/notifiche/${action.id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
