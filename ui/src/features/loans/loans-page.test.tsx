import { beforeEach, describe, expect, it } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import { captureConsole } from "../../../test/console";
import { aLoan, aLoanRequest, dayFromToday, noAlerts } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const active = aLoan();
const overdue = aLoan({
  id: 12,
  oggetto_nome: "Microfono Rode",
  unita: ["RODE_001", "RODE_002"],
  unita_ids: [120, 121],
  utente_nome_reale: "Sara Neri",
  utente_nome: "Sara",
  utente_cognome: "Neri",
  utente_email: "sara.neri@accademia.it",
  data_rientro: dayFromToday(-3),
  stato: "scaduto",
  giorni_ritardo: 3,
  penalty_strikes: 2,
});
const returned = aLoan({
  id: 13,
  oggetto_nome: "Luce LED Aputure",
  unita: ["APUTURE_001"],
  stato: "restituito",
  data_restituzione: dayFromToday(-1),
});
const pending = aLoanRequest();
const handled = aLoanRequest({ id: 30, stato: "approvata", oggetto_nome: "Sony A7 III" });

function renderLoans(path = "/prestiti", api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      "GET /api/prestiti": loanListRoute([overdue, active, returned]),
      "GET /api/richieste": requestListRoute([pending, handled]),
      "GET /api/banco/in-attesa": { body: { totale: 1 } },
      "GET /api/avvisi": { body: noAlerts() },
      ...api,
    },
  });
}

function tab(name: RegExp) {
  return screen.getByRole("tab", { name });
}

function cards() {
  return within(screen.getByRole("tabpanel")).queryAllByRole("article");
}

function card(name: RegExp) {
  return within(screen.getByRole("article", { name }));
}

/** The pending tab's own pages (30 requests each), not the newest page the bell and the count read. */
function pendingTabPages(server: ReturnType<typeof renderLoans>["server"]) {
  return server.callsTo("GET /api/richieste").filter((call) => call.query.per_pagina === "30");
}

