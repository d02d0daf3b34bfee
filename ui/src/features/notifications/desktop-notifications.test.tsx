import { afterEach, describe, expect, it, jest } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { captureConsole } from "../../../test/console";
import { renderDashboard } from "../../../test/dashboard";
import { aLoanRequest, hoursAgo, noAlerts } from "../../../test/desk-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { requestListRoute } from "../../../test/paged-lists";
import { notifyDesktop } from "../../lib/desktop-notification";

interface Shown {
  title: string;
  options?: NotificationOptions & { vibrate?: number[] };
}

/** A browser Notification whose permission starts as given and becomes `answer` when asked. */
function installNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const constructed: Shown[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = async () => {
      FakeNotification.permission = answer;
      return answer;
    };
    constructor(title: string, options?: NotificationOptions) {
      constructed.push({ title, options });
    }
    close() {}
  }
  (globalThis as { Notification?: unknown }).Notification = FakeNotification;
  return constructed;
}

/** A service-worker container with an active registration that records what it shows. */
function installWorker() {
  const shown: Shown[] = [];
  const closed: string[] = [];
  const registered: string[] = [];
  const registration = {
    active: {},
    showNotification: async (title: string, options?: NotificationOptions) => {
      shown.push({ title, options });
    },
    getNotifications: async ({ tag }: { tag: string }) => [{ close: () => closed.push(tag) }],
  };
  const container = Object.assign(new EventTarget(), {
    register: async (url: string) => {
      registered.push(url);
      return registration;
    },
    getRegistration: async () => registration,
  });
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  return { container, shown, closed, registered };
}

afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

function renderShell(path = "/dashboard", api: ApiRoutes = {}) {
  return renderDashboard(
    {
      "GET /api/avvisi": { body: noAlerts() },
      "GET /api/segnalazioni": { body: [] },
      "GET /api/riparazioni": { body: [] },
      ...api,
    },
    path,
  );
}

async function openDrawer(rendered: ReturnType<typeof renderShell>) {
  await rendered.user.click(await screen.findByRole("button", { name: /^Notifiche/ }));
  return within(screen.getByRole("dialog", { name: /^Notifiche/ }));
}

function statusText(drawer: ReturnType<typeof within>) {
  return drawer.getByText("Notifiche desktop").nextElementSibling?.textContent;
}

describe("desktop notifications: permission", () => {
  it("says when the browser has no notifications at all", async () => {
    const drawer = await openDrawer(renderShell());
    expect(statusText(drawer)).toBe("Le notifiche non sono supportate da questo browser");
    expect(drawer.queryByRole("button", { name: "Attiva notifiche desktop" })).toBeNull();
  });

  it("says how to allow them again once denied", async () => {
    installNotification("denied");
    const drawer = await openDrawer(renderShell());
    expect(statusText(drawer)).toBe(
      "Le notifiche sono state negate. Abilita le notifiche nelle impostazioni del browser.",
    );
  });

  it("needs a service worker", async () => {
    installNotification("default", "granted");
    const rendered = renderShell();
    const drawer = await openDrawer(rendered);
    expect(statusText(drawer)).toBe("Notifiche desktop non disponibili");
    await rendered.user.click(drawer.getByRole("button", { name: "Attiva notifiche desktop" }));
    // The browser's answer to the permission question arrives asynchronously, after the click.
    await waitFor(() => expect(statusText(drawer)).toBe("Service Worker non supportato"));
  });

  it("turns them on when the browser allows it, registering /sw.js", async () => {
    installNotification("default", "granted");
    const worker = installWorker();
    const rendered = renderShell();
    const drawer = await openDrawer(rendered);
    await rendered.user.click(drawer.getByRole("button", { name: "Attiva notifiche desktop" }));
    await waitFor(() => expect(statusText(drawer)).toBe("Notifiche desktop attive"));
    expect(drawer.queryByRole("button", { name: "Attiva notifiche desktop" })).toBeNull();
    expect(worker.registered).toContain("/sw.js");
  });

  it("stays off when the person dismisses or denies the browser's question", async () => {
    installNotification("default", "default");
    installWorker();
    const dismissed = renderShell();
    const drawer = await openDrawer(dismissed);
    await dismissed.user.click(drawer.getByRole("button", { name: "Attiva notifiche desktop" }));
    await waitFor(() => expect(statusText(drawer)).toBe("Notifiche desktop non disponibili"));
    cleanup();

    installNotification("default", "denied");
    const denied = renderShell();
    const again = await openDrawer(denied);
    await denied.user.click(again.getByRole("button", { name: "Attiva notifiche desktop" }));
    await waitFor(() =>
      expect(statusText(again)).toBe(
        "Le notifiche sono state negate. Abilita le notifiche nelle impostazioni del browser.",
      ),
    );
  });
});

