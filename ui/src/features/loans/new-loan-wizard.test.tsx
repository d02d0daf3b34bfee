import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { anItemCalendar, calendarDayButton } from "../../../test/availability-fixtures";
import { aLoan, anItem, dayFromToday, noAlerts } from "../../../test/desk-fixtures";
import { aBlockedStudent, anAdmin, aStudent, lucaVerdi } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { inventoryRoute, loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const SERVER_TODAY = dayFromToday(10);
const addDays = (days: number) => dayFromToday(10 + days);

const camera = anItem();
const studioLight = anItem({ id: 5, nome: "Luce da studio", tipo_prestito: "entrambi", categoria_nome: null });
const projector = anItem({ id: 6, nome: "Proiettore aula", tipo_prestito: "solo_interno" });
const lentOut = anItem({ id: 8, nome: "Drone DJI", stato_effettivo: "in_prestito" });

const giulia = aStudent();
const luca = lucaVerdi();
const sara = aBlockedStudent("Blocco automatico");

const unitsOf = (prefix: string) => [
  { id: 41, codice_univoco: `${prefix}_001`, stato: "disponibile", note: null, prenotazioni: [] },
  {
    id: 42,
    codice_univoco: `${prefix}_002`,
    stato: "prestato",
    note: null,
    prenotazioni: [{ dal: addDays(-2), al: addDays(3), tipo: "prestito", fino_alla_restituzione: false }],
  },
];

/** The same two units on the calendar: the second lent from two days ago to day 3. */
const calendarOf = (itemId: number, prefix: string) =>
  anItemCalendar(itemId, SERVER_TODAY, [
    { id: 41, code: `${prefix}_001` },
    { id: 42, code: `${prefix}_002`, taken: [-2, 3] },
  ]);

function renderWizard(api: ApiRoutes = {}, path = "/prestiti") {
  const rendered = renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      "GET /api/health": { body: { ok: true, appName: "PrestaLab", today: SERVER_TODAY } },
      "GET /api/prestiti": loanListRoute([aLoan()]),
      "GET /api/richieste": requestListRoute([]),
      "GET /api/avvisi": { body: noAlerts() },
      "GET /api/inventario": inventoryRoute([camera, studioLight, projector, lentOut]),
      "GET /api/inventario/4/disponibili": { body: unitsOf("CANON") },
      "GET /api/inventario/5/disponibili": { body: unitsOf("LUCE") },
      "GET /api/inventario/6/disponibili": { body: unitsOf("PROIETTORE") },
      "GET /api/inventario/4/disponibilita": { body: calendarOf(4, "CANON") },
      "GET /api/inventario/5/disponibilita": { body: calendarOf(5, "LUCE") },
      "GET /api/inventario/6/disponibilita": { body: calendarOf(6, "PROIETTORE") },
      "GET /api/auth/users": { body: [anAdmin(), giulia, luca, sara] },
      "POST /api/prestiti": { body: { message: "Prestito creato", loanId: 99 } },
      ...api,
    },
  });
  return rendered;
}

async function openWizard(api: ApiRoutes = {}) {
  const rendered = renderWizard(api);
  await rendered.user.click(await screen.findByRole("button", { name: "Nuovo Prestito" }));
  const dialog = within(screen.getByRole("dialog", { name: "Nuovo Prestito" }));
  return { ...rendered, dialog };
}

type Wizard = Awaited<ReturnType<typeof openWizard>>;

async function next({ user, dialog }: Wizard) {
  await user.click(dialog.getByRole("button", { name: "Avanti" }));
}

async function chooseItemAndBorrower(wizard: Wizard, item: string) {
  await wizard.user.click(await wizard.dialog.findByRole("radio", { name: item }));
  await next(wizard);
  await wizard.user.click(await wizard.dialog.findByRole("radio", { name: "Luca Verdi" }));
  await next(wizard);
}

async function chooseUnits(wizard: Wizard, ...codes: string[]) {
  for (const code of codes) await wizard.user.click(await wizard.dialog.findByRole("checkbox", { name: code }));
  await next(wizard);
}

const dayButton = (dialog: Wizard["dialog"], isoDate: string) => calendarDayButton(dialog, isoDate);

/** 2026-03-09 → "09/03/2026", as the calendar's summary and the warnings write it. */
const italian = (isoDate: string) => isoDate.split("-").reverse().join("/");

