import {
  Ban,
  CalendarClock,
  CalendarPlus,
  CircleCheck,
  CircleX,
  Hourglass,
  LockOpen,
  TriangleAlert,
  Wrench,
} from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type StudentNotificationKind, useNotificationAction, useStudentNotifications } from "../../../api/notifiche";
import { NotificationBell } from "../../../components/notification-bell";
import { NotificationDrawer } from "../../../components/notification-drawer";
import { NotificationItem, type NotificationStyle } from "../../../components/notification-item";

const KIND_STYLES: Record<StudentNotificationKind, NotificationStyle> = {
  richiesta_approvata: { icon: CircleCheck, tone: "bg-emerald-50 text-emerald-700" },
  richiesta_rifiutata: { icon: CircleX, tone: "bg-red-50 text-red-600" },
  scadenza_domani: { icon: CalendarClock, tone: "bg-amber-50 text-amber-700" },
  promemoria_rientro: { icon: CalendarClock, tone: "bg-amber-50 text-amber-700" },
  prestito_scaduto: { icon: TriangleAlert, tone: "bg-red-50 text-red-600" },
  prestito_annullato: { icon: CircleX, tone: "bg-slate-100 text-slate-600" },
  penalita: { icon: TriangleAlert, tone: "bg-orange-50 text-orange-700" },
  account_bloccato: { icon: Ban, tone: "bg-red-50 text-red-600" },
  account_sbloccato: { icon: LockOpen, tone: "bg-emerald-50 text-emerald-700" },
  segnalazione_aggiornata: { icon: Wrench, tone: "bg-indigo-50 text-indigo-600" },
  mancanza: { icon: TriangleAlert, tone: "bg-amber-50 text-amber-700" },
  proroga_approvata: { icon: CalendarPlus, tone: "bg-emerald-50 text-emerald-700" },
  proroga_rifiutata: { icon: CircleX, tone: "bg-red-50 text-red-600" },
  attesa_offerta: { icon: Hourglass, tone: "bg-violet-50 text-violet-700" },
  attesa_scaduta: { icon: Hourglass, tone: "bg-slate-100 text-slate-600" },
};

/** The bell in the student's header: what the desk decided and what is due, stored on the server. */
export function StudentNotificationCenter() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useStudentNotifications();
  const act = useNotificationAction();
  const notifications = list.data?.notifiche ?? [];
  const unread = list.data?.non_lette ?? 0;
  const now = new Date();

  return (
    <>
      <NotificationBell unreadCount={unread} expanded={open} onClick={() => setOpen(true)} />
      {open && (
        <NotificationDrawer
          count={notifications.length}
          unread={unread}
          emptyText="L'esito delle tue richieste, le scadenze e le penalità compaiono qui."
          onClose={() => setOpen(false)}
          onMarkAllRead={() => act.mutate({ kind: "read-all" })}
        >
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={{
                title: notification.titolo,
                message: notification.messaggio,
                time: notification.created_at,
                isRead: notification.letta,
              }}
              style={KIND_STYLES[notification.tipo]}
              now={now}
              onOpen={() => {
                if (!notification.letta) act.mutate({ kind: "read", id: notification.id });
                setOpen(false);
                if (notification.link) navigate(notification.link);
              }}
              onMarkRead={() => act.mutate({ kind: "read", id: notification.id })}
              onRemove={() => act.mutate({ kind: "delete", id: notification.id })}
            />
          ))}
        </NotificationDrawer>
      )}
    </>
  );
}
