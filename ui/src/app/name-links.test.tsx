import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { aLoan, aLoanRequest, noAlerts } from "../../test/desk-fixtures";
import { anAdmin, aStudent } from "../../test/fixtures";
import { loanListRoute, requestListRoute, userListRoute } from "../../test/paged-lists";
import { renderApp } from "../../test/render-app";
import { aShortage } from "../../test/set-fixtures";

const hrefOf = (scope: ReturnType<typeof within>, name: string) =>
  scope.getByRole("link", { name }).getAttribute("href");

describe("every name is a link", () => {
  it("on Prestiti: the item to its page, the student to theirs", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/prestiti",
      api: {
        "GET /api/prestiti": loanListRoute([aLoan()]),
        "GET /api/richieste": requestListRoute([]),
        "GET /api/avvisi": { body: noAlerts() },
      },
    });
    const card = within(await screen.findByRole("article", { name: /Treppiede Manfrotto/ }));
    expect(hrefOf(card, "Treppiede Manfrotto")).toBe("/inventario/7");
    expect(hrefOf(card, "Luca Verdi")).toBe("/utenti/3");
  });

  it("on the dashboard: the newest requests and the open mancanze", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/dashboard",
      api: {
        "GET /api/richieste": requestListRoute([aLoanRequest({ utente_id: 2 })]),
        "GET /api/avvisi": { body: noAlerts() },
        "GET /api/mancanze": { body: [aShortage()] },
      },
    });
    const requests = within(await screen.findByRole("region", { name: "Richieste Recenti" }));
    expect(hrefOf(within(await requests.findByRole("list")), "Canon EOS R6")).toBe("/inventario/4");
    expect(hrefOf(requests, "Giulia Bianchi")).toBe("/utenti/2");
    const shortages = within(await screen.findByRole("list", { name: "Mancanze aperte" }));
    expect(hrefOf(shortages, "Giulia Bianchi")).toBe("/utenti/2");
  });

  it("on Gestione Utenti: a student's name, not an administrator's", async () => {
    const admin = anAdmin();
    renderApp({
      signedInAs: admin,
      path: "/utenti",
      api: { "GET /api/auth/users": userListRoute([admin, aStudent()]), "GET /api/audit": { body: [] } },
    });
    const table = within(await screen.findByRole("table"));
    expect(hrefOf(table, "Giulia Bianchi")).toBe("/utenti/2");
    expect(table.queryByRole("link", { name: "Marco Rossi" })).toBeNull();
  });
});
