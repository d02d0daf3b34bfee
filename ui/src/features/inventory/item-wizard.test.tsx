import { describe, expect, it } from "bun:test";
import { type BoundFunctions, fireEvent, type queries, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describedText, disabledBecause, fieldError } from "../../../test/described-by";
import { anItem, aUnit, inventoryLoaded, renderInventory } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const created = anItem({ id: 9, nome: "Treppiede" });

/** Inventario as told; `open` waits for the list, clicks the button and gives the dialog it opens. */
function withItemDialog(options: Parameters<typeof renderInventory>[0], button: string, dialog: string) {
  const rendered = renderInventory(options);
  return {
    ...rendered,
    open: async () => {
      await inventoryLoaded("Canon EOS R6");
      await rendered.user.click(screen.getByRole("button", { name: button }));
      return within(screen.getByRole("dialog", { name: dialog }));
    },
  };
}

function openWizard(api: ApiRoutes = {}) {
  return withItemDialog(
    { api: { "POST /api/inventario": { body: created }, ...api } },
    "Nuovo Articolo",
    "Nuovo Articolo",
  );
}

type Dialog = BoundFunctions<typeof queries>;

function heading(dialog: Dialog) {
  return dialog.getByRole("heading", { level: 3 }).textContent;
}

function next(user: UserEvent, dialog: Dialog) {
  return user.click(dialog.getByRole("button", { name: "Avanti" }));
}

function codes(dialog: Dialog) {
  return dialog.getAllByRole("textbox", { name: /^Codice unità/ }).map((input) => (input as HTMLInputElement).value);
}

/** The body the screen sent with the first call to `route`. */
function sentBody(server: { callsTo: (route: string) => Array<{ body: unknown }> }, route: string) {
  return server.callsTo(route)[0]?.body as Record<string, unknown> | undefined;
}

/** Fills step 1 and walks to step 5, choosing the given courses on step 4. */
async function walkToUnits(user: UserEvent, dialog: Dialog, name: string, quantity: string, courses = ["Design"]) {
  await user.type(dialog.getByLabelText("Nome"), name);
  const amount = dialog.getByLabelText("Quantità");
  await user.clear(amount);
  await user.type(amount, quantity);
  await next(user, dialog);
  await next(user, dialog);
  await next(user, dialog);
  for (const course of courses) await user.click(await dialog.findByRole("checkbox", { name: course }));
  await next(user, dialog);
}

