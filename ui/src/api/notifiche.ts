import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationView } from "../../../src/modules/notifications/model";
import { answerOf, server } from "../lib/api";

// A student's own notifications: GET /api/notifiche, marking one or all read, deleting one.

export type StudentNotification = NotificationView;
export type StudentNotificationKind = NotificationView["tipo"];

export const notificheKeys = {
  all: ["notifiche"] as const,
};

/** A decision of the desk reaches the student within a minute (the call is cheap: one indexed read). */
const POLL_MS = 60_000;

export function useStudentNotifications() {
  return useQuery({
    queryKey: notificheKeys.all,
    queryFn: () => answerOf(server.api.notifiche.get()),
    refetchInterval: POLL_MS,
  });
}

/** Mark one read, all read, or delete one; the list reloads after each. */
export function useNotificationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: "read"; id: number } | { kind: "read-all" } | { kind: "delete"; id: number }) =>
      answerOf(
        action.kind === "read"
          ? server.api.notifiche({ id: action.id }).letta.put()
          : action.kind === "read-all"
            ? server.api.notifiche["tutte-lette"].put()
            : server.api.notifiche({ id: action.id }).delete(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificheKeys.all }),
  });
}
