import { describe, expect, it } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { recordDownloads } from "../../../test/downloads";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";
import type { DemandReport } from "../../api/demand-report";

const saved = recordDownloads();

const weeks = (figures: Array<[string, number, number]>) =>
  figures.map(([settimana, domanda, capacita]) => ({ settimana, domanda, capacita }));

const item = (fields: Partial<DemandReport["articoli"][number]> & { inventario_id: number; nome: string }) => ({
  unita: 1,
  richieste: 0,
  richieste_non_soddisfatte: 0,
  giorni_non_soddisfatti: 0,
  utilizzo: 0,
  in_coda: 0,
  dalla_coda_al_prestito: 0,
  settimana_di_punta: null,
  ...fields,
});

const report: DemandReport = {
  dal: "2026-03-02",
  al: "2026-03-22",
  articoli: [
    item({
      inventario_id: 4,
      nome: "Canon EOS R5",
      richieste: 9,
      richieste_non_soddisfatte: 4,
      giorni_non_soddisfatti: 12,
      utilizzo: 0.95,
      in_coda: 2,
      settimana_di_punta: "2026-03-09",
    }),
    item({
      inventario_id: 7,
      nome: "Atomos Ninja V",
      unita: 2,
      richieste: 1,
      utilizzo: 0.1,
      settimana_di_punta: "2026-03-09",
    }),
    item({
      inventario_id: 2,
      nome: "Zoom H6",
      richieste: 3,
      richieste_non_soddisfatte: 1,
      giorni_non_soddisfatti: 2,
      utilizzo: 0.5,
    }),
  ],
  da_acquistare: [
    {
      inventario_id: 4,
      nome: "Canon EOS R5",
      unita_in_piu: 2,
      quota_soddisfatta: 0.92,
      quota_attuale: 0.6,
      spiegazione: "«Canon EOS R5»: 4 richieste non soddisfatte per 12 giorni.",
    },
  ],
  poco_usati: [
    {
      unit_id: 31,
      codice_univoco: "ATM-001",
      inventario_id: 7,
      nome: "Atomos Ninja V",
      utilizzo: 0.1,
      giorni_fermo: 40,
      ultimo_prestito: "2026-01-15",
      spiegazione: "",
    },
    {
      unit_id: 32,
      codice_univoco: "ATM-002",
      inventario_id: 7,
      nome: "Atomos Ninja V",
      utilizzo: 0,
      giorni_fermo: 90,
      ultimo_prestito: null,
      spiegazione: "",
    },
  ],
  poco_usati_totale: 2,
  da_spostare: [],
};

/** The chart's answer for one item of the report, with its weeks. */
function itemWeeks(id: number, figures: Array<[string, number, number]>): ApiRoutes {
  const row = report.articoli.find((candidate) => candidate.inventario_id === id);
  return {
    [`GET /api/stats/domanda/articoli/${id}/settimane`]: {
      body: {
        inventario_id: id,
        nome: row?.nome,
        unita: row?.unita,
        settimana_di_punta: row?.settimana_di_punta,
        settimane: weeks(figures),
      },
    },
  };
}

function demandApi(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    ...adminShellApi,
    "GET /api/stats": { body: { totale_articoli: 0, utenti_registrati: 0, richieste_totali: 0, prestiti_attivi: 0 } },
    "GET /api/stats/domanda": { body: report },
    ...itemWeeks(4, [
      ["2026-03-02", 4, 5],
      ["2026-03-09", 8, 5],
      ["2026-03-16", 3, 5],
    ]),
    ...itemWeeks(7, [
      ["2026-03-02", 0, 10],
      ["2026-03-09", 2, 10],
      ["2026-03-16", 0, 10],
    ]),
    "GET /api/corsi": {
      body: [
        { id: 1, nome: "Fotografia" },
        { id: 2, nome: "Cinema e Audiovisivi" },
      ],
    },
    "GET /api/categorie-semplici": { body: [{ id: 5, nome: "Fotocamere", oggetti: 3 }] },
    ...overrides,
  };
}

