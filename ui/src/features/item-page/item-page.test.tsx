import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { addDays } from "../../../../src/domain/dates";
import { anAdmin, aStudent } from "../../../test/fixtures";
import { deskItemPageApi, studentItemPageApi } from "../../../test/item-page-api";
import { anItem, studentApi, TODAY } from "../../../test/loan-fixtures";
import { renderApp } from "../../../test/render-app";

const day = (offset: number) => addDays(TODAY, offset);

const camera = {
  ...anItem({
    id: 10,
    nome: "Canon EOS R6",
    note: "Con obiettivo 24-105",
    unita_disponibili: 0,
    stato_effettivo: "in_prestito",
    prossima_disponibilita: "2025-03-17",
  }),
  corsi_assegnati: ["Fotografia"],
  unita: [
    { id: 100, codice_univoco: "CANON_001", stato: "prestato", prestito_corrente_id: 7, note: null },
    { id: 101, codice_univoco: "CANON_002", stato: "riservato", prestito_corrente_id: null, note: null },
  ],
};

function calendar(withNames: boolean) {
  const free = Array.from({ length: 366 }, (_, offset) => day(offset)).filter((date) => date > day(6));
  return {
    inventario_id: 10,
    dal: TODAY,
    al: day(365),
    unita: [
      {
        id: 100,
        codice_univoco: "CANON_001",
        occupazioni: [
          {
            tipo: "prestito",
            dal: day(-2),
            al: day(6),
            riferimento_id: withNames ? 7 : null,
            chi: withNames ? "Luca Verdi" : null,
          },
        ],
      },
      {
        id: 101,
        codice_univoco: "CANON_002",
        occupazioni: [
          {
            tipo: "richiesta",
            dal: day(0),
            al: day(6),
            riferimento_id: withNames ? 9 : null,
            chi: withNames ? "Sara Neri" : null,
          },
        ],
      },
    ],
    giorni_liberi: free,
  };
}

describe("the item page of a student", () => {
  it("shows the item, when it is free again on a month calendar, and opens the wizard on it from Richiedi", async () => {
    const { user } = renderApp({
      signedInAs: aStudent(),
      path: "/inventario/10",
      api: studentItemPageApi(camera, calendar(false)),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Canon EOS R6" })).toBeTruthy();
    expect(screen.getByText("Con obiettivo 24-105")).toBeTruthy();
    expect(await screen.findByText(/Libera dal 17\/03\/2025\. I giorni barrati/)).toBeTruthy();
    const month = within(screen.getByRole("grid", { name: /marzo 2025/ }));
    // Taken days say so in words, not by their colour alone.
    expect(month.getByRole("gridcell", { name: "lunedì 10 marzo 2025, occupato" })).toBeTruthy();
    expect(month.getByRole("gridcell", { name: "lunedì 17 marzo 2025" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Richiedi" }));
    expect(await screen.findByRole("dialog", { name: "Nuova Richiesta" })).toBeTruthy();
    expect(window.location.pathname).toBe("/inventario/10");
    expect(window.location.search).toContain("oggetto=10");
  });

  it("tells a student outside the item's course that it is not for them, with no data", async () => {
    renderApp({
      signedInAs: aStudent({ corso_accademico: "Design" }),
      path: "/inventario/10",
      api: { ...studentApi(), "GET /api/inventario/10": { status: 404, body: { error: "Articolo non trovato" } } },
    });
    expect(await screen.findByText("Articolo non disponibile per te")).toBeTruthy();
    expect(screen.getByText(/non è assegnato al tuo corso.*Rivolgiti al banco prestiti/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Vedi gli articoli del tuo corso" }).getAttribute("href")).toBe(
      "/articoli",
    );
  });
});

describe("the item page of the desk", () => {
  it("shows each unit's holder and due date, the next bookings and a timeline, and picks out ?unita=", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/inventario/10?unita=CANON_002",
      api: deskItemPageApi(camera, calendar(true)),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Canon EOS R6" })).toBeTruthy();
    const units = within(screen.getByRole("region", { name: "Unità" }));
    expect(await units.findByText(/Luca Verdi · rientro 16\/03\/2025/)).toBeTruthy();
    expect(units.getByRole("button", { name: "Registra restituzione" })).toBeTruthy();
    expect(units.getByText("CANON_002").closest("li")?.getAttribute("aria-current")).toBe("true");
    const timeline = within(screen.getByRole("table"));
    expect(timeline.getAllByRole("row")).toHaveLength(3);
    expect(timeline.getAllByText("Richiesta: Sara Neri")).toHaveLength(7);
    // The actions carry the picked unit: the wizards open on it.
    expect(screen.getByRole("link", { name: "Presta" }).getAttribute("href")).toBe(
      "/prestiti?nuovo-prestito=10&unita=CANON_002",
    );
    expect(screen.getByRole("link", { name: "Apri riparazione" }).getAttribute("href")).toBe(
      "/riparazioni?nuova-riparazione=10&unita=CANON_002",
    );
  });
});