describe("item wizard", () => {
  it("goes through the five steps and creates the item", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    expect(heading(dialog)).toBe("Informazioni Base");
    expect(dialog.getByRole("button", { name: "Annulla" })).toBeTruthy();
    expect(dialog.queryByRole("button", { name: "Indietro" })).toBeNull();

    await user.type(dialog.getByLabelText("Nome"), "Treppiede");
    await user.type(dialog.getByLabelText(/Posizione/), "Armadio A");
    await next(user, dialog);
    expect(heading(dialog)).toBe("Descrizione e Immagine");
    expect(dialog.getByRole("button", { name: "Indietro" })).toBeTruthy();
    await user.type(dialog.getByLabelText(/Descrizione e note/), "Con piastra rapida");
    await user.type(dialog.getByLabelText(/Accessori da verificare/), "Piastra{Enter}Borsa");
    await user.type(dialog.getByLabelText(/Link all'immagine/), "https://example.org/t.jpg");
    await next(user, dialog);
    expect(heading(dialog)).toBe("Tipo di Utilizzo");
    await user.click(dialog.getByRole("radio", { name: /Lezione \/ Prestito/ }));
    await next(user, dialog);
    expect(heading(dialog)).toBe("Corsi e Categoria");
    await user.click(await dialog.findByRole("checkbox", { name: /^Fotografia/ }));
    await user.click(dialog.getByRole("checkbox", { name: /^Design/ }));
    await user.selectOptions(dialog.getByLabelText(/^Categoria/), "Fotocamere");
    await next(user, dialog);
    expect(heading(dialog)).toBe("Codici Univoci");
    expect(dialog.queryByRole("button", { name: "Avanti" })).toBeNull();

    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    expect(await screen.findByText('"Treppiede" aggiunto all\'inventario')).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo("POST /api/inventario")[0]?.body).toEqual({
      nome: "Treppiede",
      quantita_totale: 1,
      posizione: "Armadio A",
      fornitore: "",
      seriale: "",
      checklist: "Piastra\nBorsa",
      note: "Con piastra rapida",
      immagine_url: "https://example.org/t.jpg",
      tipo_prestito: "entrambi",
      corsi_assegnati: ["Fotografia", "Design"],
      categoria_madre: "Fotografia",
      categoria_id: 10,
      unita: [{ codice_univoco: "TREPPIEDE_001", note: "" }],
    });
  });

  it("moves on from step 1 only with a name and a quantity above 0", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    const forward = dialog.getByRole("button", { name: "Avanti" }) as HTMLButtonElement;
    expect(forward.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Nome"), "   ");
    expect(forward.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Nome"), "Cavo");
    expect(forward.disabled).toBe(false);
    await user.clear(dialog.getByLabelText("Quantità"));
    expect(forward.disabled).toBe(true);
    await user.keyboard("{Enter}");
    expect(heading(dialog)).toBe("Informazioni Base");
    await user.type(dialog.getByLabelText("Quantità"), "2");
    expect(forward.disabled).toBe(false);
  });

  it("starts from quantity 1 and ignores values under 1, allowing an empty field meanwhile", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    const quantity = dialog.getByLabelText("Quantità") as HTMLInputElement;
    expect(quantity.value).toBe("1");
    expect(quantity.min).toBe("1");
    await user.clear(quantity);
    expect(quantity.value).toBe("");
    await user.type(quantity, "0");
    expect(quantity.value).toBe("");
    await user.type(quantity, "3");
    expect(quantity.value).toBe("3");
  });

  it("offers the three usage types with their descriptions, external use by default", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    await user.type(dialog.getByLabelText("Nome"), "Cavo");
    await next(user, dialog);
    const image = dialog.getByLabelText(/Link all'immagine/) as HTMLInputElement;
    expect(image.type).toBe("url");
    expect(dialog.getByText(/link diretto a un'immagine/)).toBeTruthy();
    await next(user, dialog);
    expect((dialog.getByRole("radio", { name: /Prestito \/ Esterno/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText(/Prestito di più giorni: l'attrezzatura può uscire dall'accademia/)).toBeTruthy();
    expect(dialog.getByText(/Uso in giornata, solo all'interno dell'accademia/)).toBeTruthy();
    expect(dialog.getByText(/è l'utente a scegliere/)).toBeTruthy();
  });

  it("needs at least one course on step 4, the first chosen being the parent category", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    await user.type(dialog.getByLabelText("Nome"), "Cavo");
    await next(user, dialog);
    await next(user, dialog);
    await next(user, dialog);
    const forward = dialog.getByRole("button", { name: "Avanti" }) as HTMLButtonElement;
    expect(forward.disabled).toBe(true);
    const courses = (await dialog.findByRole("checkbox", { name: /^Pittura/ })).closest("div");
    expect(courses?.className).toContain("max-h-48");
    expect(courses?.className).toContain("overflow-y-auto");

    await user.click(dialog.getByRole("checkbox", { name: /^Pittura/ }));
    await user.click(dialog.getByRole("checkbox", { name: /^Design/ }));
    expect(dialog.getByText("Categoria madre: Pittura")).toBeTruthy();
    expect(forward.disabled).toBe(false);
    await user.click(dialog.getByRole("checkbox", { name: /^Pittura/ }));
    expect(dialog.getByText("Categoria madre: Design")).toBeTruthy();
    await user.click(dialog.getByRole("checkbox", { name: /^Design/ }));
    expect(forward.disabled).toBe(true);
  });

  it("says when courses cannot be loaded", async () => {
    const { user, open } = openWizard({ "GET /api/corsi": { status: 403, body: { error: "Accesso negato" } } });
    const dialog = await open();
    await user.type(dialog.getByLabelText("Nome"), "Cavo");
    await next(user, dialog);
    await next(user, dialog);
    await next(user, dialog);
    expect(await dialog.findByText("Errore nel caricamento categorie/corsi/unità")).toBeTruthy();
  });

  it("creates a category inline on step 4 and selects it", async () => {
    const { user, server, open } = openWizard({
      "POST /api/categorie-semplici": { body: { id: 12, nome: "Treppiedi", oggetti: 0 } },
      "GET /api/categorie-semplici": () => ({
        body: [
          { id: 10, nome: "Fotocamere", oggetti: 1 },
          ...(server.callsTo("POST /api/categorie-semplici").length ? [{ id: 12, nome: "Treppiedi", oggetti: 0 }] : []),
        ],
      }),
    });
    const dialog = await open();
    await user.type(dialog.getByLabelText("Nome"), "Treppiede");
    await next(user, dialog);
    await next(user, dialog);
    await next(user, dialog);
    await user.click(dialog.getByRole("button", { name: "Nuova categoria" }));
    await user.type(dialog.getByLabelText("Nome della nuova categoria"), "Treppiedi{Enter}");
    expect(heading(dialog)).toBe("Corsi e Categoria");
    expect(server.callsTo("POST /api/categorie-semplici")[0]?.body).toEqual({ nome: "Treppiedi" });
    await dialog.findByRole("option", { name: "Treppiedi" });
    expect((dialog.getByLabelText(/^Categoria/) as HTMLSelectElement).value).toBe("12");
  });

  it("generates the default codes from the name and quantity, each editable", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Luce Led", "3");
    expect(codes(dialog)).toEqual(["LUCELED_001", "LUCELED_002", "LUCELED_003"]);
    const list = dialog.getByRole("list", { name: "Unità" });
    expect(list.className).toContain("max-h-60");
    expect(list.className).toContain("overflow-y-auto");

    const second = dialog.getByRole("textbox", { name: "Codice unità 2" });
    await user.clear(second);
    await user.type(second, "LED-ETICHETTA-7");
    await user.type(dialog.getByRole("textbox", { name: "Note unità 2" }), "Gelatina inclusa");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    await screen.findByText(/aggiunto all'inventario/);
    expect(sentBody(server, "POST /api/inventario")?.unita).toEqual([
      { codice_univoco: "LUCELED_001", note: "" },
      { codice_univoco: "LED-ETICHETTA-7", note: "Gelatina inclusa" },
      { codice_univoco: "LUCELED_003", note: "" },
    ]);
  });

  it("regenerates the codes when the name or the quantity changes and when leaving step 1", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "2");
    const first = dialog.getByRole("textbox", { name: "Codice unità 1" });
    await user.clear(first);
    await user.type(first, "MIO-CODICE");
    expect(codes(dialog)).toEqual(["MIO-CODICE", "CAVO_002"]);

    // Back to step 1 and forward again: the codes follow the name once more.
    for (let step = 5; step > 1; step--) await user.click(dialog.getByRole("button", { name: "Indietro" }));
    await next(user, dialog);
    for (let step = 2; step < 5; step++) await next(user, dialog);
    expect(codes(dialog)).toEqual(["CAVO_001", "CAVO_002"]);

    for (let step = 5; step > 1; step--) await user.click(dialog.getByRole("button", { name: "Indietro" }));
    await user.type(dialog.getByLabelText("Nome"), " Hdmi");
    const quantity = dialog.getByLabelText("Quantità");
    await user.clear(quantity);
    await user.type(quantity, "4");
    for (let step = 1; step < 5; step++) await next(user, dialog);
    expect(codes(dialog)).toEqual(["CAVOHDMI_001", "CAVOHDMI_002", "CAVOHDMI_003", "CAVOHDMI_004"]);
  });

  it("adds and removes units on the last step, never below one", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    const remove = dialog.getByRole("button", { name: "Rimuovi unità 1" }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    await user.click(dialog.getByRole("button", { name: "Aggiungi unità" }));
    expect(codes(dialog)).toEqual(["CAVO_001", "CAVO_002"]);
    await user.click(dialog.getByRole("button", { name: "Rimuovi unità 1" }));
    expect(codes(dialog)).toEqual(["CAVO_002"]);
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    await screen.findByText(/aggiunto all'inventario/);
    expect(server.callsTo("POST /api/inventario")[0]?.body).toMatchObject({
      quantita_totale: 1,
      unita: [{ codice_univoco: "CAVO_002", note: "" }],
    });
  });

  it("refuses to save with a blank code", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    await user.clear(dialog.getByRole("textbox", { name: "Codice unità 1" }));
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    expect(dialog.getByText("Compila tutti i campi obbligatori")).toBeTruthy();
    expect(server.callsTo("POST /api/inventario")).toHaveLength(0);
  });

  it("takes each unit's purchase date as GG/MM/AAAA and sends it as an ISO date", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "2");
    const purchased = dialog.getByRole("textbox", { name: /^Data di acquisto, unità 2/ });
    expect(describedText(purchased)).toBe("GG/MM/AAAA");
    await user.type(purchased, "01/09/2025");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    await screen.findByText(/aggiunto all'inventario/);
    expect(sentBody(server, "POST /api/inventario")?.unita).toEqual([
      { codice_univoco: "CAVO_001", note: "" },
      { codice_univoco: "CAVO_002", note: "", data_acquisto: "2025-09-01" },
    ]);
  });

  it("says an impossible purchase date is not valid under that unit's field and does not save until fixed", async () => {
    const { user, server, open } = openWizard();
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "2");
    const purchased = dialog.getByRole("textbox", { name: /^Data di acquisto, unità 2/ });
    await user.type(purchased, "31/02/2026");
    expect(fieldError(purchased)).toBe("GG/MM/AAAA | Data non valida: usa GG/MM/AAAA");
    expect(fieldError(dialog.getByRole("textbox", { name: /^Data di acquisto, unità 1/ }))).toBeNull();
    const save = dialog.getByRole("button", { name: "Crea Elemento" });
    expect(disabledBecause(save)).toBe("Correggi la data di acquisto dell'unità 2 per salvare.");
    await user.click(save);
    await user.keyboard("{Enter}");
    expect(server.callsTo("POST /api/inventario")).toHaveLength(0);

    await user.clear(purchased);
    await user.type(purchased, "28/02/2026");
    expect(fieldError(purchased)).toBeNull();
    await user.click(save);
    await screen.findByText(/aggiunto all'inventario/);
    expect(sentBody(server, "POST /api/inventario")?.unita).toEqual([
      { codice_univoco: "CAVO_001", note: "" },
      { codice_univoco: "CAVO_002", note: "", data_acquisto: "2026-02-28" },
    ]);
  });

  it("shows 'Creazione...' while saving", async () => {
    const { user, open } = openWizard({ "POST /api/inventario": "never" });
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    const busy = dialog.getByRole("button", { name: "Creazione..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
  });

  it("shows the server's reason when saving is refused", async () => {
    const { user, open } = openWizard({
      "POST /api/inventario": { status: 409, body: { error: "Codice univoco già esistente: CAVO_001" } },
    });
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    expect(await dialog.findByText("Codice univoco già esistente: CAVO_001")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Nuovo Articolo" })).toBeTruthy();
  });

  it("says 'Errore nel salvataggio' when the server gives no reason", async () => {
    const { user, open } = openWizard({ "POST /api/inventario": "network-error" });
    const dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    expect(await dialog.findByText("Errore nel salvataggio")).toBeTruthy();
  });

  it("starts again from step 1 without the error after closing", async () => {
    const { user, open } = openWizard({ "POST /api/inventario": "network-error" });
    let dialog = await open();
    await walkToUnits(user, dialog, "Cavo", "1");
    await user.click(dialog.getByRole("button", { name: "Crea Elemento" }));
    await dialog.findByText("Errore nel salvataggio");
    await user.click(dialog.getByRole("button", { name: "Chiudi finestra" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    dialog = await open();
    expect(heading(dialog)).toBe("Informazioni Base");
    expect((dialog.getByLabelText("Nome") as HTMLInputElement).value).toBe("");
    expect(dialog.queryByText("Errore nel salvataggio")).toBeNull();
  });

  it("closes with 'Annulla' on step 1", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    await user.click(dialog.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("item wizard, editing", () => {
  const camera = anItem({
    tipo_prestito: "entrambi",
    corsi_assegnati: ["Fotografia", "Design"],
    unita: [
      aUnit({ id: 101, codice_univoco: "CANONEOSR6_001", note: "Graffio sul display" }),
      aUnit({ id: 102, codice_univoco: "R6-VECCHIA", stato: "prestato", prestito_corrente_id: 4 }),
    ],
  });

  function openEditor(api: ApiRoutes = {}) {
    return withItemDialog(
      { items: [camera], api: { "PUT /api/inventario/1": { body: camera }, ...api } },
      "Modifica Canon EOS R6",
      "Modifica Articolo",
    );
  }

  it("starts from the item's values", async () => {
    const { user, open } = openEditor();
    const dialog = await open();
    expect((dialog.getByLabelText("Nome") as HTMLInputElement).value).toBe("Canon EOS R6");
    expect((dialog.getByLabelText("Quantità") as HTMLInputElement).value).toBe("2");
    expect((dialog.getByLabelText(/Numero di serie/) as HTMLInputElement).value).toBe("SN-100");
    await next(user, dialog);
    await next(user, dialog);
    expect((dialog.getByRole("radio", { name: /Lezione \/ Prestito/ }) as HTMLInputElement).checked).toBe(true);
    await next(user, dialog);
    expect(((await dialog.findByRole("checkbox", { name: /^Fotografia/ })) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText("Categoria madre: Fotografia")).toBeTruthy();
    expect((dialog.getByLabelText(/^Categoria/) as HTMLSelectElement).value).toBe("10");
  });

  it("keeps the existing units with their ids and codes, and appends new codes for extra quantity", async () => {
    const { user, server, open } = openEditor();
    const dialog = await open();
    await user.type(dialog.getByLabelText("Nome"), " Mark II");
    const quantity = dialog.getByLabelText("Quantità");
    await user.clear(quantity);
    await user.type(quantity, "3");
    for (let step = 1; step < 5; step++) await next(user, dialog);
    expect(codes(dialog)).toEqual(["CANONEOSR6_001", "R6-VECCHIA", "CANONEOSR6MARKII_001"]);

    await user.click(dialog.getByRole("button", { name: "Aggiorna Elemento" }));
    await screen.findByText(/aggiornato/);
    const body = server.callsTo("PUT /api/inventario/1")[0]?.body as Record<string, unknown>;
    expect(body.nome).toBe("Canon EOS R6 Mark II");
    expect(body.quantita_totale).toBe(3);
    expect(body.seriale).toBe("SN-100");
    expect(body.unita).toEqual([
      { id: 101, codice_univoco: "CANONEOSR6_001", note: "Graffio sul display" },
      { id: 102, codice_univoco: "R6-VECCHIA", note: "" },
      { codice_univoco: "CANONEOSR6MARKII_001", note: "" },
    ]);
  });

  it("shows a unit's purchase date as GG/MM/AAAA and sends the one typed over it", async () => {
    const dated = anItem({ unita: [aUnit({ id: 101, data_acquisto: "2024-09-01" })] });
    const { user, server } = renderInventory({ items: [dated], api: { "PUT /api/inventario/1": { body: dated } } });
    await inventoryLoaded("Canon EOS R6");
    await user.click(screen.getByRole("button", { name: "Modifica Canon EOS R6" }));
    const dialog = within(screen.getByRole("dialog", { name: "Modifica Articolo" }));
    for (let step = 1; step < 5; step++) await next(user, dialog);
    const purchased = dialog.getByRole("textbox", { name: /^Data di acquisto, unità 1/ }) as HTMLInputElement;
    expect(purchased.value).toBe("01/09/2024");
    await user.clear(purchased);
    await user.type(purchased, "15/10/2024");
    await user.click(dialog.getByRole("button", { name: "Aggiorna Elemento" }));
    await screen.findByText(/aggiornato/);
    const units = sentBody(server, "PUT /api/inventario/1")?.unita as unknown[] | undefined;
    expect(units?.[0]).toMatchObject({ id: 101, data_acquisto: "2024-10-15" });
  });

  it("sends an edited code with the unit's id, so the server renames that unit", async () => {
    const { user, server, open } = openEditor();
    const dialog = await open();
    for (let step = 1; step < 5; step++) await next(user, dialog);
    const second = dialog.getByRole("textbox", { name: "Codice unità 2" });
    await user.clear(second);
    await user.type(second, "CANONEOSR6_002");
    await user.click(dialog.getByRole("button", { name: "Aggiorna Elemento" }));
    await screen.findByText(/aggiornato/);
    const units = sentBody(server, "PUT /api/inventario/1")?.unita as unknown[] | undefined;
    expect(units?.[1]).toEqual({
      id: 102,
      codice_univoco: "CANONEOSR6_002",
      note: "",
    });
  });
});

describe("item wizard: saying why, at the field", () => {
  it("says beside a disabled Avanti what is missing", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    const forward = dialog.getByRole("button", { name: "Avanti" });
    expect(disabledBecause(forward)).toBe("Inserisci il nome per continuare.");

    await user.type(dialog.getByLabelText("Nome"), "Treppiede");
    expect(forward.hasAttribute("disabled")).toBe(false);
    expect(forward.getAttribute("aria-describedby")).toBeNull();
  });

  it("ignores a quantity under 1, keeping the last one, and the hint says why", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    const amount = dialog.getByLabelText("Quantità") as HTMLInputElement;
    await user.clear(amount);
    await user.type(amount, "3");
    // What the field's down arrow or a pasted value does: the whole value becomes 0.
    fireEvent.change(amount, { target: { value: "0" } });
    expect(amount.value).toBe("3");
    expect(describedText(amount)).toBe("Da 1 a 500 unità: un valore diverso viene ignorato.");
  });

  it("cuts the name part of the codes of a very long name, and says so at step 1", async () => {
    const { user, open } = openWizard();
    const dialog = await open();
    const name = "Obiettivo".repeat(22);
    await user.type(dialog.getByLabelText("Nome"), `${name} 📷`);
    expect(describedText(dialog.getByLabelText("Nome"))).toBe(
      "Nome lungo: i codici delle unità ne useranno solo l'inizio (96 caratteri).",
    );
    await next(user, dialog);
    await next(user, dialog);
    await next(user, dialog);
    await user.click(await dialog.findByRole("checkbox", { name: "Design" }));
    await next(user, dialog);
    const [code] = codes(dialog);
    expect(code).toHaveLength(100);
    expect(code).toBe(`${name.toUpperCase().slice(0, 96)}_001`);
  });
});