describe("desktop notifications: what they announce", () => {
  it("announces a request that arrives while the desk works, and the approval it gave", async () => {
    installNotification("granted");
    const worker = installWorker();
    const waiting = aLoanRequest({ id: 31, created_at: hoursAgo(1) });
    const arriving = aLoanRequest({
      id: 40,
      utente_nome: "Anna",
      utente_cognome: "Gialli",
      oggetto_nome: "Sony A7 III",
      created_at: hoursAgo(0),
    });
    let approved = false;
    const { user } = renderShell("/prestiti?tab=in_attesa", {
      "GET /api/richieste": requestListRoute(() =>
        approved ? [arriving, { ...waiting, stato: "approvata" }] : [waiting],
      ),
      "PUT /api/prestiti/31/approva": () => {
        approved = true;
        return { body: { message: "ok", loanId: 1, penaltyInfo: { hasStrikes: false, strikes: 0, warning: null } } };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Approva la richiesta di Giulia Bianchi" }));
    await waitFor(() => expect(worker.shown).toHaveLength(2));

    const [approval, newRequest] = worker.shown;
    expect(approval?.title).toBe("Richiesta Approvata!");
    expect(approval?.options?.body).toContain("l'attrezzatura può essere ritirata");
    expect(approval?.options?.data).toEqual({ target: "#prestiti" });
    expect(newRequest?.title).toBe("Nuova richiesta #40");
    expect(newRequest?.options?.body).toBe("Anna Gialli ha richiesto Sony A7 III");
    expect(newRequest?.options?.requireInteraction).toBe(true);
    expect(newRequest?.options?.vibrate).toEqual([200, 100, 200]);
    expect(newRequest?.options?.data).toEqual({ target: "#richieste" });
  });

  it("announces new fault reports and repairs found by the next poll", async () => {
    installNotification("granted");
    const worker = installWorker();
    let later = false;
    jest.useFakeTimers();
    try {
      renderShell("/dashboard", {
        "GET /api/segnalazioni": () => ({
          body: later
            ? [
                {
                  id: 7,
                  tipo: "guasto",
                  urgenza: "alta",
                  messaggio: "Lo schermo non si accende",
                  stato: "aperta",
                  inventario_nome: "Monitor",
                  utente_nome: "Sara",
                  utente_cognome: "Neri",
                  created_at: hoursAgo(0),
                },
              ]
            : [],
        }),
        "GET /api/riparazioni": () => ({
          body: later ? [{ id: 3, stato: "in_corso", oggetto_nome: "Monitor Dell" }] : [],
        }),
      });
      const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
      for (let step = 0; step < 50 && !screen.queryByText("Richieste Recenti"); step++) await advance(10);
      await advance(100);
      expect(worker.shown).toHaveLength(0);
      later = true;
      await advance(300_000);
      for (let step = 0; step < 20 && worker.shown.length < 2; step++) await advance(10);
    } finally {
      cleanup();
      jest.runOnlyPendingTimers();
      jest.useRealTimers();
    }
    const titles = worker.shown.map((notice) => notice.title).sort();
    expect(titles).toEqual(["Nuova segnalazione #7: guasto", "Riparazione #3"]);
    const report = worker.shown.find((notice) => notice.title.startsWith("Nuova segnalazione"));
    expect(report?.options?.body).toBe("Sara Neri: Lo schermo non si accende");
    expect(report?.options?.data).toEqual({ target: "#segnalazioni" });
    const repair = worker.shown.find((notice) => notice.title.startsWith("Riparazione"));
    expect(repair?.options?.body).toBe("Monitor Dell è in riparazione");
    expect(repair?.options?.data).toEqual({ target: "#riparazioni" });
  });

  it("closes a short notice by itself after 5 seconds", async () => {
    installNotification("granted");
    const worker = installWorker();
    jest.useFakeTimers();
    try {
      notifyDesktop("Password reimpostata", "La password di Giulia Bianchi è stata aggiornata.");
      await act(async () => jest.advanceTimersByTime(0));
      expect(worker.shown[0]?.options?.requireInteraction).toBe(false);
      await act(async () => jest.advanceTimersByTime(4_900));
      expect(worker.closed).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(200));
      expect(worker.closed).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows nothing without permission, and logs that desktop notifications are unavailable", async () => {
    const logged = captureConsole("info");
    installNotification("default");
    const worker = installWorker();
    notifyDesktop("Password reimpostata", "…");
    await Promise.resolve();
    expect(worker.shown).toHaveLength(0);
    expect(logged).toContain("Notifiche desktop non disponibili");
  });
});

describe("desktop notifications: a click", () => {
  it("follows the worker's navigate message to the pending requests", async () => {
    installNotification("granted");
    const worker = installWorker();
    // The message is posted the moment the screen appears, before React's passive effects run: a worker
    // can answer a click at any time, and a listener subscribed later would miss it.
    let posted = false;
    const observer = new MutationObserver(() => {
      if (posted || !screen.queryByRole("heading", { name: "Dashboard Amministratore" })) return;
      posted = true;
      observer.disconnect();
      worker.container.dispatchEvent(new MessageEvent("message", { data: { type: "navigate", target: "#richieste" } }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderShell();
    await waitFor(() => expect(posted).toBe(true));
    await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
    expect(window.location.search).toBe("?tab=in_attesa");
  });

  it("opens the screen of a #target the page was opened on", async () => {
    renderShell("/#segnalazioni");
    await waitFor(() => expect(window.location.pathname).toBe("/riparazioni"));
    expect(window.location.search).toBe("?tab=segnalazioni");
    expect(window.location.hash).toBe("");
  });
});
