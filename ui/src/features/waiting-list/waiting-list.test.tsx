import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { addDays } from "../../../../src/domain/dates";
import { anItemCalendar, calendarDayButton } from "../../../test/availability-fixtures";
import { anAdmin, aStudent } from "../../../test/fixtures";
import { deskItemPageApi } from "../../../test/item-page-api";
import { anItem, aUnit, studentApi, TODAY } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import { aCameraQueue, aWait } from "../../../test/wait-fixtures";

const student = aStudent();
const day = (offset: number) => addDays(TODAY, offset);
/** The Canon's only unit is lent for the whole first week. */
const camera = anItem({ id: 10, nome: "Canon EOS R6", tipo_prestito: "solo_esterno", unita_disponibili: 0 });
const cameraCalendar = anItemCalendar(10, TODAY, [{ id: 100, code: "CANON_001", taken: [0, 6] }]);
const joined = { status: 201, body: { id: 9, posizione: 2, stato: "in_coda" } };

function renderStudent(path: string, api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: student,
    path,
    api: {
      ...studentApi(student.id),
      "GET /api/inventario/disponibili": catalogueRoute([camera]),
      "GET /api/inventario/10/disponibili": { body: [aUnit({ id: 100, codice_univoco: "CANON_001" })] },
      "GET /api/inventario/10/disponibilita": { body: cameraCalendar },
      "POST /api/attese": joined,
      ...api,
    },
  });
}

const dialog = () => within(screen.getByRole("dialog", { name: "Nuova Richiesta" }));
const openedDialog = async () => within(await screen.findByRole("dialog", { name: "Nuova Richiesta" }));

describe("'Avvisami se si libera' in the request wizard", () => {
  it("lets the student pick taken days and join the item's queue, telling their place", async () => {
    const { user, server } = renderStudent("/articoli?richiesta=nuova&oggetto=10&unita=qualsiasi&passo=4");
    await (await openedDialog()).findByRole("grid");
    expect(calendarDayButton(dialog(), day(2)).disabled).toBe(true);
    await user.click(dialog().getByRole("button", { name: "Avvisami se si libera" }));
    const form = within(await dialog().findByRole("group", { name: "Avvisami se si libera: Canon EOS R6" }));
    // Waiting for taken days is the point: they can be picked here.
    await user.click(calendarDayButton(form, day(2)));
    await user.click(calendarDayButton(form, day(4)));
    await user.click(form.getByRole("button", { name: "Avvisami se si libera" }));
    expect(await dialog().findByText("Sei il n. 2 in coda per Canon EOS R6.")).toBeTruthy();
    expect(server.callsTo("POST /api/attese")[0]?.body).toEqual({ inventario_id: 10, dal: day(2), al: day(4) });
    expect(dialog().getByRole("link", { name: "Vedi le tue attese" }).getAttribute("href")).toBe("/attese");
  });

  it("offers the queue for the same dates when the server finds no unit free (409)", async () => {
    const refused = {
      status: 409,
      body: { error: "Nessuna unità è disponibile per le date scelte", disponibile_dal: day(9) },
    };
    const { user, server } = renderStudent("/articoli?richiesta=nuova&oggetto=10&unita=qualsiasi&passo=4", {
      "POST /api/richieste": refused,
    });
    await (await openedDialog()).findByRole("grid");
    await user.click(calendarDayButton(dialog(), day(8)));
    await user.click(dialog().getByRole("button", { name: "Invia Richiesta" }));
    expect((await dialog().findByRole("alert")).textContent).toContain("Nessuna unità è disponibile");
    await user.click(dialog().getByRole("button", { name: "Avvisami se si libera" }));
    await waitFor(() => expect(server.callsTo("POST /api/attese")).toHaveLength(1));
    expect(server.callsTo("POST /api/attese")[0]?.body).toEqual({ inventario_id: 10, dal: day(8), al: day(8) });
    expect(await dialog().findByText("Sei il n. 2 in coda per Canon EOS R6.")).toBeTruthy();
  });

  it("offers no queue when the refusal names another free unit", async () => {
    const refused = { status: 409, body: { error: "Sono libere per queste date: CANON_002.", unita_libere: [{}] } };
    const { user } = renderStudent("/articoli?richiesta=nuova&oggetto=10&unita=qualsiasi&passo=4", {
      "POST /api/richieste": refused,
    });
    await (await openedDialog()).findByRole("grid");
    await user.click(calendarDayButton(dialog(), day(8)));
    await user.click(dialog().getByRole("button", { name: "Invia Richiesta" }));
    await dialog().findByRole("alert");
    // Only the link beside the calendar remains: no button for the refused dates under the error.
    expect(dialog().getAllByRole("button", { name: "Avvisami se si libera" })).toHaveLength(1);
  });
});