describe("Prestiti", () => {
  it("opens on the active loans, overdue ones included, with a count on every tab", async () => {
    renderLoans();
    await screen.findByRole("article", { name: /Microfono Rode/ });
    expect(tab(/^Prestiti Attivi/).getAttribute("aria-selected")).toBe("true");
    expect(tab(/^Prestiti Attivi/).textContent).toContain("2");
    expect(tab(/^In Attesa/).textContent).toContain("1");
    expect(tab(/^Completati/).textContent).toContain("1");
    expect(cards()).toHaveLength(2);
  });

  it("shows on each card the item, units, item id, state, strikes, borrower, dates and due date", async () => {
    renderLoans();
    await screen.findByRole("article", { name: /Microfono Rode/ });
    const late = card(/Microfono Rode/);
    expect(late.getByText("RODE_001, RODE_002")).toBeTruthy();
    expect(late.getByText("ID articolo #7")).toBeTruthy();
    expect(late.getByText("Scaduto").className).toContain("red");
    expect(late.getByText("2 penalità")).toBeTruthy();
    expect(late.getByText("Sara Neri")).toBeTruthy();
    expect(late.getByText("sara.neri@accademia.it")).toBeTruthy();
    expect(late.getByText(/Rientro previsto il .* 3 giorni di ritardo/)).toBeTruthy();

    const onTime = card(/Treppiede Manfrotto/);
    expect(onTime.getByText("Attivo")).toBeTruthy();
    expect(onTime.getByText(/^Rientro previsto il/)).toBeTruthy();
    expect(onTime.queryByText(/penalità/)).toBeNull();
  });

  it("flags the open loans of a student whose account has expired, on the card and in the table", async () => {
    const { user } = renderLoans("/prestiti", {
      "GET /api/prestiti": loanListRoute([{ ...overdue, account_scaduto: true }, active, returned]),
    });
    await screen.findByRole("article", { name: /Microfono Rode/ });
    expect(card(/Microfono Rode/).getByText("Account scaduto")).toBeTruthy();
    expect(card(/Treppiede Manfrotto/).queryByText("Account scaduto")).toBeNull();
    await user.click(screen.getByRole("radio", { name: /Tabella/ }));
    const table = within(await screen.findByRole("table", { name: "Prestiti attivi" }));
    const row = table.getByRole("row", { name: /Microfono Rode/ });
    expect(within(row).getByText("Account scaduto")).toBeTruthy();
    expect(table.getAllByText("Account scaduto")).toHaveLength(1);
  });

  it("lists returned loans as Completato with their return date", async () => {
    const { user } = renderLoans();
    await user.click(await screen.findByRole("tab", { name: /^Completati/ }));
    expect(cards()).toHaveLength(1);
    const done = card(/Luce LED Aputure/);
    expect(done.getByText("Completato")).toBeTruthy();
    expect(done.getByText(/^Restituito il/)).toBeTruthy();
    expect(done.queryByRole("button", { name: /Termina prestito/ })).toBeNull();
  });

  it("lists only pending requests under In Attesa, with approve and refuse", async () => {
    const { user } = renderLoans();
    await user.click(await screen.findByRole("tab", { name: /^In Attesa/ }));
    expect(cards()).toHaveLength(1);
    const request = card(/Canon EOS R6/);
    expect(request.getByText("In Attesa")).toBeTruthy();
    expect(request.getByRole("button", { name: "Approva la richiesta di Giulia Bianchi" })).toBeTruthy();
    expect(request.getByRole("button", { name: "Rifiuta la richiesta di Giulia Bianchi" })).toBeTruthy();
    expect(screen.queryByText("Sony A7 III")).toBeNull();
  });

  it("shows a banner while requests wait, whose button opens them", async () => {
    const { user, server } = renderLoans();
    // The count comes from the newest page the bell reads; the tab's own pages only once it is open.
    const tabPages = () => pendingTabPages(server);
    expect(await screen.findByText("1 richiesta in attesa di approvazione")).toBeTruthy();
    expect(tabPages()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Visualizza richieste" }));
    expect(tab(/^In Attesa/).getAttribute("aria-selected")).toBe("true");
    await screen.findByRole("article", { name: /Canon EOS R6/ });
    expect(tabPages()).toHaveLength(1);
    expect(tabPages()[0]?.query).toMatchObject({ stato: "in_attesa", pagina: "1" });
    // Never the whole pending list: at five times the default academy it is 6 MB of JSON.
    expect(server.callsTo("GET /api/richieste").every((call) => call.query.pagina)).toBe(true);
    expect(screen.queryByText("1 richiesta in attesa di approvazione")).toBeNull();
  });

  it("counts a pending set once on the tab and the banner, as the server counts the bookings waiting", async () => {
    const setLines = [40, 41, 42].map((id) => aLoanRequest({ id, prenotazione_id: 9, oggetto_nome: "Sony A7 III" }));
    renderLoans("/prestiti", {
      "GET /api/richieste": requestListRoute([pending, ...setLines]),
      "GET /api/banco/in-attesa": { body: { totale: 2 } },
    });
    expect(await screen.findByText("2 richieste in attesa di approvazione")).toBeTruthy();
    expect(tab(/^In Attesa/).textContent).toContain("2");
  });

  it("pages the pending requests 30 at a time, Mostra altri asking the server for the next page", async () => {
    const waiting = Array.from({ length: 33 }, (_, index) =>
      aLoanRequest({ id: 100 + index, utente_nome: "Richiedente", utente_cognome: String(index) }),
    );
    const { user, server } = renderLoans("/prestiti?tab=in_attesa", {
      "GET /api/richieste": requestListRoute(waiting),
      "GET /api/banco/in-attesa": { body: { totale: 33 } },
    });
    await screen.findByRole("article", { name: /Richiedente 0$/ });
    expect(cards()).toHaveLength(30);
    expect(screen.getByText("30 di 33 mostrati")).toBeTruthy();
    expect(tab(/^In Attesa/).textContent).toContain("33");
    await user.click(screen.getByRole("button", { name: "Mostra altri" }));
    expect(await screen.findByRole("article", { name: /Richiedente 32$/ })).toBeTruthy();
    expect(cards()).toHaveLength(33);
    expect(pendingTabPages(server).map((call) => call.query.pagina)).toEqual(["1", "2"]);
    expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
  });

  it("opens the pending tab from ?tab=in_attesa", async () => {
    renderLoans("/prestiti?tab=in_attesa");
    await screen.findByRole("article", { name: /Canon EOS R6/ });
    expect(tab(/^In Attesa/).getAttribute("aria-selected")).toBe("true");
  });

  it("opens the pending tab and that request's details from ?richiesta=ID", async () => {
    const { user } = renderLoans("/prestiti?richiesta=31");
    const dialog = within(await screen.findByRole("dialog", { name: "Dettagli richiesta" }));
    expect(dialog.getByText("Richiesta #31 · Canon EOS R6")).toBeTruthy();
    expect(dialog.getByText("CANONEOSR6_001")).toBeTruthy();
    expect(tab(/^In Attesa/).getAttribute("aria-selected")).toBe("true");

    await user.click(dialog.getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.search).toBe("?tab=in_attesa");
  });

  describe("search", () => {
    it.each([
      ["the item name", "microfono"],
      ["a unit code", "rode_002"],
      ["the name", "sara"],
      ["the surname", "NERI"],
      ["the email", "sara.neri@"],
    ])("finds loans by %s", async (_what, term) => {
      const { user } = renderLoans();
      await screen.findByRole("article", { name: /Microfono Rode/ });
      await user.type(screen.getByLabelText("Cerca prestiti"), term);
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(screen.getByRole("article", { name: /Microfono Rode/ })).toBeTruthy();
    });

    it("searches the pending requests on the server too, and says when nothing matches", async () => {
      const { user, server } = renderLoans("/prestiti?tab=in_attesa");
      await screen.findByRole("article", { name: /Canon EOS R6/ });
      await user.type(screen.getByLabelText("Cerca prestiti"), "canoneosr6_001");
      await waitFor(() => expect(pendingTabPages(server).at(-1)?.query).toMatchObject({ cerca: "canoneosr6_001" }));
      expect(cards()).toHaveLength(1);
      await user.type(screen.getByLabelText("Cerca prestiti"), "x");
      expect(await screen.findByText("Nessun risultato")).toBeTruthy();
      expect(cards()).toHaveLength(0);
    });
  });

  describe("ending a loan", () => {
    it("asks for confirmation, then ends it and reports the lateness", async () => {
      let ended = false;
      const { user, server } = renderLoans("/prestiti", {
        "PUT /api/prestiti/12/restituisci": () => {
          ended = true;
          return {
            body: {
              message: "Prestito concluso",
              concluso: true,
              giorni_ritardo: 3,
              strike: 1,
              blocco: true,
              penalty: { strike_assegnati: 1, totale: 3, bloccato: true },
            },
          };
        },
        "GET /api/prestiti/12/anteprima-restituzione": {
          body: { giorni_ritardo: 3, strike: 1, blocco: true, unita_rimanenti: 0 },
        },
        "GET /api/prestiti": loanListRoute(() =>
          ended ? [active, { ...overdue, stato: "restituito" }, returned] : [overdue, active, returned],
        ),
      });
      await screen.findByRole("article", { name: /Microfono Rode/ });
      await user.click(screen.getByRole("button", { name: "Termina prestito: Microfono Rode, Sara Neri" }));
      const dialog = within(screen.getByRole("dialog", { name: "Termina prestito" }));
      expect(dialog.getByText(/Confermi il rientro di RODE_001, RODE_002/)).toBeTruthy();
      // Before confirming, the desk sees what the return will give.
      const preview = within(await dialog.findByRole("region", { name: "Anteprima della restituzione" }));
      expect(preview.getByText("Penalità assegnate: 1")).toBeTruthy();
      expect(preview.getByText("L'account dell'utente verrà bloccato.")).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/12/restituisci")).toHaveLength(0);

      await user.click(dialog.getByRole("button", { name: "Termina prestito" }));
      expect(
        await screen.findByText("Prestito terminato con 3 giorni di ritardo: 1 penalità assegnate, utente bloccato"),
      ).toBeTruthy();
      await waitFor(() => expect(cards()).toHaveLength(1));
    });

    it("takes back one unit of two, previewing that return, with its condition", async () => {
      const { user, server } = renderLoans("/prestiti", {
        "GET /api/prestiti/12/anteprima-restituzione": (call) => ({
          body: { giorni_ritardo: 3, strike: 0, blocco: false, unita_rimanenti: call.query.unita ? 1 : 0 },
        }),
        "PUT /api/prestiti/12/restituisci": {
          body: { message: "Restituzione parziale: 1 unità ancora fuori", concluso: false, giorni_ritardo: 3 },
        },
      });
      await screen.findByRole("article", { name: /Microfono Rode/ });
      await user.click(screen.getByRole("button", { name: "Termina prestito: Microfono Rode, Sara Neri" }));
      const dialog = within(screen.getByRole("dialog", { name: "Termina prestito" }));
      await user.click(dialog.getByRole("checkbox", { name: "RODE_002" }));
      expect(await dialog.findByText(/Restano fuori 1 unità/)).toBeTruthy();
      expect(server.callsTo("GET /api/prestiti/12/anteprima-restituzione").at(-1)?.query).toEqual({ unita: "120" });
      await user.click(dialog.getByRole("radio", { name: "Incompleto" }));
      await user.type(dialog.getByLabelText(/Nota/), "Manca la spugna antivento");
      await user.click(dialog.getByRole("button", { name: "Restituisci 1 unità" }));
      expect(await screen.findByText("Restituzione parziale: 1 unità ancora fuori")).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/12/restituisci")[0]?.body).toEqual({
        unita_ids: [120],
        condizione: "incompleto",
        nota: "Manca la spugna antivento",
      });
    });

    it("keeps the loan when the confirmation is cancelled", async () => {
      const { user, server } = renderLoans();
      await screen.findByRole("article", { name: /Microfono Rode/ });
      await user.click(screen.getByRole("button", { name: "Termina prestito: Treppiede Manfrotto, Luca Verdi" }));
      await user.click(screen.getByRole("button", { name: "Annulla" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(server.callsTo("PUT /api/prestiti/11/restituisci")).toHaveLength(0);
    });

    it('says "Errore nella restituzione" when it fails without a reason', async () => {
      const { user } = renderLoans("/prestiti", {
        "PUT /api/prestiti/11/restituisci": { status: 500, body: {} },
        "GET /api/prestiti/11/anteprima-restituzione": {
          body: { giorni_ritardo: 0, strike: 0, blocco: false, unita_rimanenti: 0 },
        },
      });
      await screen.findByRole("article", { name: /Treppiede Manfrotto/ });
      await user.click(screen.getByRole("button", { name: "Termina prestito: Treppiede Manfrotto, Luca Verdi" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Termina prestito" }));
      expect((await screen.findByRole("alert")).textContent).toContain("Errore nella restituzione");
    });

    it("can also be ended from the loan's details, which show its history", async () => {
      const { user, server } = renderLoans("/prestiti", {
        "GET /api/audit": {
          body: [
            {
              id: 4,
              action: "loan.create",
              entity: "loan",
              entity_id: 11,
              summary: "Prestito diretto a Luca Verdi",
              actor_email: "desk@accademia.it",
              created_at: "2025-03-03T08:00:00.000Z",
            },
          ],
        },
      });
      await screen.findByRole("article", { name: /Treppiede Manfrotto/ });
      await user.click(screen.getByRole("button", { name: "Dettagli: Treppiede Manfrotto, Luca Verdi" }));
      const details = within(screen.getByRole("dialog", { name: "Dettagli prestito" }));
      expect(details.getByText("Prestito diretto - 1 unità")).toBeTruthy();
      expect(await details.findByText("Prestito diretto a Luca Verdi")).toBeTruthy();
      expect(server.callsTo("GET /api/audit")[0]?.query).toEqual({ entity: "loan", id: "11" });
      await user.click(details.getByRole("button", { name: "Termina prestito" }));
      expect(screen.getByRole("dialog", { name: "Termina prestito" })).toBeTruthy();
    });
  });

  describe("a loan waiting to be collected", () => {
    const waiting = aLoan({
      id: 14,
      fase: "da_ritirare",
      consegnato_il: null,
      consegnato_da: null,
      data_uscita: dayFromToday(0),
    });

    it("says since when it waits, hands it over and offers the receipt", async () => {
      const { user, server } = renderLoans("/prestiti", {
        "GET /api/prestiti": loanListRoute(() => [waiting]),
        "PUT /api/prestiti/14/consegna": {
          body: { message: "Consegna registrata", prestito: { ...waiting, fase: "attivo" } },
        },
      });
      const card = within(await screen.findByRole("article", { name: /Treppiede Manfrotto/ }));
      expect(card.getByText(/^Da ritirare dal /)).toBeTruthy();
      expect(card.queryByRole("button", { name: /Termina prestito/ })).toBeNull();
      await user.click(card.getByRole("button", { name: "Consegna: Treppiede Manfrotto, Luca Verdi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Consegna" }));
      await user.click(dialog.getByRole("button", { name: "Registra consegna" }));
      expect(await dialog.findByText("Consegna registrata. Stampa la ricevuta da firmare.")).toBeTruthy();
      expect(dialog.getByRole("button", { name: "Stampa ricevuta" })).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/14/consegna")).toHaveLength(1);
    });

    it("is cancelled after asking, for a no-show", async () => {
      const { user, server } = renderLoans("/prestiti", {
        "GET /api/prestiti": loanListRoute(() => [waiting]),
        "PUT /api/prestiti/14/annulla": { body: { message: "Prestito annullato", prestito: waiting } },
      });
      await screen.findByRole("article", { name: /Treppiede Manfrotto/ });
      await user.click(
        screen.getByRole("button", { name: "Annulla prestito mai ritirato: Treppiede Manfrotto, Luca Verdi" }),
      );
      const dialog = within(screen.getByRole("dialog", { name: "Annulla prestito" }));
      await user.click(dialog.getByRole("button", { name: "Annulla prestito" }));
      expect(await screen.findByText("Prestito annullato: Treppiede Manfrotto è di nuovo disponibile")).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/14/annulla")).toHaveLength(1);
    });
  });

  describe("handling requests", () => {
    // Without the browser's permission the desk gets no desktop notice, only the log line the spec names.
    let desktopLog: string[] = [];
    beforeEach(() => {
      desktopLog = captureConsole("info");
    });

    it("approves at once and says the equipment can be collected", async () => {
      const { user, server } = renderLoans("/prestiti?tab=in_attesa", {
        "PUT /api/prestiti/31/approva": {
          body: { message: "ok", loanId: 9, penaltyInfo: { hasStrikes: false, strikes: 0, warning: null } },
        },
      });
      await user.click(await screen.findByRole("button", { name: "Approva la richiesta di Giulia Bianchi" }));
      expect(await screen.findByText(/^Richiesta Approvata! Giulia Bianchi può ritirare l'attrezzatura/)).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/31/approva")[0]?.body).toBeUndefined();
      await waitFor(() => expect(desktopLog).toContain("Notifiche desktop non disponibili"));
    });

    it("warns after approving a borrower with 2 or more strikes", async () => {
      const { user } = renderLoans("/prestiti?tab=in_attesa", {
        "PUT /api/prestiti/31/approva": {
          body: {
            message: "ok",
            loanId: 9,
            penaltyInfo: { hasStrikes: true, strikes: 2, warning: "Attenzione: l'utente ha 2 penalità." },
          },
        },
      });
      await user.click(await screen.findByRole("button", { name: "Approva la richiesta di Giulia Bianchi" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Richiesta Approvata!" }));
      expect(dialog.getByText("Attenzione: l'utente ha 2 penalità.")).toBeTruthy();
    });

    it("explains a refusal for a blocked borrower", async () => {
      const { user } = renderLoans("/prestiti?tab=in_attesa", {
        "PUT /api/prestiti/31/approva": {
          status: 403,
          body: {
            error: "Utente bloccato",
            message: "L'utente è bloccato e non può ricevere prestiti.",
            reason: "Blocco automatico",
            userBlocked: true,
          },
        },
      });
      await user.click(await screen.findByRole("button", { name: "Approva la richiesta di Giulia Bianchi" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Utente bloccato" }));
      expect(dialog.getByText("Blocco automatico")).toBeTruthy();
      expect(dialog.getByText(/deve presentarsi di persona/)).toBeTruthy();
    });

    it("needs a reason to refuse, and sends it as motivazione", async () => {
      const { user, server } = renderLoans("/prestiti?tab=in_attesa", {
        "PUT /api/prestiti/31/rifiuta": { body: { message: "Richiesta rifiutata" } },
      });
      await user.click(await screen.findByRole("button", { name: "Rifiuta la richiesta di Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Rifiuta richiesta" }));
      await user.click(dialog.getByRole("button", { name: "Rifiuta richiesta" }));
      expect(dialog.getByRole("alert").textContent).toBe("Motivazione del rifiuto richiesta");
      expect(server.callsTo("PUT /api/prestiti/31/rifiuta")).toHaveLength(0);

      await user.type(dialog.getByLabelText(/Motivazione del rifiuto/), "Date già occupate da un corso");
      await user.click(dialog.getByRole("button", { name: "Rifiuta richiesta" }));
      expect(await screen.findByText("Richiesta di Giulia Bianchi rifiutata")).toBeTruthy();
      expect(server.callsTo("PUT /api/prestiti/31/rifiuta")[0]?.body).toEqual({
        motivazione: "Date già occupate da un corso",
      });
    });

    it('says "Errore nel rifiuto" when the refusal fails without a reason', async () => {
      const { user } = renderLoans("/prestiti?tab=in_attesa", {
        "PUT /api/prestiti/31/rifiuta": { status: 500, body: {} },
      });
      await user.click(await screen.findByRole("button", { name: "Rifiuta la richiesta di Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Rifiuta richiesta" }));
      await user.type(dialog.getByLabelText(/Motivazione del rifiuto/), "No");
      await user.click(dialog.getByRole("button", { name: "Rifiuta richiesta" }));
      expect((await dialog.findByRole("alert")).textContent).toBe("Errore nel rifiuto");
    });
  });

  describe("a long history", () => {
    const history = Array.from({ length: 35 }, (_, index) =>
      aLoan({
        id: 100 + index,
        stato: "restituito",
        data_restituzione: dayFromToday(-index),
        utente_nome_reale: `Utente ${index}`,
      }),
    );
    const loanCalls = (server: ReturnType<typeof renderLoans>["server"]) =>
      server.callsTo("GET /api/prestiti").map((call) => call.query);

    it("comes 30 cards at a time from the server, and Mostra altri asks for the next page", async () => {
      const { user, server } = renderLoans("/prestiti?tab=completati", {
        "GET /api/prestiti": loanListRoute([active, ...history]),
      });
      await screen.findByRole("article", { name: /Utente 0$/ });
      expect(cards()).toHaveLength(30);
      expect(screen.getByText("30 di 35 mostrati")).toBeTruthy();
      expect(tab(/^Completati/).textContent).toContain("35");
      expect(tab(/^Prestiti Attivi/).textContent).toContain("1");
      expect(loanCalls(server)).toContainEqual({ all: "1", stato: "restituito", pagina: "1", per_pagina: "30" });
      // The other tab's count is a one-row page, not the list.
      expect(loanCalls(server)).toContainEqual({ all: "1", stato: "in_corso", pagina: "1", per_pagina: "1" });

      await user.click(screen.getByRole("button", { name: "Mostra altri" }));
      expect(await screen.findByRole("article", { name: /Utente 34$/ })).toBeTruthy();
      expect(cards()).toHaveLength(35);
      expect(loanCalls(server)).toContainEqual({ all: "1", stato: "restituito", pagina: "2", per_pagina: "30" });
      expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
      expect(screen.queryByText(/mostrati$/)).toBeNull();
    });

    it("sends the search to the server as cerca once typing pauses, and keeps the tab counts whole", async () => {
      const { user, server } = renderLoans("/prestiti?tab=completati", { "GET /api/prestiti": loanListRoute(history) });
      await screen.findByRole("article", { name: /Utente 0$/ });
      await user.type(screen.getByLabelText("Cerca prestiti"), "Utente 3");
      await waitFor(() => expect(cards()).toHaveLength(6));
      expect(screen.queryByText(/mostrati$/)).toBeNull();
      expect(tab(/^Completati/).textContent).toContain("35");
      // One call for the whole term, not one per key.
      expect(loanCalls(server).filter((query) => query.cerca !== undefined)).toEqual([
        { all: "1", stato: "restituito", pagina: "1", per_pagina: "30", cerca: "Utente 3" },
      ]);
      // The tab's own count, no longer readable from its narrowed list, comes from a one-row page.
      expect(loanCalls(server)).toContainEqual({ all: "1", stato: "restituito", pagina: "1", per_pagina: "1" });
    });
  });

  it('says "Errore nel caricamento prestiti" when the loans cannot be read', async () => {
    renderLoans("/prestiti", { "GET /api/prestiti": { status: 403, body: { error: "Accesso negato" } } });
    expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento prestiti");
  });
});

describe("the table view on a wide screen", () => {
  const columnHeader = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });

  it("lists the loans in a table the desk sorts on the server by any sortable column, both ways", async () => {
    const { user, server } = renderLoans();
    await screen.findByRole("article", { name: /Microfono Rode/ });
    await user.click(screen.getByRole("radio", { name: "Tabella" }));

    const table = await screen.findByRole("table", { name: "Prestiti attivi" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("Microfono Rode")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("RODE_001, RODE_002")).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: /Termina prestito: Microfono Rode/ }),
    ).toBeTruthy();

    await user.click(within(columnHeader("Al")).getByRole("button"));
    await waitFor(() =>
      expect(server.callsTo("GET /api/prestiti").at(-1)?.query).toMatchObject({ ordina: "al", verso: "asc" }),
    );
    expect(columnHeader("Al").getAttribute("aria-sort")).toBe("ascending");
    await user.click(within(columnHeader("Al")).getByRole("button"));
    await waitFor(() =>
      expect(server.callsTo("GET /api/prestiti").at(-1)?.query).toMatchObject({ ordina: "al", verso: "desc" }),
    );
    expect(columnHeader("Al").getAttribute("aria-sort")).toBe("descending");
    expect(columnHeader("Articolo").getAttribute("aria-sort")).toBeNull();
    expect(within(columnHeader("Stato")).queryByRole("button")).toBeNull();
    expect(screen.getByRole("table").querySelector("caption")?.textContent).toBe(
      "Prestiti attivi, ordinata per Al in ordine decrescente",
    );
  });

  it("keeps the view in the address, and sorts the pending requests on the server", async () => {
    const later = aLoanRequest({ id: 32, oggetto_nome: "Zoom H6", dal: dayFromToday(9), al: dayFromToday(10) });
    const { user, server } = renderLoans("/prestiti?tab=in_attesa&vista=tabella&ordina=oggetto&verso=desc", {
      "GET /api/richieste": requestListRoute([pending, later]),
    });
    const table = await screen.findByRole("table", { name: /^Richieste in attesa/ });
    const itemNames = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.querySelector("td p")?.textContent);
    expect(itemNames()).toEqual(["Zoom H6", pending.oggetto_nome]);
    const lastQuery = () => pendingTabPages(server).at(-1)?.query;
    expect(lastQuery()).toMatchObject({ stato: "in_attesa", ordina: "oggetto", verso: "desc" });
    await user.click(within(columnHeader("Articolo")).getByRole("button"));
    await waitFor(() => expect(itemNames()).toEqual([pending.oggetto_nome, "Zoom H6"]));
    expect(lastQuery()).toMatchObject({ ordina: "oggetto", verso: "asc" });
    expect(columnHeader("Articolo").getAttribute("aria-sort")).toBe("ascending");
    expect(within(table).getAllByRole("button", { name: /^Approva la richiesta/ })).toHaveLength(2);
  });

  it("shows only the cards on a phone, whatever the address says", async () => {
    const phone = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
    act(() => phone.happyDOM.setViewport({ width: 390, height: 844 }));
    try {
      renderLoans("/prestiti?vista=tabella");
      await screen.findByRole("article", { name: /Microfono Rode/ });
      expect(screen.queryByRole("table")).toBeNull();
      expect(screen.queryByRole("radio", { name: "Tabella" })).toBeNull();
    } finally {
      act(() => phone.happyDOM.setViewport({ width: 1024, height: 768 }));
    }
  });
});
