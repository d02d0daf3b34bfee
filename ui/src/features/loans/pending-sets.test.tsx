import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { aLoanRequest, noAlerts } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { requestListRoute } from "../../../test/paged-lists";
import { renderPendingTab } from "../../../test/pending-tab";
import { renderApp } from "../../../test/render-app";
import { aSet, aSetLine, setPage } from "../../../test/set-fixtures";

const pendingSet = aSet();
const approved = { body: { message: "Prenotazione approvata", prenotazione: aSet({ stato: "approvata" }) } };

async function openPendingSets(api: ApiRoutes = {}) {
  const rendered = renderPendingTab({
    "GET /api/prenotazioni": setPage([pendingSet]),
    "GET /api/prenotazioni/40": { body: pendingSet },
    ...api,
  });
  const list = await screen.findByRole("list", { name: "Set in attesa" });
  return { ...rendered, card: within(within(list).getByRole("article")) };
}

/** The set's three lines as `/api/richieste` lists them, and a request of its own. */
const setLineRequests = pendingSet.righe.map((line) =>
  aLoanRequest({ id: line.richiesta_id, oggetto_nome: line.oggetto_nome, prenotazione_id: pendingSet.id }),
);
const singleRequest = aLoanRequest({ id: 600, oggetto_nome: "Tavoletta grafica" });

describe("pending sets on the desk", () => {
  for (const view of ["tabella", "schede"])
    it(`lists a set's lines once, on its card, and not again as requests of their own (${view})`, async () => {
      renderApp({
        signedInAs: anAdmin(),
        path: `/prestiti?tab=in_attesa&vista=${view}`,
        api: {
          "GET /api/richieste": requestListRoute([...setLineRequests, singleRequest]),
          "GET /api/avvisi": { body: noAlerts() },
          "GET /api/prenotazioni": setPage([pendingSet]),
          "GET /api/prenotazioni/40": { body: pendingSet },
        },
      });
      await screen.findByRole("list", { name: "Set in attesa" });
      await screen.findAllByText("Tavoletta grafica");
      expect(screen.getAllByRole("button", { name: /^Approva la richiesta/ })).toHaveLength(1);
      for (const line of pendingSet.righe)
        expect(screen.getAllByText(line.oggetto_nome, { exact: false })).toHaveLength(1);
    });

  it("shows a set as one card with the student, the dates, its lines and whether all is free", async () => {
    const { card } = await openPendingSets();
    expect(card.getByRole("heading").textContent).toBe("Kit Ripresa · Giulia Bianchi (M1234)");
    expect(card.getByText(/Dal 17\/03\/2025 al 21\/03\/2025/).textContent).toBe(
      "Dal 17/03/2025 al 21/03/2025 · 3 unità",
    );
    expect(card.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "1 × Canon EOS R6",
      "1 × Obiettivo 50mm",
      "1 × Treppiede Manfrotto",
    ]);
    expect(card.getByText("Tutto disponibile")).toBeTruthy();
  });

  it("approves every line with one click and one call", async () => {
    const { user, server, card } = await openPendingSets({ "PUT /api/prenotazioni/40/approva": approved });
    await user.click(card.getByRole("button", { name: "Approva" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/approva")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/approva")[0]?.body).toEqual({});
    expect(server.callsTo("PUT /api/prestiti/501/approva")).toHaveLength(0);
  });

  it("refuses one line with its reason and approves the rest in the same decision", async () => {
    const { user, server, card } = await openPendingSets({ "PUT /api/prenotazioni/40/approva": approved });
    await user.click(card.getByRole("button", { name: "Rivedi righe" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rivedi le righe del set" }));
    const lens = within(dialog.getByText(/Obiettivo 50mm/).closest("li") as HTMLElement);
    await user.click(lens.getByRole("checkbox", { name: "Rifiuta questa riga" }));
    await user.click(dialog.getByRole("button", { name: "Approva le altre righe" }));
    expect(dialog.getByText("Indica il motivo di ogni riga rifiutata")).toBeTruthy();
    await user.type(dialog.getByRole("textbox", { name: /Motivo del rifiuto di Obiettivo 50mm/ }), "Serve a lezione");
    await user.click(dialog.getByRole("button", { name: "Approva le altre righe" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/approva")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/approva")[0]?.body).toEqual({
      righe_rifiutate: [{ richiesta_id: 502, motivo: "Serve a lezione" }],
    });
  });

  it("starts a line that is no longer free as refused, and keeps 'Approva' off for that set", async () => {
    const taken = aSet({
      disponibile: false,
      righe: [aSetLine(), aSetLine({ richiesta_id: 502, disponibile: false })],
    });
    const { user, card } = await openPendingSets({
      "GET /api/prenotazioni": setPage([taken]),
      "GET /api/prenotazioni/40": { body: taken },
    });
    expect(card.getByText("Non tutto disponibile")).toBeTruthy();
    expect((card.getByRole("button", { name: "Approva" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(card.getByRole("button", { name: "Rivedi righe" }));
    const dialog = within(await screen.findByRole("dialog"));
    const boxes = (await dialog.findAllByRole("checkbox")) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([false, true]);
  });

  it("refuses the whole set with one reason", async () => {
    const { user, server, card } = await openPendingSets({
      "PUT /api/prenotazioni/40/rifiuta": {
        body: { message: "Rifiutata", prenotazione: aSet({ stato: "rifiutata" }) },
      },
    });
    await user.click(card.getByRole("button", { name: "Rifiuta" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rifiuta il set" }));
    await user.type(dialog.getByRole("textbox", { name: /Motivazione del rifiuto/ }), "Date di esame");
    await user.click(dialog.getByRole("button", { name: "Rifiuta il set" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/rifiuta")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/rifiuta")[0]?.body).toEqual({ motivo: "Date di esame" });
  });
});
