import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { bookingRules, DEFAULT_SETTINGS } from "../../../../src/domain/academy-settings";
import { addDays } from "../../../../src/domain/dates";
import { anItemCalendar, calendarDayButton, type TestUnitCalendar } from "../../../test/availability-fixtures";
import { disabledBecause } from "../../../test/described-by";
import { aStudent } from "../../../test/fixtures";
import { pressBrowser } from "../../../test/history";
import { anItem, aUnit, studentApi, TODAY } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const student = aStudent();

const camera = anItem({ id: 10, nome: "Canon EOS R6", tipo_prestito: "solo_esterno" });
const tripod = anItem({ id: 11, nome: "Treppiede Manfrotto", tipo_prestito: "solo_interno", unita_disponibili: 1 });
const tablet = anItem({ id: 12, nome: "Wacom Cintiq", tipo_prestito: "entrambi", categoria_nome: "Grafica" });
const lens = anItem({ id: 13, nome: "Obiettivo 50mm", unita_disponibili: 0, stato_effettivo: "in_prestito" });
const broken = anItem({ id: 14, nome: "Flash rotto", unita_disponibili: 0, stato_effettivo: "in_riparazione" });

const day = (offset: number) => addDays(TODAY, offset);

const calendar = (itemId: number, units: TestUnitCalendar[]) => anItemCalendar(itemId, TODAY, units);

function renderWizard(api: ApiRoutes = {}, path = "/dashboard", signedInAs = student) {
  return renderApp({
    signedInAs,
    path,
    api: {
      ...studentApi(student.id),
      "GET /api/inventario/disponibili": catalogueRoute([camera, tripod, tablet, lens, broken]),
      "GET /api/inventario/10/disponibili": {
        body: [aUnit({ id: 100, codice_univoco: "CANON_001" }), aUnit({ id: 101, codice_univoco: "CANON_002" })],
      },
      "GET /api/inventario/11/disponibili": { body: [aUnit({ id: 110, codice_univoco: "TREPPIEDE_001" })] },
      "GET /api/inventario/12/disponibili": { body: [aUnit({ id: 120, codice_univoco: "WACOM_001" })] },
      "GET /api/inventario/10/disponibilita": {
        body: calendar(10, [
          { id: 100, code: "CANON_001", taken: [2, 4] },
          { id: 101, code: "CANON_002", taken: [3, 5] },
        ]),
      },
      "GET /api/inventario/11/disponibilita": { body: calendar(11, [{ id: 110, code: "TREPPIEDE_001" }]) },
      "GET /api/inventario/12/disponibilita": { body: calendar(12, [{ id: 120, code: "WACOM_001" }]) },
      "GET /api/inventario/13/disponibilita": {
        body: calendar(13, [{ id: 130, code: "OBIETTIVO_001", taken: [0, 6] }]),
      },
      "POST /api/richieste": (call) => ({ body: { id: 77, ...(call.body as object) } }),
      ...api,
    },
  });
}

const wizard = () => within(screen.getByRole("dialog", { name: "Nuova Richiesta" }));

async function openWizard(api: ApiRoutes = {}) {
  const rendered = renderWizard(api);
  await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
  await rendered.user.click(screen.getByRole("button", { name: "Nuova Richiesta" }));
  await wizard().findByRole("list", { name: "Articoli richiedibili" });
  return rendered;
}

const dayButton = (isoDate: string) => calendarDayButton(wizard(), isoDate);

