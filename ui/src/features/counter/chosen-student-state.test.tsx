import { describe, expect, it } from "bun:test";
import { within } from "@testing-library/react";
import { renderBanco, scanUnit } from "../../../test/counter";
import { aScannedUnit } from "../../../test/desk-fixtures";
import { saraGallo } from "../../../test/fixtures";
import { aSheet } from "../../../test/people-fixtures";

const freeUnit = aScannedUnit();

const sara = saraGallo({ penalty_strikes: 3, is_blocked: true });
const saraSheet = aSheet({
  utente: { ...sara, blocked_reason: "Blocco automatico" },
  prestiti_in_ritardo: 2,
  mancanze_aperte: 1,
});

describe("Banco: the chosen student's standing", () => {
  it("shows blocked, overdue loans, strikes and open mancanze as soon as the student is chosen", async () => {
    const { user, server } = renderBanco({
      unit: freeUnit,
      students: [sara],
      api: { "GET /api/utenti/5/scheda": { body: saraSheet } },
    });
    const card = await scanUnit(user, "A7-003");
    await user.type(card.getByRole("searchbox"), "F0042");
    await user.click(await card.findByRole("radio", { name: /Sara Gallo/ }));
    const state = within(await card.findByRole("region", { name: "Situazione dello studente" }));
    expect(state.getAllByRole("listitem").map((line) => line.textContent)).toEqual([
      "Bloccato: Blocco automatico",
      "2 prestiti in ritardo",
      "3 penalità attive",
      "1 mancanza aperta",
    ]);
    expect(card.getByRole("link", { name: "Sara Gallo" }).getAttribute("href")).toBe("/utenti/5");
    // Nothing was attempted: the warning comes before "Presta".
    expect(server.callsTo("POST /api/prestiti")).toEqual([]);
  });
});
