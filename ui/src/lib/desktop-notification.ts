const AUTO_CLOSE_MS = 5000;

/**
 * Shows a desktop notification when the browser already allows it; otherwise does nothing (the
 * screen has its own in-app message). Closes by itself after 5 seconds.
 */
export function notifyDesktop(title: string, body: string) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const notification = new Notification(title, { body, icon: "/favicon.svg" });
  setTimeout(() => notification.close(), AUTO_CLOSE_MS);
}
