import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { aLoan, noAlerts } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import { loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const camera = aLoan({ checklist: "Batteria\nCaricatore\nTappo" });

async function openReturn() {
  const rendered = renderApp({
    signedInAs: anAdmin(),
    path: "/prestiti",
    api: {
      "GET /api/prestiti": loanListRoute([camera]),
      "GET /api/richieste": requestListRoute([]),
      "GET /api/avvisi": { body: noAlerts() },
      "GET /api/prestiti/11/anteprima-restituzione": {
        body: { giorni_ritardo: 0, strike: 0, blocco: false, unita_rimanenti: 0 },
      },
      "PUT /api/prestiti/11/restituisci": { body: { message: "Prestito concluso", concluso: true, giorni_ritardo: 0 } },
    },
  });
  await screen.findByRole("article", { name: /Treppiede Manfrotto/ });
  await rendered.user.click(screen.getByRole("button", { name: "Termina prestito: Treppiede Manfrotto, Luca Verdi" }));
  return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Termina prestito" })) };
}

describe("the accessories at a loan's return", () => {
  it("are never assumed: with nothing chosen the return is refused and nothing is sent", async () => {
    const { user, server, dialog } = await openReturn();
    expect(dialog.getByText("Da controllare: Batteria, Caricatore, Tappo")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Termina prestito" }));
    expect(dialog.getByRole("alert").textContent).toBe(
      "Indica se gli accessori sono tutti rientrati, o spunta quelli rientrati",
    );
    expect(server.callsTo("PUT /api/prestiti/11/restituisci")).toHaveLength(0);
  });

  it('are confirmed all back in one click with "Tutto restituito"', async () => {
    const { user, server, dialog } = await openReturn();
    await user.click(dialog.getByRole("button", { name: "Tutto restituito" }));
    expect(dialog.getByText("Tutti gli accessori sono rientrati")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Termina prestito" }));
    expect(await screen.findByText(/Prestito terminato/)).toBeTruthy();
    expect(server.callsTo("PUT /api/prestiti/11/restituisci")[0]?.body).toEqual({ condizione: "ok" });
  });

  it("send what was not ticked as missing, which the server keeps open as mancanze", async () => {
    const { user, server, dialog } = await openReturn();
    await user.click(dialog.getByRole("button", { name: "Manca qualcosa" }));
    await user.click(dialog.getByRole("checkbox", { name: "Batteria" }));
    expect(dialog.getByText(/Mancano: Caricatore, Tappo\. Restano aperti come mancanze/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Termina prestito" }));
    expect(await screen.findByText(/Prestito terminato/)).toBeTruthy();
    expect(server.callsTo("PUT /api/prestiti/11/restituisci")[0]?.body).toEqual({
      condizione: "incompleto",
      nota: "Mancano: Caricatore, Tappo",
      accessori_mancanti: ["Caricatore", "Tappo"],
    });
  });
});
