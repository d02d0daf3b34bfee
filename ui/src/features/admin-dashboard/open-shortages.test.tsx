import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import { aShortage } from "../../../test/set-fixtures";

const battery = aShortage();

/** The dashboard with the battery's mancanza open; closing it answers with the outcome given. */
async function openShortages(esito: string) {
  const rendered = renderApp({
    signedInAs: anAdmin(),
    path: "/dashboard",
    api: {
      "GET /api/mancanze": { body: [battery] },
      "PUT /api/mancanze/7/risolvi": { body: { message: "Risolta", mancanza: { ...battery, esito } } },
    },
  });
  const list = within(await screen.findByRole("list", { name: "Mancanze aperte" }));
  return { ...rendered, list };
}

describe("the desk's dashboard", () => {
  it("lists the open mancanze and closes one as returned", async () => {
    const { user, server, list } = await openShortages("restituito");
    expect(list.getByRole("listitem").textContent).toContain(
      "1 × Batteria · Giulia Bianchi · prenotazione #40 · dal 24/03/2025",
    );
    await user.click(list.getByRole("button", { name: "Segna restituito: Batteria di Giulia Bianchi" }));
    await waitFor(() => expect(server.callsTo("PUT /api/mancanze/7/risolvi")).toHaveLength(1));
    expect(server.callsTo("PUT /api/mancanze/7/risolvi")[0]?.body).toEqual({ esito: "restituito" });
  });

  it("lists a single loan's mancanza by its loan", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/dashboard",
      api: { "GET /api/mancanze": { body: [{ ...battery, prenotazione_id: null, prestito_id: 11 }] } },
    });
    const list = within(await screen.findByRole("list", { name: "Mancanze aperte" }));
    expect(list.getByRole("listitem").textContent).toContain("1 × Batteria · Giulia Bianchi · prestito #11");
  });

  it("closes a mancanza as replaced or as a penalty", async () => {
    const { user, server, list } = await openShortages("penalita");
    await user.click(list.getByRole("button", { name: "Segna sostituito: Batteria di Giulia Bianchi" }));
    await waitFor(() => expect(server.callsTo("PUT /api/mancanze/7/risolvi")).toHaveLength(1));
    await user.click(list.getByRole("button", { name: "Segna penalità: Batteria di Giulia Bianchi" }));
    await waitFor(() => expect(server.callsTo("PUT /api/mancanze/7/risolvi")).toHaveLength(2));
    expect(server.callsTo("PUT /api/mancanze/7/risolvi").map((call) => call.body)).toEqual([
      { esito: "sostituito" },
      { esito: "penalita" },
    ]);
  });
});
