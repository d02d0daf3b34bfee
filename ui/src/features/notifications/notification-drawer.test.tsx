import { describe, expect, it, jest } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { renderDashboard } from "../../../test/dashboard";
import { aLoanAlert, aLoanRequest, aStockAlert, dayFromToday, hoursAgo, noAlerts } from "../../../test/desk-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { requestListRoute } from "../../../test/paged-lists";

const fresh = aLoanRequest({ id: 31, created_at: hoursAgo(2) });
const stale = aLoanRequest({ id: 32, created_at: hoursAgo(30), oggetto_nome: "Sony A7 III" });
const handled = aLoanRequest({ id: 33, stato: "approvata", created_at: hoursAgo(1), oggetto_nome: "Nikon Z6" });
const alerts = {
  ...noAlerts(),
  prestiti_scaduti: [aLoanAlert(21, "Treppiede Manfrotto", { data_rientro: dayFromToday(-3), giorni_ritardo: 3 })],
  scorte_basse: [aStockAlert(9, "Microfono Rode", { motivo: "Nessuna unità disponibile" })],
  totale_avvisi: 2,
};

function renderShell(api: ApiRoutes = {}, path = "/dashboard") {
  return renderDashboard(
    { "GET /api/richieste": requestListRoute([fresh, stale, handled]), "GET /api/avvisi": { body: alerts }, ...api },
    path,
  );
}

async function openDrawer(rendered: ReturnType<typeof renderShell>, unread = 3) {
  await rendered.user.click(await screen.findByRole("button", { name: `Notifiche, ${unread} non lette` }));
  return within(screen.getByRole("dialog", { name: /^Notifiche/ }));
}

function items(drawer: ReturnType<typeof within>) {
  return within(drawer.getByRole("list", { name: "Elenco notifiche" })).getAllByRole("listitem");
}

function itemWith(drawer: ReturnType<typeof within>, text: RegExp) {
  const item = items(drawer).find((entry) => text.test(entry.textContent ?? ""));
  if (!item) throw new Error(`Nessuna notifica con ${text}`);
  return within(item);
}