function renderDemand(api: ApiRoutes = {}) {
  return renderApp({ signedInAs: anAdmin(), path: "/statistiche?tab=domanda", api: demandApi(api) });
}

const region = (name: string) => within(screen.getByRole("region", { name }));

/** The table's item names, top to bottom. */
function itemOrder() {
  const table = screen.getByRole("table", { name: /Domanda per articolo/ });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
}

describe("Statistiche → Domanda", () => {
  it("lists each item's demand, the most unmet first, its name leading to the item page", async () => {
    renderDemand();
    expect((await screen.findByRole("tab", { name: "Domanda" })).getAttribute("aria-selected")).toBe("true");
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    expect(itemOrder()).toEqual(["Canon EOS R5", "Atomos Ninja V", "Zoom H6"]);
    const canon = screen.getByRole("row", { name: /Canon EOS R5/ });
    expect(
      within(canon)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Canon EOS R5", "9", "4", "12", "95%", "2"]);
    expect(within(canon).getByRole("link", { name: "Canon EOS R5" }).getAttribute("href")).toBe("/inventario/4");
    expect(screen.getByText("Dal 02/03/2026 al 22/03/2026")).toBeTruthy();
  });

  it("sorts by a column on a click of its header, and back the other way", async () => {
    const { user } = renderDemand();
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    await user.click(screen.getByRole("button", { name: "Utilizzo" }));
    expect(itemOrder()).toEqual(["Atomos Ninja V", "Zoom H6", "Canon EOS R5"]);
    expect(screen.getByRole("columnheader", { name: "Utilizzo" }).getAttribute("aria-sort")).toBe("ascending");
    await user.click(screen.getByRole("button", { name: "Utilizzo" }));
    expect(itemOrder()).toEqual(["Canon EOS R5", "Zoom H6", "Atomos Ninja V"]);
  });

  it("asks the server again with the chosen period, course and category", async () => {
    const { user, server } = renderDemand();
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    expect((screen.getByLabelText(/^Dal/) as HTMLInputElement).value).toBe("02/03/2026");
    await user.selectOptions(screen.getByLabelText(/^Corso/), "Fotografia");
    await user.selectOptions(screen.getByLabelText(/^Categoria/), "Fotocamere");
    await waitFor(() =>
      expect(server.callsTo("GET /api/stats/domanda").at(-1)?.query).toEqual({ corso: "Fotografia", categoria: "5" }),
    );
    // The date is typed as Italians write it; the server gets it as ISO.
    fireEvent.change(screen.getByLabelText(/^Dal/), { target: { value: "09/03/2026" } });
    // The other end stays the one shown: the period is what the desk sees.
    await waitFor(() =>
      expect(server.callsTo("GET /api/stats/domanda").at(-1)?.query).toEqual({
        dal: "2026-03-09",
        al: "2026-03-22",
        corso: "Fotografia",
        categoria: "5",
      }),
    );
  });

  it("says the server's refusal of a period in Italian", async () => {
    renderDemand({
      "GET /api/stats/domanda": { status: 400, body: { error: "Il periodo è lungo al massimo un anno" } },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Il periodo è lungo al massimo un anno");
  });

  it("explains what to buy, what sits idle, and says when there is nothing to move", async () => {
    renderDemand();
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    const toBuy = region("Da acquistare");
    expect(toBuy.getByText(/almeno 3 giorni di richieste non soddisfatte/)).toBeTruthy();
    expect(toBuy.getByText(/soddisfarne il 90%/)).toBeTruthy();
    expect(toBuy.getByText("2 unità in più")).toBeTruthy();
    expect(toBuy.getByRole("link", { name: "Canon EOS R5" }).getAttribute("href")).toBe("/inventario/4");
    const idle = region("Poco usati");
    const units = idle.getAllByRole("listitem").map((entry) => entry.textContent);
    expect(units[0]).toContain("ATM-001");
    expect(units[0]).toContain("Utilizzo 10%");
    expect(units[0]).toContain("Ultimo prestito il 15/01/2026");
    expect(units[1]).toContain("Mai prestata");
    expect(region("Da spostare").getByText("Niente da spostare")).toBeTruthy();
  });

  it("says so when the period holds no demand at all", async () => {
    renderDemand({
      "GET /api/stats/domanda": {
        body: { ...report, articoli: [], da_acquistare: [], poco_usati: [], da_spostare: [] },
      },
    });
    expect(await screen.findByText("Nessuna richiesta nel periodo")).toBeTruthy();
    expect(screen.getByText("Niente da acquistare")).toBeTruthy();
    expect(screen.getByText("Nessuna unità poco usata")).toBeTruthy();
    expect(screen.queryByRole("img", { name: /Domanda e capacità/ })).toBeNull();
  });

  it("charts an item's weeks with a summary in words and the figures as a table", async () => {
    const { user } = renderDemand();
    const chart = await screen.findByRole("img", { name: /Domanda e capacità per settimana: Canon EOS R5/ });
    const description = document.getElementById(chart.getAttribute("aria-labelledby")?.split(" ")[1] ?? "");
    expect(description?.textContent).toBe(
      "La settimana del 09/03/2026 è stata la più richiesta: 8 giorni richiesti su 5 disponibili. In 1 settimana su 3 la domanda ha superato le unità disponibili.",
    );
    const weeksCard = region("Domanda e capacità per settimana");
    await user.selectOptions(weeksCard.getByLabelText("Articolo"), "Atomos Ninja V");
    expect(screen.getByRole("img", { name: /Atomos Ninja V/ })).toBeTruthy();
    const table = weeksCard.getByRole("table", { name: /Atomos Ninja V/ });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["02/03/2026010", "09/03/2026210", "16/03/2026010"]);
  });

  it("asks for the chosen item's weeks with the report's filters, and offers the 100 most unmet items", async () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      item({ inventario_id: 100 + index, nome: `Articolo ${index + 1}`, richieste: 1 }),
    );
    const { user, server } = renderDemand({
      "GET /api/stats/domanda": { body: { ...report, articoli: [...report.articoli, ...many] } },
    });
    const weeksCard = await screen.findByRole("region", { name: "Domanda e capacità per settimana" });
    const picker = within(weeksCard).getByLabelText("Articolo");
    expect(within(picker).getAllByRole("option")).toHaveLength(100);
    expect(picker.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      within(weeksCard).getByText("I 100 articoli con più giorni non soddisfatti, come nella tabella."),
    ).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(/^Corso/), "Fotografia");
    await user.selectOptions(picker, "Atomos Ninja V");

    await waitFor(() =>
      expect(server.callsTo("GET /api/stats/domanda/articoli/7/settimane").at(-1)?.query).toEqual({
        corso: "Fotografia",
      }),
    );
  });

  it("exports the report with the screen's filters to Excel and to CSV", async () => {
    const { user, server } = renderDemand({
      "GET /api/stats/domanda/export": (call) => ({
        body: {},
        headers: {
          "content-disposition": `attachment; filename="domanda-2026-03-02-2026-03-22.${call.query.formato}"`,
        },
      }),
    });
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    await user.selectOptions(screen.getByLabelText(/^Corso/), "Fotografia");
    await user.click(screen.getByRole("button", { name: "Esporta Excel" }));
    await user.click(screen.getByRole("button", { name: "Esporta CSV" }));
    await waitFor(() =>
      expect(saved).toEqual(["domanda-2026-03-02-2026-03-22.xlsx", "domanda-2026-03-02-2026-03-22.csv"]),
    );
    expect(server.callsTo("GET /api/stats/domanda/export").map((call) => call.query)).toEqual([
      { corso: "Fotografia", formato: "xlsx" },
      { corso: "Fotografia", formato: "csv" },
    ]);
  });

  it("says in place when an export fails", async () => {
    const { user } = renderDemand({
      "GET /api/stats/domanda/export": { status: 500, body: { error: "Esportazione non riuscita" } },
    });
    await screen.findByRole("table", { name: /Domanda per articolo/ });
    await user.click(screen.getByRole("button", { name: "Esporta CSV" }));
    expect(await screen.findByText("Esportazione non riuscita")).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
