import { REQUEST_STATE } from "../../../src/domain/bookings";

// Desktop notifications for the lending desk. They are shown through the service worker (`/sw.js`)
// when it is registered — the only way that works on every browser, phones included — and through
// the page's own Notification otherwise. A click on one brings the app to its `#target` screen.

const AUTO_CLOSE_MS = 5000;
const VIBRATION = [200, 100, 200];
const WORKER_URL = "/sw.js";

export const DESKTOP_MESSAGES = {
  unsupported: "Le notifiche non sono supportate da questo browser",
  denied: "Le notifiche sono state negate. Abilita le notifiche nelle impostazioni del browser.",
  noWorker: "Service Worker non supportato",
  unavailable: "Notifiche desktop non disponibili",
  enabled: "Notifiche desktop attive",
} as const;

/** Where a click on a notification leads, as the hash the service worker opens. */
type DesktopTarget = "#prestiti" | "#richieste" | "#riparazioni" | "#segnalazioni";

export type DesktopPermission = "unsupported" | NotificationPermission;

export function desktopPermission(): DesktopPermission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

function workerContainer(): ServiceWorkerContainer | null {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : null;
}

/**
 * Registers `/sw.js`; null where service workers do not exist (the drawer's control says so when the
 * person asks for notifications, so there is nothing to log here).
 */
export async function registerNotificationWorker(): Promise<ServiceWorkerRegistration | null> {
  const container = workerContainer();
  if (!container) return null;
  try {
    return await container.register(WORKER_URL);
  } catch (error) {
    console.warn("Registrazione del service worker non riuscita:", error);
    return null;
  }
}

/**
 * Asks the browser for permission. Answers whether notifications are now on and the message for the
 * person: why not, or that they are active.
 */
export async function enableDesktopNotifications(): Promise<{ enabled: boolean; message: string }> {
  if (typeof Notification === "undefined") return { enabled: false, message: DESKTOP_MESSAGES.unsupported };
  if (!workerContainer()) return { enabled: false, message: DESKTOP_MESSAGES.noWorker };
  if (Notification.permission === "denied") return { enabled: false, message: DESKTOP_MESSAGES.denied };
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission === "granted") {
    await registerNotificationWorker();
    return { enabled: true, message: DESKTOP_MESSAGES.enabled };
  }
  return {
    enabled: false,
    message: permission === "denied" ? DESKTOP_MESSAGES.denied : DESKTOP_MESSAGES.unavailable,
  };
}

interface DesktopNotice {
  title: string;
  body: string;
  target?: DesktopTarget;
  /** Stays on screen until the person acts on it; otherwise it closes after 5 seconds. */
  requireInteraction?: boolean;
}

let sequence = 0;

/**
 * Shows a notice when the browser allows it. Answers false (and logs "Notifiche desktop non
 * disponibili") when it cannot: the screens always have their own in-app message as well.
 */
async function showDesktopNotification(notice: DesktopNotice): Promise<boolean> {
  if (desktopPermission() !== "granted") {
    console.info(DESKTOP_MESSAGES.unavailable);
    return false;
  }
  sequence += 1;
  const tag = `prestalab-${Date.now()}-${sequence}`;
  const requireInteraction = notice.requireInteraction ?? false;
  const options: NotificationOptions & { vibrate: number[] } = {
    body: notice.body,
    icon: "/favicon.svg",
    tag,
    requireInteraction,
    vibrate: VIBRATION,
    data: { target: notice.target ?? "" },
  };
  try {
    const registration = await workerContainer()?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(notice.title, options);
      if (!requireInteraction)
        setTimeout(async () => {
          for (const shown of await registration.getNotifications({ tag })) shown.close();
        }, AUTO_CLOSE_MS);
      return true;
    }
    const notification = new Notification(notice.title, options);
    if (!requireInteraction) setTimeout(() => notification.close(), AUTO_CLOSE_MS);
    return true;
  } catch (error) {
    console.warn(DESKTOP_MESSAGES.unavailable, error);
    return false;
  }
}

/** A short desktop notice that closes by itself (e.g. after a password reset). */
export function notifyDesktop(title: string, body: string) {
  void showDesktopNotification({ title, body });
}

export function notifyNewRequest(request: {
  id: number;
  utente_nome: string | null;
  utente_cognome: string | null;
  oggetto_nome: string;
}) {
  const who = `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim() || "Un utente";
  return showDesktopNotification({
    title: `Nuova richiesta #${request.id}`,
    body: `${who} ha richiesto ${request.oggetto_nome}`,
    target: "#richieste",
    requireInteraction: true,
  });
}

export function notifyRequestStatus(
  request: { id: number; oggetto_nome: string },
  status: typeof REQUEST_STATE.approved | typeof REQUEST_STATE.refused,
) {
  return showDesktopNotification({
    title: status === REQUEST_STATE.approved ? "Richiesta Approvata!" : "Richiesta rifiutata",
    body:
      status === REQUEST_STATE.approved
        ? `Richiesta #${request.id} (${request.oggetto_nome}): l'attrezzatura può essere ritirata.`
        : `Richiesta #${request.id} (${request.oggetto_nome}) rifiutata.`,
    target: "#prestiti",
    requireInteraction: true,
  });
}

export function notifyRepair(repair: { id: number; oggetto_nome: string }) {
  return showDesktopNotification({
    title: `Riparazione #${repair.id}`,
    body: `${repair.oggetto_nome} è in riparazione`,
    target: "#riparazioni",
    requireInteraction: true,
  });
}

export function notifyNewReport(report: {
  id: number;
  utente_nome: string | null;
  utente_cognome: string | null;
  tipo: string;
  messaggio: string;
}) {
  const who = `${report.utente_nome ?? ""} ${report.utente_cognome ?? ""}`.trim() || "Un utente";
  return showDesktopNotification({
    title: `Nuova segnalazione #${report.id}: ${report.tipo}`,
    body: `${who}: ${report.messaggio}`,
    target: "#segnalazioni",
    requireInteraction: true,
  });
}

const TARGETS = ["prestiti", "richieste", "riparazioni", "segnalazioni"] as const;
type DesktopTargetName = (typeof TARGETS)[number];

function targetName(hash: unknown): DesktopTargetName | null {
  const name = typeof hash === "string" ? hash.replace(/^\/?#/, "") : "";
  return (TARGETS as readonly string[]).includes(name) ? (name as DesktopTargetName) : null;
}

/**
 * Calls `listener` with the screen a clicked notification points to: at once when the page was opened
 * on its `#target` (the worker opens `/#target` when no window is left), then for every `navigate`
 * message the worker posts to an open window. Returns the function that stops listening.
 */
export function onDesktopNavigation(listener: (target: DesktopTargetName) => void): () => void {
  const initial = targetName(window.location.hash);
  if (initial) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    listener(initial);
  }
  const container = workerContainer();
  if (!container) return () => {};
  const handle = (event: MessageEvent) => {
    const data = event.data as { type?: string; target?: unknown } | null;
    const target = data?.type === "navigate" ? targetName(data.target) : null;
    if (target) listener(target);
  };
  container.addEventListener("message", handle);
  return () => container.removeEventListener("message", handle);
}
