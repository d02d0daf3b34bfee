import { useCallback, useEffect, useMemo, useState } from "react";
import { useAlerts } from "../../api/avvisi";
import { useNewestPendingRequests } from "../../api/richieste";
import { useServerClockOffset } from "../../api/system";
import { DESK_POLL_INTERVAL_MS } from "../../lib/desk-poll";
import { buildNotifications, type DeskNotification } from "./build-notifications";
import { loadMarks, type NotificationMarks, reconcileMarks, sameMarks, saveMarks } from "./notification-marks";

export interface ShownNotification extends DeskNotification {
  isRead: boolean;
}

/**
 * The signed-in administrator's notifications, built from the newest pending requests and alerts polled every 300
 * seconds, with their read and deleted marks kept in the browser.
 */
export function useNotifications(userId: number) {
  const requests = useNewestPendingRequests({ refetchInterval: DESK_POLL_INTERVAL_MS });
  const alerts = useAlerts({ refetchInterval: DESK_POLL_INTERVAL_MS });
  const clockOffset = useServerClockOffset();
  const [marks, setMarks] = useState<NotificationMarks>(() => loadMarks(userId));

  // A failed poll only leaves the list as it was; the next poll tries again.
  useEffect(() => {
    if (requests.error) console.warn(`Notifiche: richieste non aggiornate (${requests.error.message})`);
  }, [requests.error]);
  useEffect(() => {
    if (alerts.error) console.warn(`Notifiche: avvisi non aggiornati (${alerts.error.message})`);
  }, [alerts.error]);

  const nowMs = Date.now() + clockOffset;
  const built = useMemo(
    () =>
      buildNotifications({
        requests: requests.data?.elementi,
        alerts: alerts.data,
        nowMs: Date.now() + clockOffset,
        firstSeen: marks.firstSeen,
      }),
    [requests.data?.elementi, alerts.data, clockOffset, marks.firstSeen],
  );

  const update = useCallback(
    (change: (current: NotificationMarks) => NotificationMarks) =>
      setMarks((current) => {
        const next = change(current);
        saveMarks(userId, next);
        return next;
      }),
    [userId],
  );

  // Only a complete poll tells which notifications are gone.
  const complete = requests.isSuccess && alerts.isSuccess;
  useEffect(() => {
    if (!complete) return;
    update((current) => {
      const next = reconcileMarks(current, built, new Date(Date.now() + clockOffset).toISOString());
      return sameMarks(current, next) ? current : next;
    });
  }, [complete, built, clockOffset, update]);

  const notifications = useMemo<ShownNotification[]>(() => {
    const read = new Set(marks.read);
    const deleted = new Set(marks.deleted);
    return built
      .filter((notification) => !deleted.has(notification.id))
      .map((notification) => ({ ...notification, isRead: read.has(notification.id) }));
  }, [built, marks.read, marks.deleted]);

  return {
    notifications,
    unreadCount: notifications.filter((notification) => !notification.isRead).length,
    now: new Date(nowMs),
    markRead: (id: string) =>
      update((current) => (current.read.includes(id) ? current : { ...current, read: [...current.read, id] })),
    markAllRead: () =>
      update((current) => ({
        ...current,
        read: [...new Set([...current.read, ...notifications.map((notification) => notification.id)])],
      })),
    remove: (id: string) =>
      update((current) => ({
        ...current,
        read: current.read.filter((entry) => entry !== id),
        deleted: [...current.deleted, id],
      })),
  };
}
