import { Bell, CheckCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Drawer } from "../../../components/drawer";
import { EmptyState } from "../../../components/empty-state";
import { desktopPermission, registerNotificationWorker } from "../../../lib/desktop-notification";
import { useDesktopAlerts } from "../use-desktop-alerts";
import { useNotifications } from "../use-notifications";
import { DesktopNotificationsControl } from "./desktop-notifications-control";
import { NotificationItem } from "./notification-item";

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

  const label = unreadCount > 0 ? `Notifiche, ${unreadCount} non lette` : "Notifiche";
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
          >
            {unreadCount > 99 ? "99+" : unreadCount}
          </span>
        )}
      </button>

      {open && (
        <Drawer
          title="Notifiche"
          badge={
            unreadCount > 0 && (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-700">
                {unreadCount} non {unreadCount === 1 ? "letta" : "lette"}
              </span>
            )
          }
          onClose={() => setOpen(false)}
          footer={<DesktopNotificationsControl permission={permission} onPermissionChange={setPermission} />}
        >
          {notifications.length === 0 ? (
            <EmptyState
              icon={Bell}
              title="Nessuna notifica"
              text="Nuove richieste, ritardi e scorte basse compaiono qui."
            />
          ) : (
            <>
              {unreadCount > 0 && (
                <div className="flex justify-end border-b border-slate-100 px-5 py-2">
                  <button
                    type="button"
                    onClick={markAllRead}
                    className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <CheckCheck className="size-3.5" aria-hidden="true" />
                    Segna tutte come lette
                  </button>
                </div>
              )}
              <ul aria-label="Elenco notifiche" className="divide-y divide-slate-100">
                {notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
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
              </ul>
            </>
          )}
        </Drawer>
      )}
    </>
  );
}
