import { describe, expect, it } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import { captureConsole } from "../../../test/console";
import { renderDashboard } from "../../../test/dashboard";
import {
  aLoanAlert,
  aLoanRequest,
  alertsRoute,
  aStockAlert,
  dayFromToday,
  hoursAgo,
  noAlerts,
} from "../../../test/desk-fixtures";
import { anItem } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { inventorySummaryRoute, requestListRoute } from "../../../test/paged-lists";

const report = (id: number, stato: string) => ({
  id,
  tipo: "guasto",
  urgenza: "alta",
  messaggio: `Il pulsante di scatto non risponde (${id})`,
  stato,
  inventario_nome: `Fotocamera ${id}`,
  utente_nome: "Sara",
  utente_cognome: "Neri",
  created_at: hoursAgo(id),
});

function renderDesk(api: ApiRoutes = {}) {
  return renderDashboard({
    "GET /api/richieste": requestListRoute([aLoanRequest(), aLoanRequest({ id: 32, stato: "approvata" })]),
    "GET /api/banco/in-attesa": { body: { totale: 1 } },
    "GET /api/riparazioni/riepilogo": { body: { in_corso: 1 } },
    "GET /api/segnalazioni/riepilogo": {
      body: { attive: 2, recenti: [report(1, "aperta"), report(2, "in_corso"), report(3, "risolta")] },
    },
    "GET /api/avvisi": { body: noAlerts() },
    ...api,
  });
}

function counter(label: string) {
  const summary = within(screen.getByRole("region", { name: "Riepilogo" }));
  return summary.getByText(label).parentElement as HTMLElement;
}

/** A list the dashboard cannot load: the dashboard says so, the notification drawer only logs the warning. */
async function failsToLoad(route: string, shown: string, warning: string) {
  const logged = captureConsole("warn");
  renderDesk({ [route]: { status: 403, body: { error: "Accesso negato" } } });
  expect(await screen.findByText(shown)).toBeTruthy();
  await waitFor(() => expect(logged).toContain(warning));
}

