import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { disabledBecause, fieldError } from "../../../test/described-by";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { inventoryRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import { aFaultReport, anItemWithUnits, aRepair } from "../../../test/repair-fixtures";
import { adminShellApi } from "../../../test/shell-api";

const inProgress = aRepair();
const secondInProgress = aRepair({
  id: 6,
  articolo_nome: "Radiomicrofono Sennheiser",
  codice_univoco: "SENNHEISER_001",
  descrizione: "Fruscio in trasmissione",
  note: null,
  note_tecniche: null,
  priorita: "bassa",
});
const completed = aRepair({
  id: 3,
  articolo_nome: "Pannello LED Godox",
  codice_univoco: "GODOX_004",
  descrizione: "Il cavo di alimentazione è danneggiato",
  note: "Cavo sostituito",
  note_tecniche: "Cavo sostituito",
  priorita: "media",
  stato: "completata",
  data_inizio: "2025-02-01",
  data_fine: "2025-02-06",
  created_at: "2025-02-01T10:00:00.000Z",
});
const cancelled = aRepair({
  id: 2,
  articolo_nome: "Slider Edelkrone",
  codice_univoco: "SLIDER_002",
  descrizione: "Carrello bloccato",
  note: null,
  note_tecniche: null,
  stato: "annullata",
  data_fine: "2025-03-11",
});
const openReport = aFaultReport();
const reportInProgress = aFaultReport({
  id: 8,
  tipo: "danneggiamento",
  urgenza: "bassa",
  messaggio: "Graffio sullo schermo",
  stato: "in_corso",
  inventario_nome: "Blackmagic Pocket 6K",
  codice_univoco: "POCKET6K_001",
  riparazione_id: 5,
  utente_nome: "Luca",
  utente_cognome: "Verdi",
  utente_email: "luca.verdi@accademia.it",
});
const lossReport = aFaultReport({
  id: 9,
  tipo: "perdita",
  urgenza: "critica",
  messaggio: "Ho perso la batteria in treno",
  inventario_nome: "Batteria Sony NP-FZ100",
  codice_univoco: "NPFZ100_002",
});
const closedReport = aFaultReport({ id: 10, stato: "chiusa", messaggio: "Tappo mancante" });

function renderRepairs(path = "/riparazioni", api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      ...adminShellApi,
      "GET /api/riparazioni": { body: [inProgress, secondInProgress, completed, cancelled] },
      "GET /api/segnalazioni": { body: [openReport, reportInProgress, lossReport, closedReport] },
      "GET /api/inventario": inventoryRoute([
        anItemWithUnits(),
        anItemWithUnits({
          id: 2,
          nome: "Blackmagic Pocket 6K",
          categoria_nome: "Cinema - Videocamere",
          unita: [{ id: 12, codice_univoco: "POCKET6K_001", stato: "prestato", note: null }],
        }),
      ]),
      ...api,
    },
  });
}

function panel() {
  return within(screen.getByRole("tabpanel"));
}

function repairCards() {
  return within(screen.getByRole("list", { name: "Elenco riparazioni" })).getAllByRole("listitem");
}

function repairCard(text: string) {
  const card = repairCards().find((item) => item.textContent?.includes(text));
  if (!card) throw new Error(`No repair card with ${text}`);
  return within(card);
}

function reportCard(id: number) {
  return within(screen.getByRole("article", { name: `Segnalazione #${id}` }));
}

function dialog(name: string) {
  return within(screen.getByRole("dialog", { name }));
}

