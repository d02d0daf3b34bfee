import { Bell, ClipboardList, KeyRound, Package, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { NotificationBell } from "../../../components/notification-bell";
import { NotificationDrawer } from "../../../components/notification-drawer";
import { NotificationItem, type NotificationStyle } from "../../../components/notification-item";
import { desktopPermission, registerNotificationWorker } from "../../../lib/desktop-notification";
import type { NotificationType } from "../build-notifications";
import { useDesktopAlerts } from "../use-desktop-alerts";
import { useNotifications } from "../use-notifications";
import { DesktopNotificationsControl } from "./desktop-notifications-control";

const TYPE_STYLES: Record<NotificationType, NotificationStyle> = {
  info: { icon: ClipboardList, tone: "bg-indigo-50 text-indigo-600" },
  warning: { icon: TriangleAlert, tone: "bg-red-50 text-red-600" },
  inventory: { icon: Package, tone: "bg-amber-50 text-amber-600" },
  password_reset: { icon: KeyRound, tone: "bg-violet-50 text-violet-600" },
  other: { icon: Bell, tone: "bg-slate-100 text-slate-600" },
};

/** The bell in the desk's header: unread count, the drawer of notifications, desktop notifications. */
export function NotificationCenter({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(desktopPermission);
  const { notifications, unreadCount, now, markRead, markAllRead, remove } = useNotifications(userId);
  useDesktopAlerts(permission === "granted");

  useEffect(() => {
    void registerNotificationWorker();
  }, []);

  return (
    <>
      <NotificationBell unreadCount={unreadCount} expanded={open} onClick={() => setOpen(true)} />

      {open && (
        <NotificationDrawer
          count={notifications.length}
          unread={unreadCount}
          emptyText="Nuove richieste, ritardi e scorte basse compaiono qui."
          onClose={() => setOpen(false)}
          onMarkAllRead={markAllRead}
          footer={<DesktopNotificationsControl permission={permission} onPermissionChange={setPermission} />}
        >
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              style={TYPE_STYLES[notification.type]}
              now={now}
              onOpen={() => {
                markRead(notification.id);
                setOpen(false);
                navigate(notification.href);
              }}
              onMarkRead={() => markRead(notification.id)}
              onRemove={() => remove(notification.id)}
            />
          ))}
        </NotificationDrawer>
      )}
    </>
  );
}
