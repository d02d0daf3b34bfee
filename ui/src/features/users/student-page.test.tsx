import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anItem, noAlerts } from "../../../test/desk-fixtures";
import { anAdmin, aStudent } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { inventoryRoute, loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { anExtension, aSheet, aTroubledSheet } from "../../../test/people-fixtures";
import { renderApp } from "../../../test/render-app";

function renderStudent(api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/utenti/3",
    api: { "GET /api/utenti/3/scheda": { body: aTroubledSheet() }, ...api },
  });
}

function section(name: string) {
  return within(screen.getByRole("region", { name }));
}

describe("the student page", () => {
  it("shows the student whole: standing, what they hold, what waits, mancanze, strikes with reasons, notes, history", async () => {
    renderStudent();
    expect(await screen.findByRole("heading", { name: "Luca Verdi", level: 1 })).toBeTruthy();
    const state = within(screen.getByRole("region", { name: "Situazione dello studente" }));
    expect(state.getAllByRole("listitem").map((line) => line.textContent)).toEqual([
      "1 prestito in ritardo",
      "1 penalità attiva",
      "1 mancanza aperta",
    ]);
    const held = section("In prestito ora");
    expect(held.getByRole("link", { name: "Treppiede Manfrotto" }).getAttribute("href")).toBe("/inventario/7");
    expect(held.getByText("Scaduto")).toBeTruthy();
    expect(held.getByText(/3 giorni di ritardo/)).toBeTruthy();
    expect(section("Richieste in attesa").getByRole("link", { name: "Canon EOS R6" })).toBeTruthy();
    expect(section("Mancanze").getByText("1 × Batteria")).toBeTruthy();
    expect(section("Penalità").getByText("Obiettivo graffiato")).toBeTruthy();
    expect(section("Note").getByText("Con borsa")).toBeTruthy();
    expect(section("Note").getByText("Per il corso di ritratto")).toBeTruthy();
    expect(section("Storico").getByRole("link", { name: "Luce LED Aputure" })).toBeTruthy();
  });

  it("flags the open loans of a student whose account has expired", async () => {
    const sheet = aTroubledSheet();
    renderStudent({
      "GET /api/utenti/3/scheda": {
        body: { ...sheet, prestiti_aperti: sheet.prestiti_aperti.map((loan) => ({ ...loan, account_scaduto: true })) },
      },
    });
    const held = within(await screen.findByRole("region", { name: "In prestito ora" }));
    expect(held.getByText("Account scaduto")).toBeTruthy();
    expect(section("Storico").queryByText("Account scaduto")).toBeNull();
  });

  it("shows no expiry flag while the account is valid", async () => {
    renderStudent();
    const held = within(await screen.findByRole("region", { name: "In prestito ora" }));
    expect(held.getByText("Scaduto")).toBeTruthy();
    expect(held.queryByText("Account scaduto")).toBeNull();
  });

  it("says when a student is in good standing and has nothing", async () => {
    renderStudent({ "GET /api/utenti/3/scheda": { body: aSheet() } });
    expect(await screen.findByText("In regola: nessun blocco, ritardo, penalità o mancanza")).toBeTruthy();
    expect(section("In prestito ora").getByText("Nessun prestito in corso.")).toBeTruthy();
  });

  it("lends to the student through the new-loan wizard, the student already chosen", async () => {
    const luca = aTroubledSheet().utente;
    const { user } = renderStudent({
      "GET /api/prestiti": loanListRoute([]),
      "GET /api/richieste": requestListRoute([]),
      "GET /api/avvisi": { body: noAlerts() },
      "GET /api/inventario": inventoryRoute([anItem()]),
      "GET /api/auth/users": { body: [aStudent(), luca] },
    });
    await user.click(await screen.findByRole("link", { name: "Presta" }));
    await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
    expect(window.location.search).toBe("?nuovo-prestito-per=3");
    const dialog = within(await screen.findByRole("dialog", { name: "Nuovo Prestito" }));
    await user.click(await dialog.findByRole("radio", { name: "Canon EOS R6" }));
    await user.click(dialog.getByRole("button", { name: "Avanti" }));
    expect(dialog.getByText("Passo 2 di 5 · Utente")).toBeTruthy();
    await dialog.findByRole("radio", { name: "Luca Verdi" });
    expect(dialog.getByRole<HTMLInputElement>("radio", { name: "Luca Verdi" }).checked).toBe(true);
    expect(dialog.getByRole("button", { name: "Avanti" })).toHaveProperty("disabled", false);
  });

  it("adds a strike with its reason", async () => {
    const { user, server } = renderStudent({
      "POST /api/penalties/assign-manual": { body: { message: "Penalità assegnata" } },
    });
    await user.click(await screen.findByRole("button", { name: "Aggiungi penalità" }));
    const form = within(screen.getByRole("form", { name: "Aggiungi penalità" }));
    await user.type(form.getByLabelText("Motivo"), "Cavo rovinato");
    await user.click(form.getByRole("button", { name: "Aggiungi" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/penalties/assign-manual").map((call) => call.body)).toEqual([
        { userId: 3, strikes: 1, motivo: "Cavo rovinato" },
      ]),
    );
  });

  it("unblocks a blocked student; lending waits until then", async () => {
    const blocked = aSheet();
    blocked.utente = { ...blocked.utente, is_blocked: true, penalty_strikes: 3, blocked_reason: "Blocco automatico" };
    const { user, server } = renderStudent({
      "GET /api/utenti/3/scheda": { body: blocked },
      "POST /api/penalties/unblock-user": {
        body: { message: "Utente sbloccato", user: { id: 3, penalty_strikes: 3, is_blocked: false } },
      },
    });
    expect(await screen.findByText("Bloccato: Blocco automatico")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Presta" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Sblocca mantenendo le penalità" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/penalties/unblock-user").map((call) => call.body)).toEqual([
        { userId: 3, resetStrikes: false },
      ]),
    );
  });

  /** The student page with Luca's extension waiting; deciding it answers with the state given. */
  async function openPendingExtension(decision: "approva" | "rifiuta", stato: string) {
    const decided = { body: { message: "ok", proroga: { ...anExtension(), stato } } };
    const rendered = renderStudent({
      "GET /api/utenti/3/scheda": { body: aSheet({ proroghe_in_attesa: [anExtension()] }) },
      [`PUT /api/proroghe/9/${decision}`]: decided,
    });
    const list = within(await screen.findByRole("list", { name: "Proroghe in attesa" }));
    return { ...rendered, list };
  }

  it("approves a pending extension from the student page, then shows the sheet again", async () => {
    const { user, server, list } = await openPendingExtension("approva", "approvata");
    expect(list.getByText("Motivo: Riprese rimandate")).toBeTruthy();
    await user.click(list.getByRole("button", { name: "Approva proroga di Luca Verdi" }));
    await waitFor(() => expect(server.callsTo("PUT /api/proroghe/9/approva")).toHaveLength(1));
    await waitFor(() => expect(server.callsTo("GET /api/utenti/3/scheda")).toHaveLength(2));
  });

  it("refuses a pending extension with the reason the student reads", async () => {
    const { user, server, list } = await openPendingExtension("rifiuta", "rifiutata");
    await user.click(list.getByRole("button", { name: "Rifiuta" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rifiuta proroga" }));
    await user.type(dialog.getByRole("textbox", { name: /Motivazione del rifiuto/ }), "Serve a Giulia");
    await user.click(dialog.getByRole("button", { name: "Rifiuta proroga" }));
    await waitFor(() =>
      expect(server.callsTo("PUT /api/proroghe/9/rifiuta").map((call) => call.body)).toEqual([
        { motivo: "Serve a Giulia" },
      ]),
    );
  });
});
