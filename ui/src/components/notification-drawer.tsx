import { Bell, CheckCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Drawer } from "./drawer";
import { EmptyState } from "./empty-state";
import { UnreadBadge } from "./notification-bell";

interface NotificationDrawerProps {
  /** How many notifications are listed: none shows the empty state. */
  count: number;
  unread: number;
  /** What the empty drawer says will appear here. */
  emptyText: string;
  onClose: () => void;
  onMarkAllRead: () => void;
  footer?: ReactNode;
  /** One NotificationItem per notification. */
  children: ReactNode;
}

/** The drawer behind a bell, the desk's and the student's alike: the list, "Segna tutte come lette". */
export function NotificationDrawer({
  count,
  unread,
  emptyText,
  onClose,
  onMarkAllRead,
  footer,
  children,
}: NotificationDrawerProps) {
  return (
    <Drawer title="Notifiche" badge={<UnreadBadge count={unread} />} onClose={onClose} footer={footer}>
      {count === 0 ? (
        <EmptyState icon={Bell} title="Nessuna notifica" text={emptyText} />
      ) : (
        <>
          {unread > 0 && (
            <div className="flex justify-end border-b border-slate-100 px-5 py-2">
              <button
                type="button"
                onClick={onMarkAllRead}
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <CheckCheck className="size-3.5" aria-hidden="true" />
                Segna tutte come lette
              </button>
            </div>
          )}
          <ul aria-label="Elenco notifiche" className="divide-y divide-slate-100">
            {children}
          </ul>
        </>
      )}
    </Drawer>
  );
}
