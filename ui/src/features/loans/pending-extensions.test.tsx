import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderPendingTab } from "../../../test/pending-tab";
import { giuliasExtension } from "../../../test/people-fixtures";
import type { ExtensionView } from "../../api/proroghe";

const extension: ExtensionView = giuliasExtension();
const decided = (stato: ExtensionView["stato"]) => ({ body: { message: "ok", proroga: { ...extension, stato } } });

async function openPendingTab(api: ApiRoutes = {}) {
  const rendered = renderPendingTab({ "GET /api/proroghe": { body: [extension] }, ...api });
  const list = await screen.findByRole("list", { name: "Proroghe in attesa" });
  return { ...rendered, card: within(within(list).getByRole("article")) };
}

describe("pending extensions on the desk", () => {
  it("shows who asks, for what, from which date to which, and why", async () => {
    const { card } = await openPendingTab();
    expect(card.getByRole("heading").textContent).toBe("Giulia Bianchi · Canon EOS R6");
    expect(card.getByText(/Rientro dal/).textContent).toBe("Rientro dal 14/03/2025 al 17/03/2025 · CANON_001");
    expect(card.getByText("Motivo: Riprese rimandate")).toBeTruthy();
  });

  it("approves with one click and one call", async () => {
    const { user, server, card } = await openPendingTab({ "PUT /api/proroghe/5/approva": decided("approvata") });
    await user.click(card.getByRole("button", { name: "Approva proroga di Giulia Bianchi" }));
    await waitFor(() => expect(server.callsTo("PUT /api/proroghe/5/approva")).toHaveLength(1));
    expect(await screen.findByText("Proroga di Giulia Bianchi approvata: rientro il 17/03/2025")).toBeTruthy();
  });

  it("shows the server's refusal of an approval (a booking came first)", async () => {
    const error = "L'unità CANON_001 è prenotata dal 16/03/2025: la proroga può arrivare al massimo al 15/03/2025";
    const { user, card } = await openPendingTab({ "PUT /api/proroghe/5/approva": { status: 409, body: { error } } });
    await user.click(card.getByRole("button", { name: "Approva proroga di Giulia Bianchi" }));
    expect(await screen.findByText(error)).toBeTruthy();
  });

  it("refuses with a reason the student will read", async () => {
    const { user, server, card } = await openPendingTab({ "PUT /api/proroghe/5/rifiuta": decided("rifiutata") });
    await user.click(card.getByRole("button", { name: "Rifiuta" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rifiuta proroga" }));
    await user.click(dialog.getByRole("button", { name: "Rifiuta proroga" }));
    expect(dialog.getByText("Motivazione del rifiuto richiesta")).toBeTruthy();
    await user.type(dialog.getByRole("textbox", { name: /Motivazione del rifiuto/ }), "Serve per l'esame");
    await user.click(dialog.getByRole("button", { name: "Rifiuta proroga" }));
    await waitFor(() => expect(server.callsTo("PUT /api/proroghe/5/rifiuta")).toHaveLength(1));
    expect(server.callsTo("PUT /api/proroghe/5/rifiuta")[0]?.body).toEqual({ motivo: "Serve per l'esame" });
  });
});
