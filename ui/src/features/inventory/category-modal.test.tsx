import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { anItem, CATEGORIES, renderInventory } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const camera = anItem();
const lens = anItem({ id: 2, nome: "Obiettivo 50mm", unita: [] });

async function openCategories(api: ApiRoutes = {}) {
  const rendered = renderInventory({ items: [camera, lens], api });
  await rendered.user.click(await screen.findByRole("button", { name: "Gestisci Categorie" }));
  const dialog = within(screen.getByRole("dialog", { name: "Gestione Categorie" }));
  await dialog.findByRole("list", { name: "Categorie" });
  return { ...rendered, dialog };
}

describe("category management", () => {
  it("lists the categories with how many items use them", async () => {
    const { dialog } = await openCategories();
    expect(dialog.getByText("Fotocamere")).toBeTruthy();
    expect(dialog.getByText("1 articolo")).toBeTruthy();
    expect(dialog.getByText("0 articoli")).toBeTruthy();
  });

  it("adds a category with a trimmed, non-blank name", async () => {
    const { user, server, dialog } = await openCategories({
      "POST /api/categorie-semplici": { body: { id: 12, nome: "Droni", oggetti: 0 } },
    });
    const add = dialog.getByRole("button", { name: "Aggiungi" }) as HTMLButtonElement;
    await user.type(dialog.getByLabelText("Nuova categoria"), "   ");
    expect(add.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Nuova categoria"), "Droni {Enter}");
    expect(await screen.findByText('Categoria "Droni" creata')).toBeTruthy();
    expect(server.callsTo("POST /api/categorie-semplici")[0]?.body).toEqual({ nome: "Droni" });
  });

  it("shows the server's reason when a category cannot be created", async () => {
    const { user, dialog } = await openCategories({
      "POST /api/categorie-semplici": { status: 409, body: { error: "Esiste già una categoria con questo nome" } },
    });
    await user.type(dialog.getByLabelText("Nuova categoria"), "Audio{Enter}");
    expect(await dialog.findByText("Esiste già una categoria con questo nome")).toBeTruthy();
  });

  it("says 'Errore nella creazione categoria' when the server gives no reason", async () => {
    const { user, dialog } = await openCategories({ "POST /api/categorie-semplici": "network-error" });
    await user.type(dialog.getByLabelText("Nuova categoria"), "Droni{Enter}");
    expect(await dialog.findByText("Errore nella creazione categoria")).toBeTruthy();
  });

  it("renames inline: Enter saves", async () => {
    const { user, server, dialog } = await openCategories({
      "PUT /api/categorie-semplici/11": { body: { id: 11, nome: "Audio e microfoni" } },
    });
    await user.click(dialog.getByRole("button", { name: "Rinomina Audio" }));
    const field = dialog.getByLabelText("Nuovo nome per Audio");
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, "  Audio e microfoni {Enter}");
    expect(server.callsTo("PUT /api/categorie-semplici/11")[0]?.body).toEqual({ nome: "Audio e microfoni" });
    await screen.findByRole("button", { name: "Rinomina Audio" });
    expect(dialog.queryByLabelText("Nuovo nome per Audio")).toBeNull();
  });

  it("renames inline: Escape cancels and leaves the dialog open", async () => {
    const { user, server, dialog } = await openCategories();
    await user.click(dialog.getByRole("button", { name: "Rinomina Audio" }));
    await user.type(dialog.getByLabelText("Nuovo nome per Audio"), " nuovo{Escape}");
    expect(dialog.queryByLabelText("Nuovo nome per Audio")).toBeNull();
    expect(dialog.getByText("Audio")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Gestione Categorie" })).toBeTruthy();
    expect(server.callsTo("PUT /api/categorie-semplici/11")).toHaveLength(0);
  });

  it("does not save a blank name", async () => {
    const { user, server, dialog } = await openCategories();
    await user.click(dialog.getByRole("button", { name: "Rinomina Audio" }));
    await user.clear(dialog.getByLabelText("Nuovo nome per Audio"));
    await user.keyboard("{Enter}");
    expect(server.callsTo("PUT /api/categorie-semplici/11")).toHaveLength(0);
    expect((dialog.getByRole("button", { name: "Salva nome" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'Errore nella modifica categoria' when a rename fails without a reason", async () => {
    const { user, dialog } = await openCategories({ "PUT /api/categorie-semplici/11": "network-error" });
    await user.click(dialog.getByRole("button", { name: "Rinomina Audio" }));
    await user.type(dialog.getByLabelText("Nuovo nome per Audio"), "2{Enter}");
    expect(await dialog.findByText("Errore nella modifica categoria")).toBeTruthy();
  });

  it("lists the items a deletion moves to 'nessuna categoria' and confirms with 'Elimina e sposta'", async () => {
    const { user, server, dialog } = await openCategories({
      "DELETE /api/categorie-semplici/10": { body: { message: "Categoria eliminata", spostati: 1 } },
    });
    await user.click(dialog.getByRole("button", { name: "Elimina Fotocamere" }));
    expect(dialog.getByText('Eliminare la categoria "Fotocamere"?')).toBeTruthy();
    expect(
      within(dialog.getByRole("list", { name: "Articoli della categoria" })).getByText("Canon EOS R6"),
    ).toBeTruthy();
    expect(dialog.getByText(/nessuna categoria/)).toBeTruthy();
    expect(server.callsTo("DELETE /api/categorie-semplici/10")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Elimina e sposta" }));
    expect(
      await screen.findByText('Categoria "Fotocamere" eliminata: 1 articolo spostato in "nessuna categoria"'),
    ).toBeTruthy();
    expect(server.callsTo("DELETE /api/categorie-semplici/10")).toHaveLength(1);
  });

  it("asks with a plain 'Elimina' when no item uses the category, and can go back", async () => {
    const { user, server, dialog } = await openCategories();
    await user.click(dialog.getByRole("button", { name: "Elimina Audio" }));
    expect(dialog.getByText("Nessun articolo usa questa categoria.")).toBeTruthy();
    expect(dialog.queryByRole("button", { name: "Elimina e sposta" })).toBeNull();
    expect(dialog.getByRole("button", { name: "Elimina" })).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Annulla" }));
    expect(dialog.getByRole("list", { name: "Categorie" })).toBeTruthy();
    expect(server.callsTo("DELETE /api/categorie-semplici/11")).toHaveLength(0);
  });

  it("explains a refused deletion with an 'Ho capito' notice", async () => {
    const { user, dialog } = await openCategories({
      "DELETE /api/categorie-semplici/11": { status: 404, body: { error: "Categoria non trovata" } },
    });
    await user.click(dialog.getByRole("button", { name: "Elimina Audio" }));
    await user.click(dialog.getByRole("button", { name: "Elimina" }));
    expect(await dialog.findByText("Impossibile eliminare la categoria")).toBeTruthy();
    expect(dialog.getByText("Categoria non trovata")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Ho capito" }));
    expect(dialog.getByRole("list", { name: "Categorie" })).toBeTruthy();
  });

  it("says 'Errore nell'eliminazione categoria' when the server cannot be reached", async () => {
    const { user, dialog } = await openCategories({ "DELETE /api/categorie-semplici/11": "network-error" });
    await user.click(dialog.getByRole("button", { name: "Elimina Audio" }));
    await user.click(dialog.getByRole("button", { name: "Elimina" }));
    expect(await dialog.findByText("Errore nell'eliminazione categoria")).toBeTruthy();
  });

  it("adds a category inline from the inventory toolbar", async () => {
    const { user, server } = renderInventory({
      categories: CATEGORIES,
      api: { "POST /api/categorie-semplici": { body: { id: 12, nome: "Droni", oggetti: 0 } } },
    });
    await user.click(await screen.findByRole("button", { name: "Nuova categoria" }));
    const add = screen.getByRole("button", { name: "Aggiungi categoria" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(screen.getByLabelText("Nome della nuova categoria"), "Droni");
    await user.click(add);
    expect(await screen.findByText('Categoria "Droni" creata')).toBeTruthy();
    expect(server.callsTo("POST /api/categorie-semplici")[0]?.body).toEqual({ nome: "Droni" });
    expect(screen.queryByLabelText("Nome della nuova categoria")).toBeNull();
  });
});