describe("new request wizard", () => {
  it("lists items free today and items free later, marked with the day they are free again", async () => {
    await openWizard();
    const list = within(wizard().getByRole("list", { name: "Articoli richiedibili" }));
    expect(list.getByRole("button", { name: /Canon EOS R6/ }).textContent).toContain("2 disponibili");
    expect(await list.findByText("disponibile dal 17/03/2025")).toBeTruthy();
    expect(list.queryByRole("button", { name: /Flash rotto/ })).toBeNull();
  });

  it('offers "Qualsiasi unità libera" first and chosen, and sends no unit when kept', async () => {
    const { user, server } = await openWizard();
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    const radios = (await wizard().findAllByRole("radio")) as HTMLInputElement[];
    await wizard().findByText("CANON_002");
    expect(radios[0]?.checked).toBe(true);
    expect(wizard().getAllByRole("radio")[0]?.closest("label")?.textContent).toContain("Qualsiasi unità libera");
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    // Days 3 and 4 have no unit free: they cannot be picked; day 2 still has one.
    expect(dayButton(day(3)).disabled).toBe(true);
    expect(dayButton(day(2)).disabled).toBe(false);
    await user.click(dayButton(day(6)));
    await user.click(dayButton(day(8)));
    await user.click(wizard().getByLabelText(/Note/));
    await user.paste("Per il corso di ritratto");
    await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
    // Sent, the wizard closes: its parameters leave the address.
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(server.callsTo("POST /api/richieste")[0]?.body).toEqual({
      inventario_id: 10,
      unit_id: null,
      dal: day(6),
      al: day(8),
      note: "Per il corso di ritratto",
      tipo_utilizzo: null,
    });
  });

  it("disables the days a chosen unit is taken, and sends that unit", async () => {
    const { user, server } = await openWizard();
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    await user.click(await wizard().findByRole("radio", { name: /CANON_002/ }));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    expect(dayButton(day(2)).disabled).toBe(false);
    expect(dayButton(day(5)).disabled).toBe(true);
    await user.click(dayButton(day(1)));
    await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
    await waitFor(() => expect(server.callsTo("POST /api/richieste")).toHaveLength(1));
    expect(server.callsTo("POST /api/richieste")[0]?.body).toMatchObject({ unit_id: 101, dal: day(1), al: day(1) });
  });

  it("greys out the days the desk is closed: closed weekdays and the academy's closures", async () => {
    const closure = { dal: day(1), al: day(1), motivo: "Assemblea" };
    const { user } = await openWizard({
      "GET /api/impostazioni/regole": {
        body: { ...bookingRules(DEFAULT_SETTINGS), giorni_apertura: [1, 2, 3, 4, 5, 6], chiusure: [closure] },
      },
    });
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    await user.click(await wizard().findByRole("radio", { name: /CANON_002/ }));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    expect(await wizard().findByText("Ufficio chiuso")).toBeTruthy();
    expect(dayButton(day(1)).disabled).toBe(true);
    expect(dayButton(day(2)).disabled).toBe(false);
    const sunday = [0, 1, 2, 3, 4, 5, 6].map(day).find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0);
    expect(dayButton(sunday as string).disabled).toBe(true);
  });

  it("asks the usage for entrambi items and books internal use for one day", async () => {
    const { user, server } = await openWizard();
    await user.click(wizard().getByRole("button", { name: /Wacom Cintiq/ }));
    await user.click(await wizard().findByRole("button", { name: "Avanti" }));
    expect(wizard().getByText("Tipo di utilizzo")).toBeTruthy();
    expect(disabledBecause(wizard().getByRole("button", { name: "Avanti" }))).toContain(
      "Seleziona il tipo di utilizzo",
    );
    await user.click(wizard().getByLabelText(/Lezione \/ Interno/));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    await user.click(dayButton(day(2)));
    await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
    await waitFor(() => expect(server.callsTo("POST /api/richieste")).toHaveLength(1));
    expect(server.callsTo("POST /api/richieste")[0]?.body).toMatchObject({
      inventario_id: 12,
      unit_id: null,
      dal: day(2),
      al: day(2),
      tipo_utilizzo: "interno",
    });
  });

  it("keeps the step and the choices in the address, so a reload lands on them", async () => {
    const path = `/articoli?richiesta=nuova&oggetto=10&unita=101&passo=4&dal=${day(6)}&al=${day(7)}`;
    const { user, server } = renderWizard({}, path);
    await screen.findByRole("dialog", { name: "Nuova Richiesta" });
    await wizard().findByRole("grid");
    expect(wizard().getByText("CANON_002")).toBeTruthy();
    expect(wizard().getByText(`Dal ${"16/03/2025"} al ${"17/03/2025"}`)).toBeTruthy();
    await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
    await waitFor(() => expect(server.callsTo("POST /api/richieste")).toHaveLength(1));
    expect(server.callsTo("POST /api/richieste")[0]?.body).toMatchObject({ unit_id: 101, dal: day(6), al: day(7) });
    expect(window.location.pathname).toBe("/articoli");
    expect(window.location.search).toBe("");
  });

  it("shows the server's refusal, naming the free units, and stays open", async () => {
    const { user } = await openWizard({
      "POST /api/richieste": {
        status: 409,
        body: {
          error: "L'unità selezionata non è disponibile per le date scelte. Sono libere per queste date: CANON_001.",
        },
      },
    });
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    await user.click(await wizard().findByRole("radio", { name: /CANON_002/ }));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    await user.click(dayButton(day(1)));
    await user.click(wizard().getByRole("button", { name: "Invia Richiesta" }));
    expect((await wizard().findByRole("alert")).textContent).toContain("Sono libere per queste date: CANON_001.");
  });

  it('shows a blocked student the "Account Bloccato" card at once, without steps', async () => {
    const blocked = { ...student, is_blocked: true, blocked_reason: "Tre ritardi", penalty_strikes: 3 };
    renderWizard({}, "/dashboard?richiesta=nuova", blocked);
    const card = await screen.findByRole("alert");
    expect(within(card).getByRole("heading", { name: "Account Bloccato" })).toBeTruthy();
    expect(card.textContent).toContain("Tre ritardi");
    expect(screen.queryByRole("list", { name: "Articoli richiedibili" })).toBeNull();
  });

  it("goes back a step with the browser's Back", async () => {
    const { user } = await openWizard();
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    await wizard().findByRole("radio", { name: /Qualsiasi unità libera/ });
    await pressBrowser("back");
    expect(await wizard().findByRole("list", { name: "Articoli richiedibili" })).toBeTruthy();
  });

  it("keeps the unit chosen when Back returns to its step from the dates", async () => {
    const { user } = await openWizard();
    await user.click(wizard().getByRole("button", { name: /Canon EOS R6/ }));
    await user.click(await wizard().findByRole("radio", { name: /CANON_002/ }));
    await user.click(wizard().getByRole("button", { name: "Avanti" }));
    await wizard().findByRole("grid");
    await pressBrowser("back");
    expect(((await wizard().findByRole("radio", { name: /CANON_002/ })) as HTMLInputElement).checked).toBe(true);
    await pressBrowser("forward");
    expect(await wizard().findByText("CANON_002")).toBeTruthy();
  });
});
