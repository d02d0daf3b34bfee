import { describe, expect, it } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { calendarDateIn } from "../../../../src/domain/dates";
import { aStudent } from "../../../test/fixtures";
import { anItem, aUnit, studentApi, TODAY } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const student = aStudent();

const camera = anItem({ id: 10, nome: "Canon EOS R6", tipo_prestito: "solo_esterno" });
const tripod = anItem({ id: 11, nome: "Treppiede Manfrotto", tipo_prestito: "solo_interno", unita_disponibili: 1 });
const tablet = anItem({ id: 12, nome: "Wacom Cintiq", tipo_prestito: "entrambi", categoria_nome: "Grafica" });
const lostLens = anItem({ id: 13, nome: "Obiettivo 50mm", unita_disponibili: 0, stato_effettivo: "in_prestito" });

const units: Record<number, ReturnType<typeof aUnit>[]> = {
  10: [
    aUnit({ id: 100, codice_univoco: "CANON_001" }),
    aUnit({
      id: 101,
      codice_univoco: "CANON_002",
      stato: "prestato",
      prenotazioni: [
        { dal: "2025-03-01", al: "2025-03-08", tipo: "prestito", fino_alla_restituzione: true },
        { dal: "2025-03-20", al: "2025-03-22", tipo: "richiesta", fino_alla_restituzione: false },
      ],
    }),
  ],
  11: [aUnit({ id: 110, codice_univoco: "TREPPIEDE_001" })],
  12: [aUnit({ id: 120, codice_univoco: "WACOM_001" })],
};

function renderWizard(api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: student,
    api: {
      ...studentApi(student.id),
      "GET /api/inventario/disponibili": { body: [camera, tripod, tablet, lostLens] },
      "GET /api/inventario/10/disponibili": { body: units[10] },
      "GET /api/inventario/11/disponibili": { body: units[11] },
      "GET /api/inventario/12/disponibili": { body: units[12] },
      "POST /api/richieste": (call) => ({ body: { id: 77, ...(call.body as object) } }),
      ...api,
    },
  });
}

function wizard() {
  return within(screen.getByRole("dialog", { name: "Nuova Richiesta" }));
}

async function openWizard(api: ApiRoutes = {}) {
  const rendered = renderWizard(api);
  await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
  await rendered.user.click(screen.getByRole("button", { name: "Nuova Richiesta" }));
  await wizard().findByRole("list", { name: "Articoli richiedibili" });
  return rendered;
}

/** The dialog's description: "Passo N di 4 · step". */
function stepText() {
  const dialog = screen.getByRole("dialog", { name: "Nuova Richiesta" });
  return document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
}

/** Walks to the dates step of `itemName`, choosing `unitCode` (and `usage` for entrambi items). */
async function reachDates(
  user: Awaited<ReturnType<typeof openWizard>>["user"],
  itemName: string,
  unitCode: string,
  usage?: "Lezione / Interno" | "Prestito / Esterno",
) {
  await user.click(wizard().getByRole("button", { name: new RegExp(itemName) }));
  await user.click(await wizard().findByRole("button", { name: new RegExp(unitCode) }));
  if (usage) {
    await user.click(wizard().getByLabelText(new RegExp(usage)));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
  }
  await wizard().findByLabelText("Data di inizio");
}

function dateField(label: "Data di inizio" | "Data di fine") {
  return wizard().getByLabelText(label) as HTMLInputElement;
}

function setDate(label: "Data di inizio" | "Data di fine", value: string) {
  fireEvent.change(dateField(label), { target: { value } });
}

