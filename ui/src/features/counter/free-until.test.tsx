import { describe, expect, it } from "bun:test";
import { waitFor } from "@testing-library/react";
import { renderBanco, returnDatesSent, scanUnit } from "../../../test/counter";
import { aScannedUnit } from "../../../test/desk-fixtures";
import { saraGallo } from "../../../test/fixtures";

const TODAY = "2026-11-24";

/** The only Sony FX3, free today and booked from 01/12: the scan offers it until 30/11. */
const fx3 = aScannedUnit({
  id: 40,
  codice_univoco: "FX3-001",
  inventario_id: 4,
  oggetto_nome: "Sony FX3",
  libera_fino_al: "2026-11-30",
  prossima_disponibilita: TODAY,
  rientro_proposto: "2026-11-30",
});

const sara = saraGallo();

async function scanFx3() {
  const rendered = renderBanco({
    unit: fx3,
    students: [sara],
    today: TODAY,
    api: { "POST /api/prestiti": { body: { message: "Prestito creato", loanId: 31 } } },
  });
  return { ...rendered, card: await scanUnit(rendered.user, "FX3-001") };
}

describe("Banco: a unit free only until its next booking", () => {
  it("says until when it is free, and proposes the day before the booking as the return date", async () => {
    const { user, card, server } = await scanFx3();
    expect(
      card.getByText("Libera fino al 30/11/2026: si può prestare fino al giorno prima della prossima prenotazione"),
    ).toBeTruthy();
    expect(card.getByText("Il 30/11/2026")).toBeTruthy();
    expect(
      card.getByText("Dal 01/12/2026 l'unità è prenotata: la restituzione è proposta entro il 30/11/2026."),
    ).toBeTruthy();
    await user.type(card.getByRole("searchbox"), "f0042");
    await user.click(await card.findByRole("radio", { name: /Sara Gallo/ }));
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    await waitFor(() => expect(returnDatesSent(server)).toEqual(["2026-11-30"]));
  });

  it("offers no return day that runs into the booking: the calendar ends on its eve", async () => {
    const { user, card } = await scanFx3();
    const offered = (name: RegExp) => {
      const day = card.queryByRole("button", { name }) as HTMLButtonElement | null;
      return day !== null && !day.disabled && day.getAttribute("aria-disabled") !== "true";
    };
    expect(offered(/30 novembre 2026/)).toBe(true);
    expect(offered(/1 dicembre 2026/)).toBe(false);
    await user.click(card.getByRole("button", { name: "Vai al mese successivo" }));
    expect(offered(/1 dicembre 2026/)).toBe(false);
  });
});