describe("Riparazioni", () => {
  describe("tabs and list", () => {
    it("opens on the repairs in progress, with a count on every tab", async () => {
      renderRepairs();
      expect(await screen.findByRole("tab", { name: "In Corso 2" })).toBeTruthy();
      expect(screen.getByRole("tab", { name: "In Corso 2" }).getAttribute("aria-selected")).toBe("true");
      expect(await screen.findByRole("tab", { name: "Completate 1" })).toBeTruthy();
      expect(screen.getByRole("tab", { name: "Annullate 1" })).toBeTruthy();
      expect(await screen.findByRole("tab", { name: "Segnalazioni 4" })).toBeTruthy();
      expect(repairCards()).toHaveLength(2);
      expect(panel().queryByText("Pannello LED Godox")).toBeNull();
    });

    it("shows item, status, first line of the notes, description and dates on a card", async () => {
      renderRepairs();
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      const card = repairCard("Bernina");
      expect(card.getByText("Macchina da cucire Bernina")).toBeTruthy();
      expect(card.getByText("In Corso")).toBeTruthy();
      expect(card.getByText("Critica")).toBeTruthy();
      expect(card.getByText("· Verificare l'alimentatore")).toBeTruthy();
      expect(card.queryByText(/Ricambio ordinato/)).toBeNull();
      expect(card.getByText("Non si accende più")).toBeTruthy();
      expect(card.getByText("Creata il 10/03/2025")).toBeTruthy();
      expect(card.getByText("Inizio 10/03/2025")).toBeTruthy();
      expect(card.getByRole("button", { name: "Completa riparazione BERNINA_003" })).toBeTruthy();
    });

    it("lists completed repairs with their end date and no complete button", async () => {
      const { user } = renderRepairs();
      await user.click(await screen.findByRole("tab", { name: "Completate 1" }));
      const card = repairCard("Godox");
      expect(card.getByText("Completata")).toBeTruthy();
      expect(card.getByText("Fine 06/02/2025")).toBeTruthy();
      expect(card.queryByRole("button", { name: /^Completa/ })).toBeNull();
      expect(window.location.search).toBe("?tab=completata");

      await user.click(screen.getByRole("tab", { name: "Annullate 1" }));
      expect(repairCard("Slider").getByText("Annullata")).toBeTruthy();
    });

    it("finds repairs by item name or by notes", async () => {
      const { user } = renderRepairs();
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      const search = screen.getByLabelText("Cerca");
      await user.type(search, "sennheiser");
      expect(repairCards()).toHaveLength(1);
      expect(panel().getByText("Radiomicrofono Sennheiser")).toBeTruthy();

      await user.clear(search);
      await user.type(search, "ricambio ordinato");
      expect(repairCards()).toHaveLength(1);
      expect(panel().getByText("Macchina da cucire Bernina")).toBeTruthy();

      await user.type(search, " introvabile");
      expect(panel().getByText("Nessuna riparazione in corso")).toBeTruthy();
      expect(panel().getByText("Prova a cercare con altre parole.")).toBeTruthy();
    });

    it("says when the repairs cannot be loaded", async () => {
      renderRepairs("/riparazioni", { "GET /api/riparazioni": { status: 403, body: { error: "Accesso negato" } } });
      expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento riparazioni");
    });
  });

  describe("completing and cancelling", () => {
    it("completes a repair from its card only after confirmation", async () => {
      let done = false;
      const { user, server } = renderRepairs("/riparazioni", {
        "PUT /api/riparazioni/5": () => {
          done = true;
          return { body: { ...inProgress, stato: "completata", data_fine: "2025-03-15" } };
        },
        "GET /api/riparazioni": () => ({
          body: done
            ? [{ ...inProgress, stato: "completata" }, secondInProgress, completed, cancelled]
            : [inProgress, secondInProgress, completed, cancelled],
        }),
      });
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(repairCard("Bernina").getByRole("button", { name: "Completa riparazione BERNINA_003" }));
      const confirm = dialog("Completa riparazione");
      expect(confirm.getByText(/L'unità tornerà disponibile/)).toBeTruthy();
      expect(server.callsTo("PUT /api/riparazioni/5")).toHaveLength(0);

      await user.click(confirm.getByRole("button", { name: "Completa" }));
      expect(await screen.findByText("Riparazione completata")).toBeTruthy();
      expect(server.callsTo("PUT /api/riparazioni/5")[0]?.body).toEqual({ stato: "completata" });
      await waitFor(() => expect(screen.getByRole("tab", { name: "In Corso 1" })).toBeTruthy());
      expect(screen.getByRole("tab", { name: "Completate 2" })).toBeTruthy();
    });

    it("keeps the repair open when the confirmation is left with Indietro", async () => {
      const { user, server } = renderRepairs();
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(repairCard("Bernina").getByRole("button", { name: /^Completa/ }));
      await user.click(dialog("Completa riparazione").getByRole("button", { name: "Indietro" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(server.callsTo("PUT /api/riparazioni/5")).toHaveLength(0);
    });

    it("says when completing fails", async () => {
      const { user } = renderRepairs("/riparazioni", { "PUT /api/riparazioni/5": { status: 500, body: {} } });
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(repairCard("Bernina").getByRole("button", { name: /^Completa/ }));
      await user.click(dialog("Completa riparazione").getByRole("button", { name: "Completa" }));
      const confirm = dialog("Completa riparazione");
      expect((await confirm.findByRole("alert")).textContent).toBe("Errore nel completamento riparazione");
    });

    it("shows the server's reason when a repair was already closed", async () => {
      const { user } = renderRepairs("/riparazioni", {
        "PUT /api/riparazioni/5": { status: 409, body: { error: "La riparazione è già chiusa" } },
      });
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(repairCard("Bernina").getByRole("button", { name: /^Completa/ }));
      await user.click(dialog("Completa riparazione").getByRole("button", { name: "Completa" }));
      expect((await screen.findByRole("alert")).textContent).toBe("La riparazione è già chiusa");
    });
  });

  describe("details", () => {
    it("opens the details of a repair with its full notes and priority", async () => {
      const { user } = renderRepairs();
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(screen.getByRole("button", { name: "Macchina da cucire Bernina" }));
      const details = dialog("Dettagli Riparazione");
      expect(details.getAllByText("Macchina da cucire Bernina").length).toBeGreaterThan(0);
      expect(details.getByText("BERNINA_003")).toBeTruthy();
      expect(details.getByText("In Corso")).toBeTruthy();
      expect(details.getByText("Critica")).toBeTruthy();
      expect(details.getByText(/10\/03\/2025, \d\d:30/)).toBeTruthy();
      expect(details.getByText(/Verificare l'alimentatore\s+Ricambio ordinato al fornitore/)).toBeTruthy();
      expect(details.getByRole("button", { name: "Annulla riparazione" })).toBeTruthy();
      expect(details.getByRole("button", { name: "Completa" })).toBeTruthy();
    });

    it("offers no actions on a closed repair", async () => {
      const { user } = renderRepairs("/riparazioni?tab=completata");
      await user.click(await screen.findByRole("button", { name: "Pannello LED Godox" }));
      const details = dialog("Dettagli Riparazione");
      expect(details.getByText("Completata")).toBeTruthy();
      expect(details.queryByRole("button", { name: "Completa" })).toBeNull();
      expect(details.queryByRole("button", { name: "Annulla riparazione" })).toBeNull();
      expect(details.getByRole("button", { name: "Chiudi" })).toBeTruthy();
    });

    it("cancels a repair from the details after confirmation, and can go back instead", async () => {
      const { user, server } = renderRepairs("/riparazioni", {
        "PUT /api/riparazioni/5": { body: { ...inProgress, stato: "annullata" } },
      });
      await user.click(await screen.findByRole("button", { name: "Macchina da cucire Bernina" }));
      await user.click(dialog("Dettagli Riparazione").getByRole("button", { name: "Annulla riparazione" }));
      await user.click(dialog("Annulla riparazione").getByRole("button", { name: "Indietro" }));
      expect(screen.getByRole("dialog", { name: "Dettagli Riparazione" })).toBeTruthy();
      expect(server.callsTo("PUT /api/riparazioni/5")).toHaveLength(0);

      await user.click(dialog("Dettagli Riparazione").getByRole("button", { name: "Annulla riparazione" }));
      await user.click(dialog("Annulla riparazione").getByRole("button", { name: "Annulla riparazione" }));
      expect(await screen.findByText("Riparazione annullata")).toBeTruthy();
      expect(server.callsTo("PUT /api/riparazioni/5")[0]?.body).toEqual({ stato: "annullata" });
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("says when cancelling fails", async () => {
      const { user } = renderRepairs("/riparazioni", { "PUT /api/riparazioni/5": { status: 500, body: {} } });
      await user.click(await screen.findByRole("button", { name: "Macchina da cucire Bernina" }));
      await user.click(dialog("Dettagli Riparazione").getByRole("button", { name: "Annulla riparazione" }));
      await user.click(dialog("Annulla riparazione").getByRole("button", { name: "Annulla riparazione" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Errore nell'annullamento riparazione");
    });

    it("edits description, notes and priority of a repair in progress", async () => {
      const { user, server } = renderRepairs("/riparazioni", {
        "PUT /api/riparazioni/6": ({ body }) => ({ body: { ...secondInProgress, ...(body as object) } }),
      });
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await user.click(repairCard("Sennheiser").getByRole("button", { name: "Modifica riparazione SENNHEISER_001" }));
      const form = dialog("Modifica Riparazione");
      expect((form.getByRole("radio", { name: "Bassa" }) as HTMLInputElement).checked).toBe(true);
      await user.clear(form.getByLabelText("Descrizione del problema"));
      await user.click(form.getByRole("button", { name: "Salva modifiche" }));
      expect(fieldError(form.getByLabelText("Descrizione del problema"))).toBe("Descrivi il problema da riparare");

      await user.type(form.getByLabelText("Descrizione del problema"), "Fruscio e calo di segnale");
      await user.type(form.getByLabelText(/Note tecniche/), "Antenna da sostituire");
      await user.click(form.getByRole("radio", { name: "Alta" }));
      await user.click(form.getByRole("button", { name: "Salva modifiche" }));
      expect(await screen.findByText("Riparazione aggiornata")).toBeTruthy();
      expect(server.callsTo("PUT /api/riparazioni/6")[0]?.body).toEqual({
        descrizione: "Fruscio e calo di segnale",
        note_tecniche: "Antenna da sostituire",
        priorita: "alta",
      });
    });

    it("says when saving the changes fails", async () => {
      const { user } = renderRepairs("/riparazioni", { "PUT /api/riparazioni/5": { status: 500, body: {} } });
      await user.click(await screen.findByRole("button", { name: "Macchina da cucire Bernina" }));
      await user.click(dialog("Dettagli Riparazione").getByRole("button", { name: "Modifica" }));
      await user.click(dialog("Modifica Riparazione").getByRole("button", { name: "Salva modifiche" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Errore nel salvataggio");
    });
  });

  describe("new repair", () => {
    async function openWizard(api: ApiRoutes = {}) {
      const rendered = renderRepairs("/riparazioni", api);
      await screen.findByRole("list", { name: "Elenco riparazioni" });
      await rendered.user.click(screen.getByRole("button", { name: "Nuova Riparazione" }));
      await dialog("Nuova Riparazione").findByRole("radio", { name: /Canon EOS R6/ });
      return rendered;
    }

    async function reachDetails(user: ReturnType<typeof renderApp>["user"], unitCode = "CANONEOSR6_001") {
      const wizard = dialog("Nuova Riparazione");
      await user.click(wizard.getByRole("radio", { name: /Canon EOS R6/ }));
      await user.click(wizard.getByRole("button", { name: "Avanti" }));
      await user.click(wizard.getByRole("radio", { name: new RegExp(unitCode) }));
      await user.click(wizard.getByRole("button", { name: "Avanti" }));
      return wizard;
    }

    it("walks through item, unit and details, and sends the repair", async () => {
      const { user, server } = await openWizard({
        "POST /api/riparazioni": { body: { ...aRepair({ id: 20 }), avvisi_prenotazioni: [] } },
      });
      const wizard = dialog("Nuova Riparazione");
      expect(wizard.getByText("Articolo").closest("li")?.getAttribute("aria-current")).toBe("step");
      expect(disabledBecause(wizard.getByRole("button", { name: "Avanti" }))).toBe("Seleziona oggetto e ID specifico");

      // An item with no unit that can go into repair cannot be chosen.
      expect((wizard.getByRole("radio", { name: /Blackmagic Pocket 6K/ }) as HTMLInputElement).disabled).toBe(true);
      expect(wizard.getByText("Nessuna unità riparabile")).toBeTruthy();

      await user.click(wizard.getByRole("radio", { name: /Canon EOS R6/ }));
      expect(disabledBecause(wizard.getByRole("button", { name: "Avanti" }))).toBeNull();
      await user.click(wizard.getByRole("button", { name: "Avanti" }));

      // Only units that may go into repair, each with its state.
      const units = wizard.getAllByRole("radio");
      expect(units.map((radio) => radio.closest("label")?.textContent)).toEqual([
        "CANONEOSR6_001Stato unità: Disponibile",
        "CANONEOSR6_002Graffio sul displayStato unità: Prenotata",
      ]);
      expect(wizard.getByText(/3 unità non sono mostrate/)).toBeTruthy();
      expect(disabledBecause(wizard.getByRole("button", { name: "Avanti" }))).toBe("Seleziona oggetto e ID specifico");

      await user.click(wizard.getByRole("radio", { name: /CANONEOSR6_001/ }));
      await user.click(wizard.getByRole("button", { name: "Avanti" }));
      expect(wizard.getByText("CANONEOSR6_001")).toBeTruthy();
      expect((wizard.getByRole("radio", { name: "Media" }) as HTMLInputElement).checked).toBe(true);

      await user.click(wizard.getByRole("button", { name: "Crea Riparazione" }));
      expect(fieldError(wizard.getByLabelText("Descrizione del problema"))).toBe("Descrivi il problema da riparare");
      expect(server.callsTo("POST /api/riparazioni")).toHaveLength(0);

      await user.type(wizard.getByLabelText("Descrizione del problema"), "Il sensore ha un pixel bruciato");
      await user.type(wizard.getByLabelText(/Note tecniche/), "Mappatura pixel");
      await user.click(wizard.getByRole("button", { name: "Crea Riparazione" }));
      expect(await screen.findByText("Riparazione creata: BERNINA_003 è in riparazione")).toBeTruthy();
      expect(server.callsTo("POST /api/riparazioni")[0]?.body).toEqual({
        inventario_id: 1,
        unit_id: 1,
        descrizione: "Il sensore ha un pixel bruciato",
        note_tecniche: "Mappatura pixel",
        priorita: "media",
      });
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("opens from the item page's link on that item and unit, at the details, and leaves the address when closed", async () => {
      const { user } = renderRepairs("/riparazioni?nuova-riparazione=1&unita=CANONEOSR6_002", {
        "GET /api/inventario/1": { body: anItemWithUnits() },
      });
      const wizard = within(await screen.findByRole("dialog", { name: "Nuova Riparazione" }));
      expect(await wizard.findByText("CANONEOSR6_002")).toBeTruthy();
      expect(wizard.getByLabelText("Descrizione del problema")).toBeTruthy();
      await user.click(wizard.getByRole("button", { name: "Indietro" }));
      expect((wizard.getByRole("radio", { name: /CANONEOSR6_002/ }) as HTMLInputElement).checked).toBe(true);
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(window.location.search).toBe("");
    });

    it("starts on the unit step when the linked unit cannot go into repair", async () => {
      renderRepairs("/riparazioni?nuova-riparazione=1&unita=CANONEOSR6_003", {
        "GET /api/inventario/1": { body: anItemWithUnits() },
      });
      const wizard = within(await screen.findByRole("dialog", { name: "Nuova Riparazione" }));
      const units = await wizard.findAllByRole("radio");
      expect(units.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false]);
    });

    it("goes back a step without losing the choice", async () => {
      const { user } = await openWizard();
      const wizard = await reachDetails(user, "CANONEOSR6_002");
      await user.click(wizard.getByRole("button", { name: "Indietro" }));
      expect((wizard.getByRole("radio", { name: /CANONEOSR6_002/ }) as HTMLInputElement).checked).toBe(true);
      await user.click(wizard.getByRole("button", { name: "Indietro" }));
      expect((wizard.getByRole("radio", { name: /Canon EOS R6/ }) as HTMLInputElement).checked).toBe(true);
      expect(wizard.getByRole("button", { name: "Annulla" })).toBeTruthy();
    });

    it("warns about the unit's bookings ahead after creating the repair", async () => {
      const { user } = await openWizard({
        "POST /api/riparazioni": {
          body: {
            ...aRepair({ id: 21, articolo_nome: "Canon EOS R6", codice_univoco: "CANONEOSR6_002" }),
            avvisi_prenotazioni: [
              { tipo: "richiesta", id: 31, dal: "2025-03-20", al: "2025-03-22", utente: "Sara Neri" },
              { tipo: "prestito", id: 12, dal: "2025-04-01", al: "2025-04-03", utente: "Luca Verdi" },
            ],
          },
        },
      });
      const wizard = await reachDetails(user, "CANONEOSR6_002");
      await user.type(wizard.getByLabelText("Descrizione del problema"), "Display graffiato");
      await user.click(wizard.getByRole("button", { name: "Crea Riparazione" }));
      const result = dialog("Nuova Riparazione");
      expect(await result.findByText("L'unità ha 2 prenotazioni in programma")).toBeTruthy();
      expect(result.getByText(/Sara Neri · dal 20\/03\/2025 al 22\/03\/2025/)).toBeTruthy();
      expect(result.getByText("Richiesta #31")).toBeTruthy();
      expect(result.getByText("Prestito #12")).toBeTruthy();
      expect(result.getByRole("link", { name: "Vai ai prestiti" }).getAttribute("href")).toBe("/prestiti");
      await user.click(result.getByRole("button", { name: "Chiudi" }));
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("shows why the server refused the repair", async () => {
      const { user } = await openWizard({
        "POST /api/riparazioni": {
          status: 409,
          body: { error: "L'unità è in prestito a Luca Verdi: registra prima la restituzione" },
        },
      });
      const wizard = await reachDetails(user);
      await user.type(wizard.getByLabelText("Descrizione del problema"), "Non si accende");
      await user.click(wizard.getByRole("button", { name: "Crea Riparazione" }));
      expect((await wizard.findByRole("alert")).textContent).toBe(
        "L'unità è in prestito a Luca Verdi: registra prima la restituzione",
      );
    });
  });

  describe("reports tab", () => {
    it("opens from the address and lists every report with reporter, item, unit, type, urgency and state", async () => {
      renderRepairs("/riparazioni?tab=segnalazioni");
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      expect(screen.getByRole("tab", { name: /^Segnalazioni/ }).getAttribute("aria-selected")).toBe("true");
      const card = reportCard(7);
      expect(card.getByText("Canon EOS R6")).toBeTruthy();
      expect(card.getByText("CANONEOSR6_004")).toBeTruthy();
      expect(card.getByText("Guasto")).toBeTruthy();
      expect(card.getByText("Alta")).toBeTruthy();
      expect(card.getByText("Aperta")).toBeTruthy();
      expect(card.getByText("Giulia Bianchi")).toBeTruthy();
      expect(card.getByText(/giulia\.bianchi@accademia\.it/)).toBeTruthy();
      expect(card.getByText(/12\/03\/2025/)).toBeTruthy();
      expect(card.getByText("L'obiettivo non mette a fuoco")).toBeTruthy();
    });

    it("shows the photos the student attached to a report", async () => {
      renderRepairs("/riparazioni?tab=segnalazioni", {
        "GET /api/segnalazioni": { body: [{ ...openReport, foto: ["/api/foto/41"] }, reportInProgress] },
        "GET /api/foto/41": { body: {} },
      });
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      const photos = within(reportCard(7).getByRole("list", { name: "Foto del guasto" }));
      expect(await photos.findByRole("img", { name: "Foto 1 della segnalazione" })).toBeTruthy();
      expect(reportCard(8).queryByRole("list", { name: "Foto del guasto" })).toBeNull();
    });

    it("offers only the forward moves of each report", async () => {
      renderRepairs("/riparazioni?tab=segnalazioni");
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      const options = (id: number) =>
        within(screen.getByRole("combobox", { name: `Cambia stato della segnalazione #${id}` }))
          .getAllByRole("option")
          .filter((option) => !(option as HTMLOptionElement).disabled)
          .map((option) => option.textContent);
      expect(options(7)).toEqual(["In Corso", "Risolta", "Chiusa"]);
      expect(options(8)).toEqual(["Risolta", "Chiusa"]);
      expect(screen.queryByRole("combobox", { name: "Cambia stato della segnalazione #10" })).toBeNull();
    });

    it("moves a report forward after confirmation", async () => {
      const { user, server } = renderRepairs("/riparazioni?tab=segnalazioni", {
        "PUT /api/segnalazioni/8": { body: { ...reportInProgress, stato: "risolta" } },
      });
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      await user.selectOptions(screen.getByRole("combobox", { name: "Cambia stato della segnalazione #8" }), "risolta");
      const confirm = dialog("Cambia stato");
      expect(confirm.getByText(/non potrai riportarla indietro/)).toBeTruthy();
      expect(server.callsTo("PUT /api/segnalazioni/8")).toHaveLength(0);
      await user.click(confirm.getByRole("button", { name: "Segna come Risolta" }));
      expect(await screen.findByText("Segnalazione #8: Risolta")).toBeTruthy();
      expect(server.callsTo("PUT /api/segnalazioni/8")[0]?.body).toEqual({ stato: "risolta" });
    });

    it("confirms a loss only on open loss reports, resolving it with the unit lost", async () => {
      const { user, server } = renderRepairs("/riparazioni?tab=segnalazioni", {
        "PUT /api/segnalazioni/9": { body: { ...lossReport, stato: "risolta" } },
      });
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      expect(reportCard(7).queryByRole("button", { name: "Conferma perdita" })).toBeNull();
      await user.click(reportCard(9).getByRole("button", { name: "Conferma perdita" }));
      const confirm = dialog("Conferma perdita");
      expect(confirm.getByText(/sarà segnata come\s+persa/)).toBeTruthy();
      await user.click(confirm.getByRole("button", { name: "Conferma perdita" }));
      expect(await screen.findByText("Perdita confermata: NPFZ100_002 è segnata come persa")).toBeTruthy();
      expect(server.callsTo("PUT /api/segnalazioni/9")[0]?.body).toEqual({ stato: "risolta", esito: "perso" });
    });

    it("creates a repair from a report, starting from what the student wrote", async () => {
      const { user, server } = renderRepairs("/riparazioni?tab=segnalazioni", {
        "POST /api/segnalazioni/7/riparazione": {
          body: {
            ...aRepair({ id: 30, codice_univoco: "CANONEOSR6_004", segnalazione_id: 7 }),
            avvisi_prenotazioni: [],
          },
        },
      });
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      await user.click(reportCard(7).getByRole("button", { name: "Crea riparazione" }));
      const form = dialog("Crea riparazione");
      expect((form.getByLabelText("Descrizione del problema") as HTMLTextAreaElement).value).toBe(
        "Guasto: L'obiettivo non mette a fuoco",
      );
      expect((form.getByRole("radio", { name: "Alta" }) as HTMLInputElement).checked).toBe(true);
      await user.type(form.getByLabelText(/Note tecniche/), "Motore AF");
      await user.click(form.getByRole("button", { name: "Crea riparazione" }));
      expect(await screen.findByText("Riparazione creata: CANONEOSR6_004 è in riparazione")).toBeTruthy();
      expect(server.callsTo("POST /api/segnalazioni/7/riparazione")[0]?.body).toEqual({
        descrizione: "Guasto: L'obiettivo non mette a fuoco",
        note_tecniche: "Motore AF",
        priorita: "alta",
      });
    });

    it("disables creating a second repair and links to the existing one", async () => {
      const { user } = renderRepairs("/riparazioni?tab=segnalazioni");
      await screen.findByRole("list", { name: "Elenco segnalazioni" });
      const card = reportCard(8);
      expect((card.getByRole("button", { name: "Crea riparazione" }) as HTMLButtonElement).disabled).toBe(true);
      expect((reportCard(10).getByRole("button", { name: "Crea riparazione" }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      await user.click(card.getByRole("button", { name: "Riparazione #5" }));
      expect(dialog("Dettagli Riparazione").getByText("BERNINA_003")).toBeTruthy();
    });

    it("says when the linked repair is not in the list", async () => {
      const { user } = renderRepairs("/riparazioni?tab=segnalazioni", {
        "GET /api/segnalazioni": { body: [{ ...reportInProgress, riparazione_id: 99 }] },
      });
      await user.click(await screen.findByRole("button", { name: "Riparazione #99" }));
      expect(dialog("Dettagli Riparazione").getByRole("alert").textContent).toBe("Riparazione non trovata");
    });

    it("says when the reports cannot be loaded", async () => {
      renderRepairs("/riparazioni?tab=segnalazioni", {
        "GET /api/segnalazioni": { status: 403, body: { error: "Accesso negato" } },
      });
      expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento segnalazioni");
    });
  });
});
