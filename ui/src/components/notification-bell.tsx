import { Bell } from "lucide-react";

/** The header's bell: opens the notification drawer and shows how many are unread. */
export function NotificationBell({
  unreadCount,
  expanded,
  onClick,
}: {
  unreadCount: number;
  expanded: boolean;
  onClick: () => void;
}) {
  const label = unreadCount > 0 ? `Notifiche, ${unreadCount} non lette` : "Notifiche";
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
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
  );
}

/** "n non letta/lette", next to the drawer's title. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-700">
      {count} non {count === 1 ? "letta" : "lette"}
    </span>
  );
}
