import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { bookingRules, DEFAULT_SETTINGS } from "../../../../src/domain/academy-settings";
import { aStudent } from "../../../test/fixtures";
import { aLoan, anItem, aPenalty, aRequest, noAlerts, studentApi } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import type { User } from "../../lib/user";

const student = aStudent();

function standing(strikes: number, blocked = false, reason: string | null = null) {
  return {
    [`GET /api/penalties/user/${student.id}`]: {
      body: { userInfo: { penalty_strikes: strikes, is_blocked: blocked, blocked_reason: reason }, penalties: [] },
    },
  };
}

async function openDashboard(api: ApiRoutes = {}, user: User = student) {
  const rendered = renderApp({ signedInAs: user, api: { ...studentApi(user.id), ...api } });
  await screen.findByRole("heading", { name: `Benvenuto, ${user.name} ${user.surname}` });
  return rendered;
}

function main() {
  return within(screen.getByRole("main"));
}

function counter(label: string) {
  return main().getByRole("button", { name: new RegExp(`^${label}`) });
}

describe("student dashboard", () => {
  it("welcomes the student by name and surname", async () => {
    await openDashboard();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Benvenuto, Giulia Bianchi");
  });

  it("counts available items, requests, reports and open loans", async () => {
    await openDashboard({
      "GET /api/inventario/disponibili": catalogueRoute([
        anItem({ id: 1 }),
        anItem({ id: 2 }),
        anItem({ id: 3, stato_effettivo: "in_prestito" }),
      ]),
      "GET /api/richieste/mie": {
        body: [aRequest({ id: 1 }), aRequest({ id: 2, stato: "rifiutata" }), aRequest({ id: 3, stato: "approvata" })],
      },
      "GET /api/segnalazioni/mie": {
        body: [
          { id: 1, stato: "aperta" },
          { id: 2, stato: "risolta" },
        ],
      },
      "GET /api/prestiti/mie": {
        body: [
          aLoan({ id: 1 }),
          aLoan({ id: 2, stato: "scaduto", giorni_ritardo: 1 }),
          aLoan({ id: 3, stato: "restituito" }),
        ],
      },
    });
    await main().findByText("su 3 del tuo corso");
    expect(counter("Articoli Disponibili").textContent).toBe("Articoli Disponibili2su 3 del tuo corso");
    expect(counter("Le Mie Richieste").textContent).toBe("Le Mie Richieste31 in attesa");
    expect(counter("Le Mie Segnalazioni").textContent).toBe("Le Mie Segnalazioni21 aperta");
    expect(counter("I Miei Prestiti").textContent).toBe("I Miei Prestiti21 in ritardo");
  });

  it("leads from the counters and quick actions to the other views", async () => {
    const { user } = await openDashboard();
    await user.click(counter("I Miei Prestiti"));
    expect(screen.getByRole("heading", { level: 1, name: "I Miei Prestiti" })).toBeTruthy();

    await user.click(
      within(screen.getByRole("navigation", { name: "Navigazione principale" })).getByRole("link", {
        name: "Dashboard",
      }),
    );
    await user.click(await main().findByRole("button", { name: "Segnala Guasto" }));
    expect(screen.getByRole("heading", { level: 1, name: "Segnala Guasto" })).toBeTruthy();
  });

  it('opens the request wizard from "Nuova Richiesta"', async () => {
    const { user } = await openDashboard();
    await user.click(main().getByRole("button", { name: "Nuova Richiesta" }));
    expect(screen.getByRole("dialog", { name: "Nuova Richiesta" })).toBeTruthy();
  });

  describe("penalty banner", () => {
    it("shows nothing without strikes", async () => {
      await openDashboard(standing(0));
      await main().findByText("Nessun prestito attivo");
      expect(main().queryByText(/strike/)).toBeNull();
      expect(main().queryByText("Account Bloccato")).toBeNull();
    });

    it("shows a yellow badge at 1 strike", async () => {
      await openDashboard(standing(1));
      const badge = await main().findByText("1 strike");
      expect(badge.getAttribute("data-tone")).toBe("yellow");
      expect(main().queryByText(/Un altro ritardo/)).toBeNull();
    });

    it("warns from 2 strikes, in orange, that one more delay blocks the account", async () => {
      await openDashboard(standing(2));
      const badge = await main().findByText("2 strike");
      expect(badge.getAttribute("data-tone")).toBe("orange");
      expect(
        main().getByText("Un altro ritardo nella restituzione bloccherà automaticamente il tuo account."),
      ).toBeTruthy();
    });

    const threshold = (soglia_blocco: number) => ({
      "GET /api/impostazioni/regole": { body: { ...bookingRules(DEFAULT_SETTINGS), soglia_blocco } },
    });

    it("names the academy's own threshold while the student is two or more strikes from it", async () => {
      await openDashboard({ ...standing(2), ...threshold(5) });
      expect(
        await main().findByText("Restituisci sempre entro la scadenza: con 5 strike l'account viene bloccato."),
      ).toBeTruthy();
      expect(main().getByText("Hai 2 penalità per ritardi nella restituzione")).toBeTruthy();
      expect(main().queryByText(/Un altro ritardo/)).toBeNull();
    });

    it("warns one strike before the academy's own threshold", async () => {
      await openDashboard({ ...standing(4), ...threshold(5) });
      expect(
        await main().findByText("Un altro ritardo nella restituzione bloccherà automaticamente il tuo account."),
      ).toBeTruthy();
    });

    it('shows the red "Account Bloccato" card when blocked', async () => {
      await openDashboard(standing(3, true, "Blocco automatico: 3 o più penalità per ritardi nella restituzione"));
      const card = await main().findByRole("alert", { name: "Account Bloccato" });
      expect(card.className).toContain("red");
      const inCard = within(card);
      expect(inCard.getByText("Blocco automatico: 3 o più penalità per ritardi nella restituzione")).toBeTruthy();
      expect(inCard.getByText("Penalità accumulate:").parentElement?.textContent).toBe("Penalità accumulate: 3 strike");
      expect(inCard.getByText(/ufficio amministrativo/)).toBeTruthy();
    });

    it("trusts the server's current standing over the one read at sign-in", async () => {
      await openDashboard(standing(2), aStudent({ penalty_strikes: 0 }));
      expect(await main().findByText("2 strike")).toBeTruthy();
    });

    it("uses the signed-in standing while the penalties cannot be read, and only logs the failure", async () => {
      const warn = console.warn;
      const logged: unknown[] = [];
      console.warn = (...args: unknown[]) => logged.push(args);
      try {
        await openDashboard(
          { [`GET /api/penalties/user/${student.id}`]: { status: 403, body: { error: "Accesso negato" } } },
          aStudent({ penalty_strikes: 1 }),
        );
        expect(await main().findByText("1 strike")).toBeTruthy();
        expect(main().queryByText("Errore nel caricamento dei dati")).toBeNull();
        expect(logged.length).toBeGreaterThan(0);
      } finally {
        console.warn = warn;
      }
    });
  });

  it("lists the first 3 open loans with their due dates", async () => {
    await openDashboard({
      "GET /api/prestiti/mie": {
        body: [
          aLoan({ id: 1, oggetto_nome: "Restituito prima", stato: "restituito" }),
          aLoan({ id: 2, oggetto_nome: "Zoom H5", stato: "scaduto", data_rientro: "2025-03-07", giorni_ritardo: 3 }),
          aLoan({ id: 3, oggetto_nome: "Canon EOS R6", data_rientro: "2025-03-14" }),
          aLoan({ id: 4, oggetto_nome: "Wacom Cintiq", data_rientro: "2025-03-20" }),
          aLoan({ id: 5, oggetto_nome: "Quarto prestito", data_rientro: "2025-03-25" }),
        ],
      },
    });
    const list = within(await main().findByRole("list", { name: "Prestiti attivi" }));
    const items = list.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Zoom H5",
      "Canon EOS R6",
      "Wacom Cintiq",
    ]);
    expect(list.getByText("Scadenza: 07/03/2025 · 3 giorni di ritardo")).toBeTruthy();
    expect(list.getByText("Scadenza: 14/03/2025")).toBeTruthy();
  });

  it("lists the first 3 requests, each opening its full details", async () => {
    const { user } = await openDashboard({
      "GET /api/richieste/mie": {
        body: [
          aRequest({
            id: 1,
            oggetto_nome: "Godox AD200",
            codice_univoco: "GODOX_002",
            stato: "rifiutata",
            dal: "2025-03-12",
            al: "2025-03-14",
            note: "Per il progetto di still life",
            tipo_utilizzo: "esterno",
            motivo_rifiuto: "Già prenotato per la mostra",
          }),
          aRequest({ id: 2, oggetto_nome: "Canon EOS R6" }),
          aRequest({ id: 3, oggetto_nome: "Sony A7 III", stato: "approvata" }),
          aRequest({ id: 4, oggetto_nome: "Quarta richiesta" }),
        ],
      },
    });
    const list = within(await main().findByRole("list", { name: "Richieste recenti" }));
    expect(list.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Dettagli richiesta: Godox AD200",
      "Dettagli richiesta: Canon EOS R6",
      "Dettagli richiesta: Sony A7 III",
    ]);

    await user.click(list.getByRole("button", { name: "Dettagli richiesta: Godox AD200" }));
    const details = within(screen.getByRole("dialog", { name: "Dettaglio richiesta" }));
    const field = (label: string) => details.getByText(label).nextElementSibling?.textContent;
    expect(field("Stato")).toBe("Rifiutata");
    expect(field("Articolo")).toBe("Godox AD200");
    expect(field("Unità")).toBe("GODOX_002");
    expect(field("Dal")).toBe("12/03/2025");
    expect(field("Al")).toBe("14/03/2025");
    expect(field("Tipo di utilizzo")).toBe("Esterno");
    expect(field("Note")).toBe("Per il progetto di still life");
    expect(field("Motivo del rifiuto")).toBe("Già prenotato per la mostra");
    expect(field("Inviata il")).toMatch(/^09\/03\/2025/);

    await user.click(details.getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the student's overdue, to-collect, due-today and due-tomorrow alerts", async () => {
    const alert = (id: number, oggetto_nome: string, data_rientro: string, giorni_ritardo = 0) => ({
      id,
      oggetto_nome,
      data_uscita: "2025-03-09",
      data_rientro,
      giorni_ritardo,
    });
    await openDashboard({
      "GET /api/avvisi/utente": {
        body: {
          ...noAlerts(),
          prestiti_scaduti: [alert(1, "Zoom H5", "2025-03-07", 3)],
          scadenze_oggi: [alert(2, "Canon EOS R6", "2025-03-10")],
          scadenze_domani: [alert(3, "Wacom Cintiq", "2025-03-11")],
          da_ritirare: [alert(4, "Flash Godox", "2025-03-14")],
          totale_avvisi: 4,
        },
      },
    });
    const alerts = within(await main().findByRole("region", { name: "I tuoi avvisi" }));
    expect(alerts.getByText("Prestiti scaduti")).toBeTruthy();
    expect(alerts.getByText("Zoom H5").parentElement?.textContent).toBe(
      "Zoom H5: scaduto il 07/03/2025 (3 giorni di ritardo)",
    );
    expect(alerts.getByText("Canon EOS R6").parentElement?.textContent).toBe("Canon EOS R6: scade oggi");
    expect(alerts.getByText("Wacom Cintiq").parentElement?.textContent).toBe("Wacom Cintiq: scade domani");
    expect(alerts.getByText("Da ritirare")).toBeTruthy();
    expect(alerts.getByText("Flash Godox").parentElement?.textContent).toBe(
      "Flash Godox: ti aspetta al banco dal 09/03/2025",
    );
  });

  it("shows the last 3 penalties, red from 2 strikes and orange for 1", async () => {
    await openDashboard({
      [`GET /api/penalties/user/${student.id}`]: {
        body: {
          userInfo: { penalty_strikes: 2, is_blocked: false, blocked_reason: null },
          penalties: [
            aPenalty({ id: 4, articolo_nome: "Zoom H5", strike_assegnati: 2 }),
            aPenalty({ id: 3, articolo_nome: "Canon EOS R6", strike_assegnati: 1 }),
            aPenalty({ id: 2, articolo_nome: "Sony A7 III", strike_assegnati: 3 }),
            aPenalty({ id: 1, articolo_nome: "Penalità più vecchia", strike_assegnati: 1 }),
          ],
        },
      },
    });
    const history = within(await main().findByRole("list", { name: "Storico penalità" }));
    expect(history.getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Zoom H5",
      "Canon EOS R6",
      "Sony A7 III",
    ]);
    expect(history.getByText("+2 strike").getAttribute("data-tone")).toBe("red");
    expect(history.getByText("+1 strike").getAttribute("data-tone")).toBe("orange");
    expect(history.getByText("+3 strike").getAttribute("data-tone")).toBe("red");
    expect(history.getAllByText(/registrata da Marco Rossi/)).toHaveLength(3);
  });

  it("tells when the data cannot be loaded", async () => {
    await openDashboard({ "GET /api/richieste/mie": { status: 403, body: { error: "Accesso negato" } } });
    expect((await main().findByRole("alert")).textContent).toContain("Errore nel caricamento dei dati");
  });

  describe("calendar feed", () => {
    it("shows the private link, copies it and revokes it for a new one", async () => {
      let revoked = false;
      const link = (which: string) =>
        `https://prestiti.accademia.it/api/calendario/${student.id}-${which.repeat(32)}.ics`;
      const { user, server } = await openDashboard({
        "GET /api/calendario": () => ({ body: { url: link(revoked ? "b" : "a") } }),
        "DELETE /api/calendario": () => {
          revoked = true;
          return { body: { message: "Link del calendario revocato: quello vecchio non funziona più" } };
        },
      });
      // After user-event's own clipboard stub, which its setup installs.
      const copied: string[] = [];
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: { writeText: async (text: string) => void copied.push(text) },
      });
      const card = within(await main().findByRole("region", { name: "Calendario" }));
      const field = await card.findByLabelText("Link privato del calendario");
      expect((field as HTMLInputElement).value).toBe(link("a"));
      await user.click(card.getByRole("button", { name: "Copia link" }));
      expect(copied).toEqual([link("a")]);
      expect(await screen.findByText("Link del calendario copiato")).toBeTruthy();
      await user.click(card.getByRole("button", { name: "Revoca link" }));
      expect(await screen.findByText("Link del calendario revocato: quello vecchio non funziona più")).toBeTruthy();
      await waitFor(() =>
        expect((card.getByLabelText("Link privato del calendario") as HTMLInputElement).value).toBe(link("b")),
      );
      expect(server.callsTo("DELETE /api/calendario")).toHaveLength(1);
    });
  });
});
