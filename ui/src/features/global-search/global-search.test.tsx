import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { SearchResults } from "../../../../src/modules/search/model";
import { anAdmin } from "../../../test/fixtures";
import { inventorySummaryRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const results: SearchResults = {
  oggetti: [{ id: 7, nome: "Fotocamera Canon", seriale: "SN-1" }],
  unita: [{ id: 71, codice_univoco: "FOTOCAMERACANON_002", inventario_id: 7, oggetto_nome: "Fotocamera Canon" }],
  studenti: [{ id: 4, name: "Giulia", surname: "Rossi", email: "giulia@accademia.it", matricola: "M123" }],
  prestiti: [
    {
      id: 9,
      oggetto_nome: "Fotocamera Canon",
      utente_nome: "Giulia Rossi",
      stato: "attivo",
      data_rientro: "2026-03-12",
    },
  ],
};

function renderDesk() {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/dashboard",
    api: {
      "GET /api/cerca": (call) => ({
        body: call.query.q === "canon" ? results : { oggetti: [], unita: [], studenti: [], prestiti: [] },
      }),
      "GET /api/inventario/riepilogo": inventorySummaryRoute([]),
    },
  });
}

/**
 * The header's search is on the page, so its shortcuts listen: pressing them before would test nothing.
 * Ctrl-K is pressed again until the dialog shows, as opening it twice changes nothing.
 */
async function openWithCtrlK(user: ReturnType<typeof renderDesk>["user"]) {
  await screen.findAllByRole("button", { name: /^Cerca/ });
  await waitFor(async () => {
    if (!screen.queryByRole("dialog", { name: "Cerca" })) await user.keyboard("{Control>}k{/Control}");
    expect(screen.getByRole("dialog", { name: "Cerca" })).toBeTruthy();
  });
}

describe("global search", () => {
  it("opens with Ctrl-K, lists what it finds by kind, and Enter opens the first hit", async () => {
    const { user, server } = renderDesk();
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    await openWithCtrlK(user);
    const dialog = within(screen.getByRole("dialog", { name: "Cerca" }));
    const box = dialog.getByRole("combobox", { name: "Cerca in PrestaLab" });
    expect(dialog.getByRole("status").textContent).toContain("Scrivi almeno 2 caratteri");

    await user.type(box, "canon");
    const list = dialog.getByRole("listbox", { name: "Risultati" });
    await within(list).findByRole("option", { name: /FOTOCAMERACANON_002/ });
    expect(
      within(list)
        .getAllByRole("group")
        .map((group) => group.getAttribute("aria-label")),
    ).toEqual(["Articoli", "Unità", "Studenti", "Prestiti in corso"]);
    expect(server.callsTo("GET /api/cerca").at(-1)?.query.q).toBe("canon");

    await user.keyboard("{ArrowDown}");
    const second = within(list).getByRole("option", { name: /FOTOCAMERACANON_002/ });
    expect(box.getAttribute("aria-activedescendant")).toBe(second.id);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toBe("/inventario/7"));
    expect(window.location.search).toBe("?unita=FOTOCAMERACANON_002");
    expect(screen.queryByRole("dialog", { name: "Cerca" })).toBeNull();
  });

  it('opens with "/" from the page, and says when nothing matches', async () => {
    const { user } = renderDesk();
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    await screen.findAllByRole("button", { name: /^Cerca/ });
    await user.keyboard("/");
    const dialog = within(await screen.findByRole("dialog", { name: "Cerca" }));
    await user.type(dialog.getByRole("combobox"), "zzz");
    await waitFor(() => expect(dialog.getByRole("status").textContent).toBe('Nessun risultato per "zzz".'));
  });

  it("leads from a student to their page", async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole("button", { name: /Cerca/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cerca" }));
    await user.type(dialog.getByRole("combobox"), "canon");
    await user.click(await dialog.findByRole("option", { name: /Giulia Rossi M123/ }));
    await waitFor(() => expect(window.location.pathname).toBe("/utenti/4"));
  });
});
