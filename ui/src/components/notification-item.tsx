import type { LucideIcon } from "lucide-react";
import { Check, Trash2 } from "lucide-react";
import { formatDateTime, formatRelativeTime } from "../lib/dates";
import { IconButton } from "./button";

/** How a notification looks: its icon and the colours of the icon's circle. */
export interface NotificationStyle {
  icon: LucideIcon;
  tone: string;
}

interface NotificationItemProps {
  notification: { title: string; message: string; time: string; isRead: boolean };
  style: NotificationStyle;
  now: Date;
  onOpen: () => void;
  onMarkRead: () => void;
  onRemove: () => void;
}

/** One entry of a notification drawer (the desk's and the student's): open it, mark it read, delete it. */
export function NotificationItem({ notification, style, now, onOpen, onMarkRead, onRemove }: NotificationItemProps) {
  const { icon: Icon, tone } = style;
  return (
    <li className={`flex gap-3 px-5 py-4 ${notification.isRead ? "bg-white" : "bg-indigo-50/40"}`}>
      <div className={`flex size-9 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          className="block w-full rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <span className="flex items-start gap-2">
            <span
              className={`min-w-0 flex-1 text-sm ${notification.isRead ? "font-medium text-slate-700" : "font-semibold text-slate-900"}`}
            >
              {notification.title}
            </span>
            {!notification.isRead && (
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" role="img" aria-label="Non letta" />
            )}
          </span>
          <span className="mt-0.5 block text-sm text-slate-600">{notification.message}</span>
          <time
            dateTime={notification.time}
            title={formatDateTime(notification.time)}
            className="mt-1 block text-xs text-slate-500"
          >
            {formatRelativeTime(notification.time, now)}
          </time>
        </button>
        <div className="mt-2 flex items-center gap-1">
          {!notification.isRead && (
            <button
              type="button"
              onClick={onMarkRead}
              className="-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Check className="size-3.5" aria-hidden="true" />
              Segna come letta
            </button>
          )}
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Elimina notifica: ${notification.title}`}
            onClick={onRemove}
            className="ml-auto size-8"
          />
        </div>
      </div>
    </li>
  );
}
