import { describe, expect, it } from "bun:test";
import { screen } from "@testing-library/react";
import { addDays } from "../../../../src/domain/dates";
import { aStudent } from "../../../test/fixtures";
import { studentItemPageApi } from "../../../test/item-page-api";
import { anItem, TODAY } from "../../../test/loan-fixtures";
import { renderApp } from "../../../test/render-app";

const day = (offset: number) => addDays(TODAY, offset);

/** The only Sony FX3, requested for days 7 to 9: free today until day 6. */
const fx3 = {
  ...anItem({
    id: 40,
    nome: "Sony FX3",
    quantita_totale: 1,
    unita_disponibili: 1,
    libera_fino_al: day(6),
    prossima_disponibilita: TODAY,
  }),
  unita: [{ id: 400, codice_univoco: "FX3-001", stato: "disponibile", prestito_corrente_id: null, note: null }],
};

const calendar = {
  inventario_id: 40,
  dal: TODAY,
  al: day(365),
  unita: [
    {
      id: 400,
      codice_univoco: "FX3-001",
      occupazioni: [{ tipo: "richiesta", dal: day(7), al: day(9), riferimento_id: null, chi: null }],
    },
  ],
  giorni_liberi: Array.from({ length: 366 }, (_, offset) => day(offset)).filter(
    (date) => date < day(7) || date > day(9),
  ),
};

describe("the item page of a unit booked next week", () => {
  it("says one thing: one unit free today, until the day before the booking", async () => {
    renderApp({
      signedInAs: aStudent(),
      path: "/inventario/40",
      api: studentItemPageApi(fx3, calendar),
    });
    expect(await screen.findByText("1 di 1 unità libera oggi")).toBeTruthy();
    expect(screen.getByText("Libera fino al 16/03/2025")).toBeTruthy();
    expect(
      await screen.findByText("Libera fino al 16/03/2025. I giorni barrati sono occupati su tutte le unità."),
    ).toBeTruthy();
    expect(screen.queryByText(/0 di 1/)).toBeNull();
    expect(screen.getByRole("button", { name: "Richiedi" }).hasAttribute("disabled")).toBe(false);
  });
});
