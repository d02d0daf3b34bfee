import type { DeskNotification } from "./build-notifications";

/** What the person did with their notifications; kept in the browser so it survives a reload. */
export interface NotificationMarks {
  read: string[];
  deleted: string[];
  /** When each notification was first noticed (the time of alerts that carry none). */
  firstSeen: Record<string, string>;
}

const EMPTY: NotificationMarks = { read: [], deleted: [], firstSeen: {} };

function storageKey(userId: number) {
  return `prestalab.notifiche.${userId}`;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

export function loadMarks(userId: number): NotificationMarks {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "null");
    if (!stored || typeof stored !== "object") return EMPTY;
    const firstSeen = stored.firstSeen && typeof stored.firstSeen === "object" ? stored.firstSeen : {};
    return { read: stringList(stored.read), deleted: stringList(stored.deleted), firstSeen };
  } catch {
    return EMPTY;
  }
}

export function saveMarks(userId: number, marks: NotificationMarks) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(marks));
  } catch (error) {
    console.warn("Impossibile salvare lo stato delle notifiche:", error);
  }
}

/**
 * The marks for the notifications of a complete poll: first-seen times for new ones, and nothing kept
 * for those gone (so storage stays small, and an alert that comes back later is new again).
 */
export function reconcileMarks(
  marks: NotificationMarks,
  current: DeskNotification[],
  nowIso: string,
): NotificationMarks {
  const ids = new Set(current.map((notification) => notification.id));
  const firstSeen: Record<string, string> = {};
  for (const id of ids) firstSeen[id] = marks.firstSeen[id] ?? nowIso;
  return {
    read: marks.read.filter((id) => ids.has(id)),
    deleted: marks.deleted.filter((id) => ids.has(id)),
    firstSeen,
  };
}

export function sameMarks(a: NotificationMarks, b: NotificationMarks): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