describe("'Avvisami se si libera' on the item page", () => {
  it("opens a calendar of the wanted days and joins the queue", async () => {
    const { user, server } = renderStudent("/inventario/10", {
      "GET /api/inventario/10": { body: { ...camera, corsi_assegnati: ["Fotografia"], unita: [] } },
    });
    await user.click(await screen.findByRole("button", { name: "Avvisami se si libera" }));
    const form = within(await screen.findByRole("group", { name: "Avvisami se si libera: Canon EOS R6" }));
    await user.click(calendarDayButton(form, day(3)));
    await user.click(form.getByRole("button", { name: "Avvisami se si libera" }));
    expect(await screen.findByText("Sei il n. 2 in coda per Canon EOS R6.")).toBeTruthy();
    expect(server.callsTo("POST /api/attese")[0]?.body).toEqual({ inventario_id: 10, dal: day(3), al: day(3) });
  });
});

describe("the student's queue entries (In coda)", () => {
  const hold = aWait({ id: 7, stato: "offerta", posizione: null, scade_il: "2025-03-10T20:30:00.000Z" });
  const waiting = aWait({ id: 5, nome: "Treppiede Manfrotto", inventario_id: 11, posizione: 3 });
  const closed = aWait({
    id: 4,
    nome: "Kit Ripresa",
    inventario_id: null,
    kit_id: 3,
    stato: "scaduta",
    posizione: null,
  });

  it("lists the hold first with its expiry, the place in the queue, and the closed entries", async () => {
    renderStudent("/attese", { "GET /api/attese/mie": { body: [waiting, closed, hold] } });
    const list = within(await screen.findByRole("list", { name: "Le mie attese" }));
    const cards = list.getAllByRole("article");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Canon EOS R6, dal 17/03/2025 al 21/03/2025",
      "Treppiede Manfrotto, dal 17/03/2025 al 21/03/2025",
      "Kit Ripresa, dal 17/03/2025 al 21/03/2025",
    ]);
    const [held, queued, expired] = cards.map((card) => within(card));
    expect(held?.getByText(/Si è liberato: tenuto fino al 10\/03\/2025/)).toBeTruthy();
    expect(queued?.getByText("Sei il n. 3 in coda")).toBeTruthy();
    expect(queued?.queryByRole("button", { name: "Conferma prenotazione" })).toBeNull();
    expect(expired?.getByText("Scaduta")).toBeTruthy();
    expect(expired?.queryByRole("button")).toBeNull();
  });

  it("confirms a hold reached from its notification, its button focused", async () => {
    const { user, server } = renderStudent("/attese?conferma=7", {
      "GET /api/attese/mie": { body: [hold] },
      "PUT /api/attese/7/conferma": {
        body: { message: "Richiesta inviata al banco prestiti", richiesta_id: 40, prenotazione_id: null },
      },
    });
    const confirm = await screen.findByRole("button", { name: "Conferma prenotazione" });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    await user.click(confirm);
    await waitFor(() => expect(server.callsTo("PUT /api/attese/7/conferma")).toHaveLength(1));
    expect(await screen.findByText("Richiesta inviata al banco prestiti")).toBeTruthy();
  });

  it("leaves the queue after asking", async () => {
    const { user, server } = renderStudent("/attese", {
      "GET /api/attese/mie": { body: [waiting] },
      "DELETE /api/attese/5": { body: { message: "Sei uscito dalla coda" } },
    });
    await user.click(await screen.findByRole("button", { name: "Esci dalla coda: Treppiede Manfrotto" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Esci dalla coda" }));
    expect(confirm.getByText("Vuoi uscire dalla coda? Non sarai avvisato se si libera.")).toBeTruthy();
    await user.click(confirm.getByRole("button", { name: "Esci dalla coda" }));
    await waitFor(() => expect(server.callsTo("DELETE /api/attese/5")).toHaveLength(1));
    expect(await screen.findByText("Sei uscito dalla coda: Treppiede Manfrotto")).toBeTruthy();
  });

  it("says how to join when the student waits for nothing", async () => {
    renderStudent("/attese", { "GET /api/attese/mie": { body: [] } });
    expect(await screen.findByText("Non sei in coda per niente")).toBeTruthy();
  });
});

describe("the desk's queues", () => {
  it("shows on the item page who waits, in order, with the hold and its expiry", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/inventario/10",
      api: {
        ...deskItemPageApi({ ...camera, corsi_assegnati: ["Fotografia"], unita: [] }, cameraCalendar),
        "GET /api/attese": { body: [aCameraQueue()] },
      },
    });
    const queue = within(await screen.findByRole("list", { name: "Coda di Canon EOS R6" }));
    const rows = queue.getAllByRole("listitem").map((row) => row.textContent);
    expect(rows[0]).toMatch(
      /^1\. Giulia Bianchi · Fotografia · dal 17\/03\/2025 al 21\/03\/2025Posto tenutoTenuto fino al 10\/03\/2025/,
    );
    expect(rows[1]).toBe("2. Marco Rossi · Cinema · dal 17/03/2025 al 21/03/2025In coda");
  });

  it("lists the queues compactly on the dashboard, linked to the item", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/dashboard",
      api: { "GET /api/attese": { body: [aCameraQueue()] } },
    });
    const list = within(await screen.findByRole("list", { name: "Code di attesa" }));
    expect(list.getByRole("listitem").textContent).toMatch(
      /^Canon EOS R61 in coda · posto tenuto per Giulia Bianchi · tenuto fino al 10\/03\/2025/,
    );
    expect(list.getByRole("link", { name: "Canon EOS R6" }).getAttribute("href")).toBe("/inventario/10");
  });
});
