import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { aStudent } from "../../../test/fixtures";
import { studentApi } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { aSet, aShortage, summaryOf } from "../../../test/set-fixtures";

const student = aStudent();
const returnedShort = aSet({
  stato: "conclusa",
  firma: { tipo: "disegno", firmato_il: "2025-03-17 10:00:00" },
  mancanze_aperte: 1,
  mancanze: [aShortage()],
});

function openMySets(api: ApiRoutes) {
  return renderApp({ path: "/mie-prenotazioni", signedInAs: student, api: { ...studentApi(student.id), ...api } });
}

describe("Le mie prenotazioni", () => {
  it("shows the set's state, what it holds, the signed receipt and the battery still owed", async () => {
    openMySets({
      "GET /api/prenotazioni/mie": { body: [summaryOf(returnedShort)] },
      "GET /api/prenotazioni/40": { body: returnedShort },
    });
    const card = within(await screen.findByRole("article", { name: "Kit Ripresa" }));
    expect(card.getByText("Conclusa")).toBeTruthy();
    expect(card.getByRole("list", { name: "Contenuto di Kit Ripresa" }).textContent).toContain("1 × Obiettivo 50mm");
    expect(await card.findByText("1 × Batteria")).toBeTruthy();
    expect(card.getByRole("alert").textContent).toBe("Da restituire all'ufficio: 1 × Batteria");
    expect(card.getByRole("button", { name: "Scarica la ricevuta firmata di Kit Ripresa" })).toBeTruthy();
  });

  it("lets the student confirm a hand-over with their password when it was not signed on the pad", async () => {
    const out = aSet({ stato: "in_corso" });
    const signed = { body: { message: "Firmato", prenotazione: { ...out, firma: { tipo: "password" } } } };
    const { user, server } = openMySets({
      "GET /api/prenotazioni/mie": { body: [summaryOf(out)] },
      "PUT /api/prenotazioni/40/firma": signed,
    });
    const card = within(await screen.findByRole("article", { name: "Kit Ripresa" }));
    await user.type(card.getByLabelText("La tua password"), "segreta-123");
    await user.click(card.getByRole("button", { name: "Conferma la consegna" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/firma")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/firma")[0]?.body).toEqual({ password: "segreta-123" });
  });

  it("withdraws a pending set", async () => {
    const { user, server } = openMySets({
      "GET /api/prenotazioni/mie": { body: [summaryOf(aSet())] },
      "DELETE /api/prenotazioni/40": { body: { message: "Annullata", prenotazione: aSet({ stato: "annullata" }) } },
    });
    const card = within(await screen.findByRole("article", { name: "Kit Ripresa" }));
    await user.click(card.getByRole("button", { name: "Annulla richiesta" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Annulla richiesta" }));
    await waitFor(() => expect(server.callsTo("DELETE /api/prenotazioni/40")).toHaveLength(1));
  });
});
