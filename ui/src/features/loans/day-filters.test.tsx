import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { aLoan, aLoanRequest, dayFromToday, noAlerts } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import type { ApiCall } from "../../../test/mock-api";
import { loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const dueToday = aLoan({ id: 11, oggetto_nome: "Treppiede Manfrotto", data_rientro: dayFromToday(0) });
const overdue = aLoan({
  id: 12,
  oggetto_nome: "Microfono Rode",
  utente_nome_reale: "Sara Neri",
  data_rientro: dayFromToday(-2),
  stato: "scaduto",
  giorni_ritardo: 2,
});
const toCollect = aLoan({
  id: 14,
  oggetto_nome: "Sony FX3",
  fase: "da_ritirare",
  consegnato_il: null,
  data_uscita: dayFromToday(0),
});

/** The server's lists of the desk's day, as `stato` names them. */
const LISTS: Record<string, ReturnType<typeof aLoan>[]> = {
  da_ritirare_oggi: [toCollect],
  in_scadenza_oggi: [dueToday],
  scaduto: [overdue],
  in_corso: [overdue, dueToday, toCollect],
};

function renderLoans(path = "/prestiti") {
  return renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      "GET /api/prestiti": (call: ApiCall) => {
        const route = loanListRoute(LISTS[call.query.stato ?? ""] ?? []) as (call: ApiCall) => { body: unknown };
        return route({ ...call, query: { ...call.query, stato: "" } });
      },
      "GET /api/richieste": requestListRoute([aLoanRequest()]),
      "GET /api/avvisi": { body: noAlerts() },
    },
  });
}

const panel = () => within(screen.getByRole("tabpanel"));

describe("the desk's day in Prestiti", () => {
  it("narrows the active loans to those due today, each with its return", async () => {
    const { user, server } = renderLoans();
    await screen.findByRole("article", { name: /Microfono Rode/ });
    expect(screen.getByRole("button", { name: "Tutti" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "In scadenza oggi" }));
    expect(await panel().findByRole("button", { name: /Termina prestito: Treppiede Manfrotto/ })).toBeTruthy();
    expect(panel().queryByRole("article", { name: /Microfono Rode/ })).toBeNull();
    expect(server.callsTo("GET /api/prestiti").map((call) => call.query.stato)).toContain("in_scadenza_oggi");
    expect(screen.getByRole("button", { name: "In scadenza oggi" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("opens on a filter from its address, and shows the overdue ones and what is to be collected", async () => {
    const { user } = renderLoans("/prestiti?filtro=scaduto");
    expect(await screen.findByRole("article", { name: /Microfono Rode/ })).toBeTruthy();
    expect(panel().getAllByRole("article")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Da ritirare oggi" }));
    expect(await panel().findByRole("article", { name: /Sony FX3/ })).toBeTruthy();
    expect(panel().getAllByRole("article")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Tutti" }));
    await screen.findByRole("article", { name: /Treppiede Manfrotto/ });
    expect(panel().getAllByRole("article")).toHaveLength(3);
  });
});