describe("Dashboard Amministratore", () => {
  it("counts items, requests, repairs in progress and active reports", async () => {
    renderDesk({
      "GET /api/inventario/riepilogo": inventorySummaryRoute([anItem({ id: 1 }), anItem({ id: 2 }), anItem({ id: 3 })]),
    });
    await waitFor(() => expect(counter("Inventario").textContent).toContain("3"));
    expect(counter("Richieste").textContent).toContain("2");
    expect(counter("Richieste").textContent).toContain("1 in attesa");
    expect(counter("Riparazioni").textContent).toContain("1");
    expect(counter("Segnalazioni").textContent).toContain("2");
  });

  it("counts requests and pending ones from the server's totals, reading one page of each, never a whole list", async () => {
    const history = Array.from({ length: 240 }, (_, index) =>
      aLoanRequest({
        id: 300 - index,
        stato: index < 130 ? "in_attesa" : "rifiutata",
        oggetto_nome: `Oggetto ${index}`,
      }),
    );
    const { server } = renderDesk({
      "GET /api/richieste": requestListRoute(history),
      "GET /api/banco/in-attesa": { body: { totale: 130 } },
    });
    await waitFor(() => expect(counter("Richieste").textContent).toContain("240"));
    // More wait than the one page read: the count is the server's total.
    await waitFor(() => expect(counter("Richieste").textContent).toContain("130 in attesa"));
    const queries = server.callsTo("GET /api/richieste").map((call) => call.query);
    expect(queries).toContainEqual({ all: "1", pagina: "1", per_pagina: "5" });
    expect(queries).toContainEqual({ all: "1", stato: "in_attesa", pagina: "1", per_pagina: "100" });
    expect(queries.every((query) => query.pagina !== undefined)).toBe(true);
    const recent = within(screen.getByRole("region", { name: "Richieste Recenti" }));
    expect(recent.getByText("Oggetto 4")).toBeTruthy();
    expect(recent.queryByText("Oggetto 5")).toBeNull();
  });

  describe("important alerts", () => {
    const alerts = {
      scorte_basse: [
        aStockAlert(1, "Canon EOS R6"),
        aStockAlert(2, "Sony A7 III", { prima_data_rientro: null }),
        aStockAlert(3, "Nikon Z6"),
        aStockAlert(4, "Fujifilm X-T4"),
        aStockAlert(5, "Panasonic GH5"),
      ],
      prestiti_scaduti: [aLoanAlert(21, "Treppiede Manfrotto", { giorni_ritardo: 4 })],
      scadenze_oggi: [aLoanAlert(22, "Microfono Rode", { data_rientro: dayFromToday(0), giorni_ritardo: 0 })],
      scadenze_domani: [],
      da_ritirare: [
        aLoanAlert(23, "Flash Godox", {
          utente_nome: "Sara Neri",
          data_uscita: "2026-03-09",
          data_rientro: dayFromToday(3),
          giorni_ritardo: 0,
        }),
      ],
    };

    it("are hidden when there is nothing to report", async () => {
      renderDesk();
      await screen.findByText("Richieste Recenti");
      await waitFor(() => expect(counter("Riparazioni").textContent).toContain("1"));
      expect(screen.queryByText("Scorte Basse")).toBeNull();
      expect(screen.queryByText("Avvisi Importanti")).toBeNull();
    });

    it("show five cards with up to three entries and how many more", async () => {
      const { server } = renderDesk({ "GET /api/avvisi": alertsRoute(alerts) });
      const stockButton = await screen.findByRole("button", { name: "Scorte Basse 5" });
      const stock = stockButton.parentElement as HTMLElement;
      expect(within(stock).getByText("Canon EOS R6")).toBeTruthy();
      expect(within(stock).getByText("Nikon Z6")).toBeTruthy();
      expect(within(stock).queryByText("Fujifilm X-T4")).toBeNull();
      expect(within(stock).getByText("+2 altri")).toBeTruthy();
      // The cards ask for each list's first three only; the counts come whole.
      expect(server.callsTo("GET /api/avvisi").some((call) => call.query.limite === "3")).toBe(true);
      expect(screen.getByText(/4 giorni di ritardo/)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Scadenze Oggi 1" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "In scadenza domani 0" })).toHaveProperty("disabled", true);
    });

    it("open the stock details with the first return date, and manage them in the inventory", async () => {
      const { user } = renderDesk({ "GET /api/avvisi": alertsRoute(alerts) });
      await user.click(await screen.findByRole("button", { name: "Scorte Basse 5" }));
      // The dialog reads every alert: the cards' answer holds only the first three of each kind.
      const dialog = within(screen.getByRole("dialog", { name: "Scorte Basse" }));
      expect(await dialog.findByText("Panasonic GH5")).toBeTruthy();
      expect(dialog.getAllByText(/Primo rientro previsto il/)).toHaveLength(4);
      expect(dialog.getByText(/Nessun rientro previsto/)).toBeTruthy();
      await user.click(dialog.getByRole("button", { name: "Gestisci Sony A7 III" }));
      await waitFor(() => expect(window.location.pathname).toBe("/inventario"));
    });

    it("show the loans nobody collected after their start day as 'Da ritirare'", async () => {
      const { user } = renderDesk({ "GET /api/avvisi": alertsRoute(alerts) });
      const card = (await screen.findByRole("button", { name: "Da ritirare 1" })).parentElement as HTMLElement;
      expect(within(card).getByText("Flash Godox")).toBeTruthy();
      expect(within(card).getByText("Sara Neri · da ritirare dal 09/03/2026")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Da ritirare 1" }));
      const dialog = within(screen.getByRole("dialog", { name: "Da ritirare" }));
      expect(dialog.getByText(/da ritirare dal 09\/03\/2026/)).toBeTruthy();
      await user.click(dialog.getByRole("button", { name: "Vai ai Prestiti" }));
      await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
    });

    it("open the late loans and lead to the loans screen", async () => {
      const { user } = renderDesk({ "GET /api/avvisi": alertsRoute(alerts) });
      await user.click(await screen.findByRole("button", { name: "Ritardi 1" }));
      const dialog = within(screen.getByRole("dialog", { name: "Ritardi" }));
      expect(dialog.getByText(/luca\.verdi@accademia\.it/)).toBeTruthy();
      await user.click(dialog.getByRole("button", { name: /^Gestisci Ritardo/ }));
      await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
    });

    it("say when they cannot be loaded, and the notification drawer only logs it", async () => {
      await failsToLoad(
        "GET /api/avvisi",
        "Errore nel caricamento avvisi",
        "Notifiche: avvisi non aggiornati (Accesso negato)",
      );
    });
  });

  describe("quick actions", () => {
    it.each([
      ["Aggiungi Elemento", "/inventario", "?nuovo=1"],
      ["Gestisci Richieste", "/prestiti", "?tab=in_attesa"],
      ["Gestisci Riparazioni", "/riparazioni", ""],
    ])('"%s" leads to %s%s', async (label, path, search) => {
      // The target screen may tidy its address once it has read it: record where the link went.
      const visited: string[] = [];
      const original = window.history.pushState;
      window.history.pushState = (state, unused, url) => {
        visited.push(String(url));
        original.call(window.history, state, unused, url);
      };
      try {
        const { user } = renderDesk();
        await user.click(await screen.findByRole("link", { name: new RegExp(`^${label}`) }));
        await waitFor(() => expect(window.location.pathname).toBe(path));
        expect(visited).toContain(`${path}${search}`);
      } finally {
        window.history.pushState = original;
      }
    });
  });

  describe("recent requests", () => {
    it("lists the first five, and only the pending ones can be handled", async () => {
      const requests = [
        aLoanRequest({ id: 1, oggetto_nome: "Oggetto 1" }),
        ...[2, 3, 4, 5, 6].map((id) => aLoanRequest({ id, stato: "approvata", oggetto_nome: `Oggetto ${id}` })),
      ];
      renderDesk({ "GET /api/richieste": requestListRoute(requests) });
      const section = within(await screen.findByRole("region", { name: "Richieste Recenti" }));
      await section.findByText("Oggetto 5");
      expect(section.queryByText("Oggetto 6")).toBeNull();
      expect(section.getAllByRole("button", { name: /^Gestisci la richiesta/ })).toHaveLength(1);
      expect(section.getAllByText("Approvata")).toHaveLength(4);
    });

    it("shows a set's lines once, as a link to the set, never one by one", async () => {
      const requests = [
        aLoanRequest({ id: 1, oggetto_nome: "Canon EOS R6", prenotazione_id: 40 }),
        aLoanRequest({ id: 2, oggetto_nome: "Tavoletta grafica" }),
        aLoanRequest({ id: 3, oggetto_nome: "Treppiede Manfrotto", prenotazione_id: 40 }),
      ];
      renderDesk({ "GET /api/richieste": requestListRoute(requests) });
      const section = within(await screen.findByRole("region", { name: "Richieste Recenti" }));
      // Each line's name leads to its item page.
      expect((await section.findByRole("link", { name: "Treppiede Manfrotto" })).getAttribute("href")).toBe(
        "/inventario/4",
      );
      expect(section.getAllByRole("listitem")).toHaveLength(2);
      expect(section.getAllByRole("listitem")[0]?.textContent).toContain("Canon EOS R6, Treppiede Manfrotto");
      const link = section.getByRole("link", { name: "Fa parte della prenotazione #40" });
      expect(link.getAttribute("href")).toBe("/prestiti?tab=in_attesa");
      expect(
        section.getAllByRole("button", { name: /^Gestisci la richiesta/ }).map((button) => button.textContent),
      ).toEqual(["Gestisci la richiesta di Giulia Bianchi: Tavoletta grafica"]);
    });

    it("says when they cannot be loaded, and the notification drawer only logs it", async () => {
      await failsToLoad(
        "GET /api/richieste",
        "Errore nel caricamento richieste",
        "Notifiche: richieste non aggiornate (Accesso negato)",
      );
    });
  });

  describe("recent reports", () => {
    it("lists the five newest of the server's summary with item, type, state and who sent them", async () => {
      const recent = [1, 2, 3, 4, 5].map((id) => report(id, "aperta"));
      const { server } = renderDesk({ "GET /api/segnalazioni/riepilogo": { body: { attive: 9, recenti: recent } } });
      const section = within(await screen.findByRole("region", { name: "Segnalazioni Recenti" }));
      await section.findByText("Fotocamera 5");
      expect(section.getAllByText(/Sara Neri/)).toHaveLength(5);
      expect(section.getAllByText("Aperta")).toHaveLength(5);
      expect(counter("Segnalazioni").textContent).toContain("9");
      // The dashboard never reads the whole history of reports or repairs.
      expect(server.callsTo("GET /api/segnalazioni")).toHaveLength(0);
      expect(server.callsTo("GET /api/riparazioni")).toHaveLength(0);
    });

    it("says when they cannot be loaded", async () => {
      renderDesk({ "GET /api/segnalazioni/riepilogo": { status: 403, body: { error: "Accesso negato" } } });
      expect(await screen.findByText("Errore nel caricamento segnalazioni")).toBeTruthy();
    });
  });

  it("says in each recent card that nothing came yet, with no list", async () => {
    renderDesk({
      "GET /api/richieste": requestListRoute([]),
      "GET /api/segnalazioni/riepilogo": { body: { attive: 0, recenti: [] } },
    });
    const requests = within(await screen.findByRole("region", { name: "Richieste Recenti" }));
    expect(await requests.findByText("Nessuna richiesta")).toBeTruthy();
    expect(requests.queryByRole("list")).toBeNull();
    const reports = within(screen.getByRole("region", { name: "Segnalazioni Recenti" }));
    expect(await reports.findByText("I guasti segnalati dagli studenti compaiono qui.")).toBeTruthy();
    expect(reports.queryByRole("list")).toBeNull();
  });

  describe("on a phone", () => {
    it("puts the late and due loans and the waiting requests above the counters", async () => {
      const desk = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
      act(() => desk.happyDOM.setViewport({ width: 390, height: 844 }));
      try {
        renderDesk({
          "GET /api/avvisi": alertsRoute({ prestiti_scaduti: [aLoanAlert(7, "Canon EOS R6")] }),
        });
        const alerts = await screen.findByRole("region", { name: "Avvisi Importanti" });
        const requests = screen.getByRole("region", { name: "Richieste Recenti" });
        const counters = screen.getByRole("region", { name: "Riepilogo" });
        const before = (first: Element, second: Element) =>
          Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
        expect(before(alerts, requests)).toBe(true);
        expect(before(requests, counters)).toBe(true);
      } finally {
        act(() => desk.happyDOM.setViewport({ width: 1024, height: 768 }));
      }
    });

    it("keeps an open dialog when the phone turns and the sections move", async () => {
      const { user } = renderDesk();
      const requests = await screen.findByRole("region", { name: "Richieste Recenti" });
      await user.click(await within(requests).findByRole("button", { name: /^Gestisci la richiesta di / }));
      expect(screen.getByRole("dialog", { name: "Gestione Richiesta" })).toBeTruthy();
      const desk = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
      act(() => desk.happyDOM.setViewport({ width: 390, height: 844 }));
      try {
        expect(screen.getByRole("dialog", { name: "Gestione Richiesta" })).toBeTruthy();
      } finally {
        act(() => desk.happyDOM.setViewport({ width: 1024, height: 768 }));
      }
    });
  });
});