describe("notification drawer", () => {
  it("counts the unread notifications on the bell", async () => {
    renderShell();
    expect(await screen.findByRole("button", { name: "Notifiche, 3 non lette" })).toBeTruthy();
  });

  it("announces only pending requests that arrived in the last 24 hours, with overdue loans and low stock", async () => {
    const drawer = await openDrawer(renderShell());
    expect(items(drawer)).toHaveLength(3);
    const request = itemWith(drawer, /Nuova richiesta/);
    expect(request.getByText(/Giulia Bianchi ha richiesto Canon EOS R6/)).toBeTruthy();
    expect(request.getByText("2 ore fa")).toBeTruthy();
    expect(request.getByRole("img", { name: "Non letta" })).toBeTruthy();
    expect(drawer.queryByText(/Sony A7 III/)).toBeNull();
    expect(drawer.queryByText(/Nikon Z6/)).toBeNull();

    expect(
      itemWith(drawer, /Prestito scaduto/).getByText(/Treppiede Manfrotto · Luca Verdi: 3 giorni di ritardo/),
    ).toBeTruthy();
    expect(itemWith(drawer, /Prestito scaduto/).getByText("2 giorni fa")).toBeTruthy();
    expect(itemWith(drawer, /Scorte basse: Microfono Rode/).getByText("Nessuna unità disponibile")).toBeTruthy();
    expect(itemWith(drawer, /Scorte basse/).getByText("Ora")).toBeTruthy();
  });

  it.each([
    [0.5 / 60, "Ora"],
    [5 / 60, "5 min fa"],
    [3, "3 ore fa"],
  ])("labels a request from %f hours ago as %s", async (hours, label) => {
    const drawer = await openDrawer(
      renderShell({
        "GET /api/richieste": requestListRoute([aLoanRequest({ created_at: hoursAgo(hours) })]),
        "GET /api/avvisi": { body: noAlerts() },
      }),
      1,
    );
    expect(itemWith(drawer, /Nuova richiesta/).getByText(label)).toBeTruthy();
  });

  it("measures the 24 hours on the server's clock", async () => {
    const serverNow = Date.now() + 3 * 86_400_000;
    const drawer = await openDrawer(
      renderShell({
        "GET /api/health": { body: { ok: true, appName: "PrestaLab", now: new Date(serverNow).toISOString() } },
        "GET /api/richieste": requestListRoute([
          aLoanRequest({ id: 41, created_at: new Date(serverNow - 2 * 3_600_000).toISOString() }),
          aLoanRequest({ id: 42, created_at: hoursAgo(1), oggetto_nome: "Sony A7 III" }),
        ]),
        "GET /api/avvisi": { body: noAlerts() },
      }),
      1,
    );
    expect(itemWith(drawer, /Canon EOS R6/).getByText("2 ore fa")).toBeTruthy();
    expect(drawer.queryByText(/Sony A7 III/)).toBeNull();
  });

  it('marks one as read with "Segna come letta"', async () => {
    const rendered = renderShell();
    const drawer = await openDrawer(rendered);
    await rendered.user.click(itemWith(drawer, /Prestito scaduto/).getByRole("button", { name: "Segna come letta" }));
    expect(itemWith(drawer, /Prestito scaduto/).queryByRole("img", { name: "Non letta" })).toBeNull();
    expect(itemWith(drawer, /Prestito scaduto/).queryByRole("button", { name: "Segna come letta" })).toBeNull();
    expect(drawer.getByText("2 non lette")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifiche, 2 non lette" })).toBeTruthy();
  });

  it("deletes one", async () => {
    const rendered = renderShell();
    const drawer = await openDrawer(rendered);
    await rendered.user.click(drawer.getByRole("button", { name: "Elimina notifica: Scorte basse: Microfono Rode" }));
    expect(items(drawer)).toHaveLength(2);
    expect(drawer.queryByText(/Microfono Rode/)).toBeNull();
  });

  it("remembers what was read and deleted after a reload", async () => {
    const first = renderShell();
    const drawer = await openDrawer(first);
    await first.user.click(itemWith(drawer, /Prestito scaduto/).getByRole("button", { name: "Segna come letta" }));
    await first.user.click(drawer.getByRole("button", { name: "Elimina notifica: Scorte basse: Microfono Rode" }));
    cleanup();

    const again = renderShell();
    const reopened = await openDrawer(again, 1);
    expect(items(reopened)).toHaveLength(2);
    expect(itemWith(reopened, /Prestito scaduto/).queryByRole("img", { name: "Non letta" })).toBeNull();
    expect(reopened.queryByText(/Microfono Rode/)).toBeNull();
  });

  it('says "Nessuna notifica" when there is nothing', async () => {
    const rendered = renderShell({
      "GET /api/richieste": requestListRoute([stale]),
      "GET /api/avvisi": { body: noAlerts() },
    });
    await waitFor(() => expect(rendered.server.callsTo("GET /api/avvisi").length).toBeGreaterThan(0));
    await rendered.user.click(await screen.findByRole("button", { name: "Notifiche" }));
    expect(within(screen.getByRole("dialog", { name: "Notifiche" })).getByText("Nessuna notifica")).toBeTruthy();
  });

  it("closes with Escape", async () => {
    const rendered = renderShell();
    await openDrawer(rendered);
    await rendered.user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  describe("a click", () => {
    it("on a request marks it read and opens that request in the pending tab", async () => {
      const rendered = renderShell();
      const drawer = await openDrawer(rendered);
      await rendered.user.click(drawer.getByRole("button", { name: /^Nuova richiesta di prestito/ }));
      const details = await screen.findByRole("dialog", { name: "Dettagli richiesta" });
      expect(window.location.pathname).toBe("/prestiti");
      expect(within(details).getByText("Richiesta #31 · Canon EOS R6")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Notifiche, 2 non lette" })).toBeTruthy();
    });

    it("on an overdue loan opens the loans", async () => {
      const rendered = renderShell();
      const drawer = await openDrawer(rendered);
      await rendered.user.click(drawer.getByRole("button", { name: /^Prestito scaduto/ }));
      await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("on low stock opens the inventory", async () => {
      const rendered = renderShell();
      const drawer = await openDrawer(rendered);
      await rendered.user.click(drawer.getByRole("button", { name: /^Scorte basse/ }));
      await waitFor(() => expect(window.location.pathname).toBe("/inventario"));
    });
  });

  it("marks everything read at once", async () => {
    const rendered = renderShell();
    const drawer = await openDrawer(rendered);
    await rendered.user.click(drawer.getByRole("button", { name: "Segna tutte come lette" }));
    expect(drawer.queryAllByRole("img", { name: "Non letta" })).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Notifiche" })).toBeTruthy();
  });

  it("asks for requests and alerts together again every 300 seconds", async () => {
    jest.useFakeTimers();
    try {
      const { server } = renderShell();
      const pendingCalls = () =>
        server.callsTo("GET /api/richieste").filter((call) => call.query.stato === "in_attesa");
      const polled = () => [pendingCalls().length, server.callsTo("GET /api/avvisi").length];
      const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
      for (let step = 0; step < 50 && !screen.queryByRole("button", { name: /non lette/ }); step++) await advance(10);
      const [requestsAtStart = 0, alertsAtStart = 0] = polled();
      expect(pendingCalls()[0]?.query).toEqual({ all: "1", stato: "in_attesa", pagina: "1", per_pagina: "100" });
      await advance(299_000);
      expect(polled()).toEqual([requestsAtStart, alertsAtStart]);
      await advance(2_000);
      expect(polled()).toEqual([requestsAtStart + 1, alertsAtStart + 1]);
    } finally {
      // Unmount and run what is left on the fake clock, so React's scheduler is not left waiting.
      cleanup();
      jest.runOnlyPendingTimers();
      jest.useRealTimers();
    }
  });
});