describe("new request wizard", () => {
  describe("step 1: choosing the item", () => {
    it("lists the course's items with free units, with count, category and the internal-only note", async () => {
      await openWizard();
      expect(stepText()).toBe("Passo 1 di 4 · Oggetto");
      const list = within(wizard().getByRole("list", { name: "Articoli richiedibili" }));
      expect(list.getAllByRole("button").map((button) => button.querySelector("span span")?.textContent)).toEqual([
        "Canon EOS R6",
        "Treppiede Manfrotto",
        "Wacom Cintiq",
      ]);
      const cameraCard = within(list.getByRole("button", { name: /Canon EOS R6/ }));
      expect(cameraCard.getByText("2 disponibili")).toBeTruthy();
      expect(cameraCard.getByText("Fotografia - Fotocamere")).toBeTruthy();
      expect(cameraCard.queryByText("Solo uso interno")).toBeNull();
      const tripodCard = within(list.getByRole("button", { name: /Treppiede/ }));
      expect(tripodCard.getByText("1 disponibile")).toBeTruthy();
      expect(tripodCard.getByText("Solo uso interno")).toBeTruthy();
    });

    it("says so when nothing is available for the student's course", async () => {
      const { user } = renderWizard({ "GET /api/inventario/disponibili": { body: [lostLens] } });
      await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
      await user.click(screen.getByRole("button", { name: "Nuova Richiesta" }));
      expect(await wizard().findByText("Nessun articolo disponibile per il tuo corso")).toBeTruthy();
      expect(wizard().getByText(/assegnati al corso Fotografia/)).toBeTruthy();
    });

    it("finds an item by name", async () => {
      const { user } = await openWizard();
      await user.type(wizard().getByLabelText("Cerca articolo"), "wacom");
      const list = within(wizard().getByRole("list", { name: "Articoli richiedibili" }));
      expect(list.getAllByRole("button")).toHaveLength(1);
      expect(list.getByText("Wacom Cintiq")).toBeTruthy();
    });

    it("closes with Annulla", async () => {
      const { user } = await openWizard();
      await user.click(wizard().getByRole("button", { name: "Annulla" }));
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  });

  describe("step 2: choosing the unit", () => {
    it("shows each unit's code, state and the dates already booked", async () => {
      const { user } = await openWizard();
      await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
      expect(stepText()).toBe("Passo 2 di 4 · Unità");
      const busy = within(await wizard().findByRole("button", { name: /CANON_002/ }));
      expect(busy.getByText("In prestito")).toBeTruthy();
      expect(busy.getByText("dal 01/03/2025 fino alla restituzione")).toBeTruthy();
      expect(busy.getByText("dal 20/03/2025 al 22/03/2025")).toBeTruthy();
      const free = within(wizard().getByRole("button", { name: /CANON_001/ }));
      expect(free.getByText("Disponibile")).toBeTruthy();
      expect(free.getByText("Nessuna prenotazione: libera in ogni data")).toBeTruthy();
    });

    it("goes back to the item list", async () => {
      const { user } = await openWizard();
      await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
      await wizard().findByRole("button", { name: /CANON_001/ });
      await user.click(wizard().getByRole("button", { name: "Indietro" }));
      expect(stepText()).toBe("Passo 1 di 4 · Oggetto");
      expect(wizard().getByRole("list", { name: "Articoli richiedibili" })).toBeTruthy();
    });
  });

  describe("step 3: usage type", () => {
    it("is skipped for items that are not entrambi, and Back from the dates returns to the units", async () => {
      const { user } = await openWizard();
      await reachDates(user, "Canon EOS R6", "CANON_001");
      expect(stepText()).toBe("Passo 4 di 4 · Date");
      await user.click(wizard().getByRole("button", { name: "Indietro" }));
      expect(stepText()).toBe("Passo 2 di 4 · Unità");
    });

    it("is asked for entrambi items, must be chosen to continue, and Back from the dates returns to it", async () => {
      const { user } = await openWizard();
      await user.click(wizard().getByRole("button", { name: /Wacom Cintiq/ }));
      await user.click(await wizard().findByRole("button", { name: /WACOM_001/ }));
      expect(stepText()).toBe("Passo 3 di 4 · Utilizzo");

      await user.click(wizard().getByRole("button", { name: "Avanti" }));
      expect(wizard().getByRole("alert").textContent).toBe("Seleziona il tipo di utilizzo");
      expect(stepText()).toBe("Passo 3 di 4 · Utilizzo");

      await user.click(wizard().getByLabelText(/Prestito \/ Esterno/));
      expect(wizard().queryByRole("alert")).toBeNull();
      await user.click(wizard().getByRole("button", { name: "Avanti" }));
      expect(stepText()).toBe("Passo 4 di 4 · Date");

      await user.click(wizard().getByRole("button", { name: "Indietro" }));
      expect(stepText()).toBe("Passo 3 di 4 · Utilizzo");
      expect((wizard().getByLabelText(/Prestito \/ Esterno/) as HTMLInputElement).checked).toBe(true);
      await user.click(wizard().getByRole("button", { name: "Indietro" }));
      expect(stepText()).toBe("Passo 2 di 4 · Unità");
    });
  });

  describe("step 4: dates", () => {
    it("starts on the server's today and lists the unit's booked dates", async () => {
      const { user } = await openWizard();
      await reachDates(user, "Canon EOS R6", "CANON_002");
      expect(dateField("Data di inizio").value).toBe(TODAY);
      expect(dateField("Data di fine").value).toBe("");
      const booked = within(wizard().getByRole("list", { name: "Date già occupate" }));
      expect(booked.getByText("dal 01/03/2025 fino alla restituzione")).toBeTruthy();
      expect(booked.getByText("dal 20/03/2025 al 22/03/2025")).toBeTruthy();
    });

    it("falls back to the browser's date when the server does not say what day it is", async () => {
      const { user } = await openWizard({ "GET /api/health": { body: { ok: true } } });
      await reachDates(user, "Canon EOS R6", "CANON_001");
      const browserToday = calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
      expect(dateField("Data di inizio").value).toBe(browserToday);
    });

    it("refuses a start in the past", async () => {
      const { user, server } = await openWizard();
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di inizio", "2025-03-09");
      setDate("Data di fine", "2025-03-12");
      expect(wizard().getByRole("alert").textContent).toBe("La data di inizio non può essere nel passato");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      expect(server.callsTo("POST /api/richieste")).toHaveLength(0);
    });

    it("refuses an end before the start", async () => {
      const { user, server } = await openWizard();
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di inizio", "2025-03-12");
      setDate("Data di fine", "2025-03-11");
      expect(wizard().getByRole("alert").textContent).toBe(
        "La data di fine deve essere successiva alla data di inizio",
      );
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      expect(server.callsTo("POST /api/richieste")).toHaveLength(0);
    });

    it("asks for both dates before sending", async () => {
      const { user, server } = await openWizard();
      await reachDates(user, "Canon EOS R6", "CANON_001");
      expect(wizard().queryByRole("alert")).toBeNull();
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      expect(wizard().getByRole("alert").textContent).toBe("Inserisci le date di inizio e di fine");
      expect(server.callsTo("POST /api/richieste")).toHaveLength(0);
    });

    it("makes internal use a same-day booking: the end follows the start and cannot be edited", async () => {
      const { user } = await openWizard();
      await reachDates(user, "Treppiede Manfrotto", "TREPPIEDE_001");
      const end = dateField("Data di fine");
      expect(end.disabled).toBe(true);
      expect(end.value).toBe(TODAY);
      expect(
        wizard().getByText("Per utilizzo interno, la data di fine deve essere lo stesso giorno della data di inizio"),
      ).toBeTruthy();
      setDate("Data di inizio", "2025-03-14");
      expect(dateField("Data di fine").value).toBe("2025-03-14");
    });

    it("treats an entrambi item used internally as same-day too", async () => {
      const { user } = await openWizard();
      await reachDates(user, "Wacom Cintiq", "WACOM_001", "Lezione / Interno");
      expect(dateField("Data di fine").disabled).toBe(true);
      expect(dateField("Data di fine").value).toBe(TODAY);
    });

    it("lets an entrambi item used externally span several days", async () => {
      const { user } = await openWizard();
      await reachDates(user, "Wacom Cintiq", "WACOM_001", "Prestito / Esterno");
      expect(dateField("Data di fine").disabled).toBe(false);
    });
  });

  describe("sending", () => {
    it("sends unit, dates, note and no usage type for an item that is not entrambi, then closes and refreshes", async () => {
      const { user, server } = await openWizard();
      const requestsBefore = server.callsTo("GET /api/richieste/mie").length;
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di inizio", "2025-03-11");
      setDate("Data di fine", "2025-03-13");
      await user.type(wizard().getByLabelText(/Note/), "  Per il corso di ritratto  ");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));

      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(server.callsTo("POST /api/richieste").map((call) => call.body)).toEqual([
        { unit_id: 100, dal: "2025-03-11", al: "2025-03-13", note: "Per il corso di ritratto", tipo_utilizzo: null },
      ]);
      expect(await screen.findByText(/Richiesta inviata/)).toBeTruthy();
      await waitFor(() => expect(server.callsTo("GET /api/richieste/mie").length).toBeGreaterThan(requestsBefore));
    });

    it("sends tipo_utilizzo null for an internal-only item, and the same day as start and end", async () => {
      const { user, server } = await openWizard();
      await reachDates(user, "Treppiede Manfrotto", "TREPPIEDE_001");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      await waitFor(() => expect(server.callsTo("POST /api/richieste")).toHaveLength(1));
      expect(server.callsTo("POST /api/richieste")[0]?.body).toEqual({
        unit_id: 110,
        dal: TODAY,
        al: TODAY,
        note: null,
        tipo_utilizzo: null,
      });
    });

    it("sends the chosen usage type for an entrambi item", async () => {
      const { user, server } = await openWizard();
      await reachDates(user, "Wacom Cintiq", "WACOM_001", "Lezione / Interno");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      await waitFor(() => expect(server.callsTo("POST /api/richieste")).toHaveLength(1));
      expect(server.callsTo("POST /api/richieste")[0]?.body).toMatchObject({ unit_id: 120, tipo_utilizzo: "interno" });
    });

    it("shows the server's refusal and stays open", async () => {
      const { user } = await openWizard({
        "POST /api/richieste": {
          status: 409,
          body: { error: "L'unità selezionata non è disponibile per le date scelte" },
        },
      });
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di fine", "2025-03-12");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      expect((await wizard().findByRole("alert")).textContent).toBe(
        "L'unità selezionata non è disponibile per le date scelte",
      );
    });

    it("falls back to a generic message when the server gives none", async () => {
      const { user } = await openWizard({ "POST /api/richieste": { status: 500, body: {} } });
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di fine", "2025-03-12");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
      expect((await wizard().findByRole("alert")).textContent).toBe("Errore nella creazione della richiesta");
    });

    it('shows the "Account Bloccato" card when the server says the account is blocked', async () => {
      const { user } = await openWizard({
        "POST /api/richieste": {
          status: 403,
          body: {
            error: "Account bloccato",
            blocked: true,
            message: "Il tuo account è bloccato: non puoi fare nuove richieste di prestito.",
            reason: "Blocco automatico: 3 o più penalità per ritardi nella restituzione",
            strikes: 3,
            helpMessage: "Per sbloccare l'account presentati di persona all'ufficio amministrativo.",
          },
        },
      });
      await reachDates(user, "Canon EOS R6", "CANON_001");
      setDate("Data di fine", "2025-03-12");
      await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));

      const card = within(await wizard().findByRole("alert", { name: "Account Bloccato" }));
      expect(card.getByText("Il tuo account è bloccato: non puoi fare nuove richieste di prestito.")).toBeTruthy();
      expect(card.getByText("Blocco automatico: 3 o più penalità per ritardi nella restituzione")).toBeTruthy();
      expect(card.getByText("Motivo:")).toBeTruthy();
      expect(card.getByText("Penalità accumulate:").parentElement?.textContent).toBe("Penalità accumulate: 3 strike");
      expect(card.getByText("Per sbloccare l'account presentati di persona all'ufficio amministrativo.")).toBeTruthy();
      expect(wizard().queryByRole("button", { name: "Invia Richiesta" })).toBeNull();
      await user.click(card.getByRole("button", { name: "Chiudi" }));
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  });
});