describe("new loan wizard", () => {
  it("offers only items with a unit free today, and goes on once one is chosen", async () => {
    const wizard = await openWizard();
    const { dialog } = wizard;
    expect(dialog.getByText("Passo 1 di 5 · Articolo")).toBeTruthy();
    await dialog.findByRole("radio", { name: "Canon EOS R6" });
    expect(dialog.getByRole("radio", { name: "Luce da studio" })).toBeTruthy();
    expect(dialog.queryByRole("radio", { name: "Drone DJI" })).toBeNull();
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", true);

    await wizard.user.click(dialog.getByRole("radio", { name: "Canon EOS R6" }));
    await next(wizard);
    expect(dialog.getByText("Passo 2 di 5 · Utente")).toBeTruthy();
  });

  it("offers students only, searchable, with blocked ones not selectable", async () => {
    const wizard = await openWizard();
    const { dialog, user } = wizard;
    await user.click(await dialog.findByRole("radio", { name: "Canon EOS R6" }));
    await next(wizard);
    await dialog.findByRole("radio", { name: "Giulia Bianchi" });
    expect(dialog.queryByRole("radio", { name: "Marco Rossi" })).toBeNull();
    expect(dialog.getByRole("radio", { name: "Sara Neri" })).toHaveProperty("disabled", true);
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", true);

    await user.type(dialog.getByLabelText("Cerca utente"), "m5555");
    expect(dialog.queryByRole("radio", { name: "Giulia Bianchi" })).toBeNull();
    await user.click(dialog.getByRole("radio", { name: "Luca Verdi" }));
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", false);
  });

  it("lists the bookable units with the dates already taken, and needs at least one", async () => {
    const wizard = await openWizard();
    await chooseItemAndBorrower(wizard, "Canon EOS R6");
    const { dialog, user } = wizard;
    await dialog.findByRole("checkbox", { name: "CANON_001" });
    expect(dialog.getByText(/^In prestito dal .* al /)).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", true);
    await user.click(dialog.getByRole("checkbox", { name: "CANON_001" }));
    await user.click(dialog.getByRole("checkbox", { name: "CANON_002" }));
    expect(dialog.getByText(/2 selezionate/)).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", false);
  });

  it("says a unit booked later is free only until the day before, and caps the calendar's last day there", async () => {
    const bookedLater = {
      id: 41,
      codice_univoco: "CANON_001",
      stato: "disponibile",
      note: null,
      libera_fino_al: addDays(5),
      prossima_disponibilita: null,
      prenotazioni: [{ dal: addDays(6), al: addDays(8), tipo: "richiesta", fino_alla_restituzione: false }],
    };
    const wizard = await openWizard({
      "GET /api/inventario/4/disponibili": { body: [bookedLater] },
      "GET /api/inventario/4/disponibilita": {
        body: anItemCalendar(4, SERVER_TODAY, [{ id: 41, code: "CANON_001", taken: [6, 8] }]),
      },
    });
    await chooseItemAndBorrower(wizard, "Canon EOS R6");
    expect(await wizard.dialog.findByText(`Libera fino al ${italian(addDays(5))}`)).toBeTruthy();
    await chooseUnits(wizard, "CANON_001");
    expect(await wizard.dialog.findByText(new RegExp(`^Libera fino al ${italian(addDays(5))}: dal`))).toBeTruthy();
    expect(dayButton(wizard.dialog, addDays(5)).disabled).toBe(false);
    // Past the next booking nothing can be picked, not even a free day after it.
    expect(dayButton(wizard.dialog, addDays(9)).disabled).toBe(true);
  });

  it("skips the usage step for an item that is not entrambi, and Back returns to the units", async () => {
    const wizard = await openWizard();
    await chooseItemAndBorrower(wizard, "Canon EOS R6");
    await chooseUnits(wizard, "CANON_001");
    expect(wizard.dialog.getByText("Passo 5 di 5 · Date e riepilogo")).toBeTruthy();
    await wizard.user.click(wizard.dialog.getByRole("button", { name: "Indietro" }));
    expect(wizard.dialog.getByText("Passo 3 di 5 · Unità")).toBeTruthy();
  });

  it("asks the usage type for an entrambi item before the dates, and Back returns to it", async () => {
    const wizard = await openWizard();
    await chooseItemAndBorrower(wizard, "Luce da studio");
    await chooseUnits(wizard, "LUCE_001");
    const { dialog, user } = wizard;
    expect(dialog.getByText("Passo 4 di 5 · Utilizzo")).toBeTruthy();
    expect(dialog.getByText("Seleziona il tipo di utilizzo")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", true);
    await user.click(dialog.getByRole("radio", { name: "Prestito / Esterno" }));
    await next(wizard);
    expect(dialog.getByText("Passo 5 di 5 · Date e riepilogo")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Indietro" }));
    expect(dialog.getByText("Passo 4 di 5 · Utilizzo")).toBeTruthy();
  });

  describe("dates", () => {
    it("start on the server's today and end a week later for an external loan", async () => {
      const wizard = await openWizard();
      await chooseItemAndBorrower(wizard, "Canon EOS R6");
      await chooseUnits(wizard, "CANON_001");
      expect(await wizard.dialog.findByText(`Dal ${italian(SERVER_TODAY)} al ${italian(addDays(7))}`)).toBeTruthy();
    });

    it("are picked on the calendar, where past days and the chosen units' taken days cannot be", async () => {
      const wizard = await openWizard();
      await chooseItemAndBorrower(wizard, "Canon EOS R6");
      await chooseUnits(wizard, "CANON_001", "CANON_002");
      const { dialog, user, server } = wizard;
      await dialog.findByRole("grid");
      expect(dayButton(dialog, addDays(-1)).disabled).toBe(true);
      // CANON_002 is lent until day 3: with it chosen, those days are taken.
      expect(dayButton(dialog, addDays(3)).disabled).toBe(true);
      expect(dayButton(dialog, addDays(4)).disabled).toBe(false);
      await user.click(dayButton(dialog, addDays(4)));
      await user.click(dayButton(dialog, addDays(6)));
      expect(dialog.getByText(`Dal ${italian(addDays(4))} al ${italian(addDays(6))}`)).toBeTruthy();
      await user.click(dialog.getByRole("button", { name: "Crea Prestito" }));
      expect(server.callsTo("POST /api/prestiti")[0]?.body).toMatchObject({
        data_uscita: addDays(4),
        data_rientro: addDays(6),
        unita_ids: [41, 42],
        consegna: false,
      });
    });

    it("make internal use one day: one pick is both start and end", async () => {
      const wizard = await openWizard();
      await chooseItemAndBorrower(wizard, "Proiettore aula");
      await chooseUnits(wizard, "PROIETTORE_001");
      const { dialog, user, server } = wizard;
      expect(await dialog.findByText("Utilizzo interno: il prestito finisce lo stesso giorno.")).toBeTruthy();
      await dialog.findByRole("grid");
      await user.click(dayButton(dialog, addDays(3)));
      expect(dialog.getByText(`Il ${italian(addDays(3))}`)).toBeTruthy();
      await user.click(dialog.getByRole("button", { name: "Crea Prestito" }));
      expect(server.callsTo("POST /api/prestiti")[0]?.body).toMatchObject({
        data_uscita: addDays(3),
        data_rientro: addDays(3),
      });
    });

    it('say "Compila tutti i campi obbligatori" when the day is unpicked', async () => {
      const wizard = await openWizard();
      await chooseItemAndBorrower(wizard, "Proiettore aula");
      await chooseUnits(wizard, "PROIETTORE_001");
      await wizard.dialog.findByRole("grid");
      // Today is picked by default: a second click takes it away.
      await wizard.user.click(dayButton(wizard.dialog, SERVER_TODAY));
      await wizard.user.click(wizard.dialog.getByRole("button", { name: "Crea Prestito" }));
      expect(wizard.dialog.getByRole("alert").textContent).toBe("Compila tutti i campi obbligatori");
      expect(wizard.server.callsTo("POST /api/prestiti")).toHaveLength(0);
    });

    it("warn when a chosen unit is already taken on the proposed dates", async () => {
      const wizard = await openWizard();
      await chooseItemAndBorrower(wizard, "Canon EOS R6");
      await chooseUnits(wizard, "CANON_002");
      expect(await wizard.dialog.findByText(/alcune unità risultano già occupate/)).toBeTruthy();
      expect(
        wizard.dialog.getByText(`CANON_002: Prestito dal ${italian(addDays(-2))} al ${italian(addDays(3))}`),
      ).toBeTruthy();
    });
  });

  it("opens from the item page's link on that item and unit, at the borrower, and leaves the address when closed", async () => {
    const { user } = renderWizard(
      {
        "GET /api/inventario/4": {
          body: { ...camera, unita: [{ id: 42, codice_univoco: "CANON_002", stato: "prestato" }] },
        },
      },
      "/prestiti?nuovo-prestito=4&unita=CANON_002",
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Nuovo Prestito" }));
    expect(dialog.getByText("Passo 2 di 5 · Utente")).toBeTruthy();
    await user.click(await dialog.findByRole("radio", { name: "Luca Verdi" }));
    await user.click(dialog.getByRole("button", { name: "Avanti" }));
    expect(((await dialog.findByRole("checkbox", { name: "CANON_002" })) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole("checkbox", { name: "CANON_001" }) as HTMLInputElement).checked).toBe(false);
    await user.click(dialog.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("creates the loan with the summary's data and the default note, then starts over", async () => {
    const wizard = await openWizard();
    await chooseItemAndBorrower(wizard, "Luce da studio");
    await chooseUnits(wizard, "LUCE_001", "LUCE_002");
    const { dialog, user, server } = wizard;
    await user.click(dialog.getByRole("radio", { name: "Lezione / Interno" }));
    await next(wizard);
    const summary = within(dialog.getByRole("region", { name: "Riepilogo" }));
    expect(summary.getByText("Luce da studio")).toBeTruthy();
    expect(summary.getByText("Luca Verdi · luca.verdi@accademia.it")).toBeTruthy();
    expect(summary.getByText("LUCE_001, LUCE_002")).toBeTruthy();
    expect(summary.getByText("Lezione / Interno")).toBeTruthy();
    expect(dialog.getByLabelText(/^Note/)).toHaveProperty("value", "Prestito diretto - 2 unità");

    await user.click(dialog.getByRole("button", { name: "Crea Prestito" }));
    expect(await screen.findByText("Prestito creato: Luce da studio a Luca Verdi")).toBeTruthy();
    expect(server.callsTo("POST /api/prestiti")[0]?.body).toEqual({
      inventario_id: 5,
      utente_id: 3,
      chi: "Luca Verdi",
      data_uscita: SERVER_TODAY,
      data_rientro: SERVER_TODAY,
      unita_ids: [41, 42],
      tipo_utilizzo: "interno",
      note: "Prestito diretto - 2 unità",
      // Starting today, the borrower takes the units at once unless the desk unticks it.
      consegna: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Nuovo Prestito" }));
    const again = within(screen.getByRole("dialog", { name: "Nuovo Prestito" }));
    expect(again.getByText("Passo 1 di 5 · Articolo")).toBeTruthy();
    expect(again.getByRole("radio", { name: "Luce da studio" })).toHaveProperty("checked", false);
  });

  it("shows the server's reason when the loan is refused, else a generic one", async () => {
    const refused = await openWizard({
      "POST /api/prestiti": { status: 409, body: { error: "L'unità CANON_001 non è disponibile per le date scelte" } },
    });
    await chooseItemAndBorrower(refused, "Canon EOS R6");
    await chooseUnits(refused, "CANON_001");
    await refused.user.click(refused.dialog.getByRole("button", { name: "Crea Prestito" }));
    expect((await refused.dialog.findByRole("alert")).textContent).toBe(
      "L'unità CANON_001 non è disponibile per le date scelte",
    );
  });

  it('says "Errore nella creazione prestito" when the server gives no reason', async () => {
    const wizard = await openWizard({ "POST /api/prestiti": { status: 500, body: {} } });
    await chooseItemAndBorrower(wizard, "Canon EOS R6");
    await chooseUnits(wizard, "CANON_001");
    await wizard.user.click(wizard.dialog.getByRole("button", { name: "Crea Prestito" }));
    expect((await wizard.dialog.findByRole("alert")).textContent).toBe("Errore nella creazione prestito");
  });

  describe("a new borrower", () => {
    async function openNewBorrower(api: ApiRoutes = {}) {
      const wizard = await openWizard({
        "POST /api/auth/register": (call) => ({
          body: { user: { ...aStudent({ id: 77, name: "Anna", surname: "Gialli" }), ...(call.body as object) } },
        }),
        ...api,
      });
      await wizard.user.click(await wizard.dialog.findByRole("radio", { name: "Canon EOS R6" }));
      await next(wizard);
      await wizard.user.click(wizard.dialog.getByRole("radio", { name: "Nuovo utente" }));
      return wizard;
    }

    async function fillBorrower({ user, dialog }: Wizard) {
      await user.type(dialog.getByLabelText("Nome"), "Anna");
      await user.type(dialog.getByLabelText("Cognome"), "Gialli");
      await user.type(dialog.getByLabelText("Email"), "anna.gialli@accademia.it");
      await user.type(dialog.getByLabelText("Matricola"), "M9090");
      await user.selectOptions(dialog.getByLabelText("Corso accademico"), "Pittura");
    }

    async function createBorrower(wizard: Wizard): Promise<string> {
      await fillBorrower(wizard);
      await wizard.user.click(wizard.dialog.getByRole("button", { name: "Crea utente" }));
      const shown = await wizard.dialog.findByRole("status", { name: "Password temporanea" });
      return shown.textContent ?? "";
    }

    it("needs name, surname, email, matricola and course; the phone is optional", async () => {
      const wizard = await openNewBorrower();
      const { dialog, user, server } = wizard;
      expect(dialog.getByLabelText("Email")).toHaveProperty("placeholder", "nome.cognome@accademia.it");
      expect(dialog.getByText("(opzionale)")).toBeTruthy();
      await user.type(dialog.getByLabelText("Nome"), "Anna");
      await user.click(dialog.getByRole("button", { name: "Crea utente" }));
      expect(dialog.getByRole("alert").textContent).toBe("Compila tutti i campi obbligatori");
      expect(server.callsTo("POST /api/auth/register")).toHaveLength(0);
      expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", true);
    });

    it("registers the student with a random one-time password, shows it once and selects them", async () => {
      const wizard = await openNewBorrower();
      const password = await createBorrower(wizard);
      expect(password.length).toBeGreaterThanOrEqual(16);
      const sent = wizard.server.callsTo("POST /api/auth/register")[0]?.body as Record<string, unknown>;
      expect(sent).toEqual({
        name: "Anna",
        surname: "Gialli",
        email: "anna.gialli@accademia.it",
        matricola: "M9090",
        corso_accademico: "Pittura",
        phone: "",
        password,
        ruolo: "user",
      });
      expect(wizard.dialog.getByText(/non verrà più mostrata/)).toBeTruthy();

      await next(wizard);
      expect(wizard.dialog.getByText("Passo 3 di 5 · Unità")).toBeTruthy();
      await wizard.user.click(wizard.dialog.getByRole("button", { name: "Indietro" }));
      expect(wizard.dialog.queryByText(password)).toBeNull();
    });

    it("never gives two borrowers the same password", async () => {
      const wizard = await openNewBorrower();
      const first = await createBorrower(wizard);
      await wizard.user.click(wizard.dialog.getByRole("radio", { name: "Utente registrato" }));
      await wizard.user.click(wizard.dialog.getByRole("radio", { name: "Nuovo utente" }));
      const second = await createBorrower(wizard);
      expect(first).not.toBe(second);
      const sent = wizard.server
        .callsTo("POST /api/auth/register")
        .map((call) => (call.body as { password: string }).password);
      expect(sent).toEqual([first, second]);
    });

    it("shows the server's reason when the student cannot be registered, else a generic one", async () => {
      const taken = await openNewBorrower({
        "POST /api/auth/register": { status: 409, body: { error: "Email già registrata" } },
      });
      await fillBorrower(taken);
      await taken.user.click(taken.dialog.getByRole("button", { name: "Crea utente" }));
      expect((await taken.dialog.findByRole("alert")).textContent).toBe("Email già registrata");
    });

    it('says "Errore nella creazione utente" when the server gives no reason', async () => {
      const wizard = await openNewBorrower({ "POST /api/auth/register": { status: 500, body: {} } });
      await fillBorrower(wizard);
      await wizard.user.click(wizard.dialog.getByRole("button", { name: "Crea utente" }));
      expect((await wizard.dialog.findByRole("alert")).textContent).toBe("Errore nella creazione utente");
    });
  });
});
