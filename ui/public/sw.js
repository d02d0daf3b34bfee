// PrestaLab service worker: shows the desk's desktop notifications and brings the app to the
// right screen when one is clicked. It caches nothing (the app always talks to the live server).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = event.notification.data?.target || "";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if ("focus" in client) {
          client.postMessage({ type: "navigate", target });
          return client.focus();
        }
      }
      return self.clients.openWindow(`/${target}`);
    }),
  );
});
