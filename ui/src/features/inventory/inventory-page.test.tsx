import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anItem, aUnit, renderInventory } from "../../../test/inventory-fixtures";
import { inventoryRoute } from "../../../test/paged-lists";

const camera = anItem();
const tripod = anItem({
  id: 2,
  nome: "Treppiede Manfrotto",
  note: null,
  seriale: "TR-9",
  posizione: null,
  immagine_url: "https://example.org/treppiede.jpg",
  tipo_prestito: "solo_interno",
  categoria_id: null,
  categoria_nome: "Design",
  categoria_madre: "Design",
  categoria_figlia: null,
  corsi_assegnati: ["Design", "Fotografia"],
  stato_effettivo: "in_prestito",
  unita: [aUnit({ id: 201, codice_univoco: "TREPPIEDE_001", stato: "prestato", prestito_corrente_id: 55 })],
});
const microphone = anItem({
  id: 3,
  nome: "Microfono Rode",
  note: "Filtro antivento nella custodia",
  seriale: null,
  categoria_id: 11,
  categoria_nome: "Cinema e Audiovisivi - Audio",
  categoria_figlia: "Audio",
  corsi_assegnati: ["Cinema e Audiovisivi"],
  stato_effettivo: "in_riparazione",
  unita: [
    aUnit({ id: 301, codice_univoco: "RODE_001", stato: "in_riparazione", note: "Capsula da sostituire" }),
    aUnit({ id: 302, codice_univoco: "RODE_002", stato: "perso" }),
  ],
});
const lights = anItem({
  id: 4,
  nome: "Luce LED Aputure",
  note: null,
  seriale: "AP-300",
  categoria_id: null,
  categoria_figlia: null,
  unita: [
    aUnit({ id: 401, codice_univoco: "LED_001" }),
    aUnit({ id: 402, codice_univoco: "LED_002", stato: "prestato", prestito_corrente_id: 9 }),
    aUnit({ id: 403, codice_univoco: "LED_003", stato: "riservato", prestito_corrente_id: 10 }),
    aUnit({ id: 404, codice_univoco: "LED_004", stato: "prestato", prestito_corrente_id: 11 }),
    aUnit({ id: 405, codice_univoco: "LED_005", stato: "prestato", prestito_corrente_id: 12 }),
  ],
});
const everything = [camera, tripod, microphone, lights];

function card(name: string) {
  return within(screen.getByRole("article", { name }));
}

function shownItems() {
  return screen.queryAllByRole("article").map((article) => article.querySelector("h3")?.textContent);
}

describe("Inventario: summary and list", () => {
  it("counts items, units, items in repair and low-stock items", async () => {
    renderInventory({ items: everything });
    const totals = await screen.findByText("Articoli totali");
    expect(totals.previousElementSibling?.textContent).toBe("4");
    expect(screen.getByText("Unità totali").previousElementSibling?.textContent).toBe("10");
    expect(screen.getByText("In riparazione").previousElementSibling?.textContent).toBe("1");
    // No unit left (tripod, microphone) or one left of five (lights); the camera has both free.
    expect(screen.getByText("Scorte basse").previousElementSibling?.textContent).toBe("3");
  });

  it("shows only the low-stock items when their card is pressed, and all again on a second press", async () => {
    const { user } = renderInventory({ items: everything });
    const lowStock = await screen.findByRole("button", { name: /Scorte basse/ });
    await user.click(lowStock);
    expect(lowStock.getAttribute("aria-pressed")).toBe("true");
    expect(shownItems()).toEqual(["Luce LED Aputure", "Microfono Rode", "Treppiede Manfrotto"]);
    await user.click(lowStock);
    expect(shownItems()).toHaveLength(4);
  });

  it("shows name, notes, loan type, category, courses, quantity, position and image link on each card", async () => {
    renderInventory({ items: everything });
    await screen.findByRole("article", { name: "Canon EOS R6" });
    const cameraCard = card("Canon EOS R6");
    expect(cameraCard.getByText("Con batteria di scorta")).toBeTruthy();
    expect(cameraCard.getByText("Prestito / Esterno")).toBeTruthy();
    expect(cameraCard.getByText("Fotocamere")).toBeTruthy();
    expect(cameraCard.getByText("Fotografia")).toBeTruthy();
    expect(cameraCard.getByText("Scaffale B2")).toBeTruthy();
    expect(cameraCard.getByText("Quantità totale").nextElementSibling?.textContent).toContain("2");
    // The name leads to the item page; no image, no image link.
    expect(cameraCard.getByRole("link", { name: "Canon EOS R6" }).getAttribute("href")).toBe("/inventario/1");
    expect(cameraCard.queryByRole("link", { name: /Vedi immagine/ })).toBeNull();

    const tripodCard = card("Treppiede Manfrotto");
    expect(tripodCard.getByText("Lezione / Interno")).toBeTruthy();
    expect(tripodCard.getByText("Nessuna categoria")).toBeTruthy();
    expect(tripodCard.getByText("N/A")).toBeTruthy();
    expect(tripodCard.getByText("Design")).toBeTruthy();
    const image = tripodCard.getByRole("link", { name: /Vedi immagine/ });
    expect(image.getAttribute("href")).toBe("https://example.org/treppiede.jpg");
    expect(image.getAttribute("target")).toBe("_blank");
    expect(image.getAttribute("rel")).toContain("noopener");
  });

  it("groups items that share a name and shows their combined quantity", async () => {
    const second = anItem({
      id: 7,
      nome: "Canon EOS R6",
      unita: [
        aUnit({ id: 701, codice_univoco: "R6B_001" }),
        aUnit({ id: 702, codice_univoco: "R6B_002" }),
        aUnit({ id: 703, codice_univoco: "R6B_003" }),
      ],
    });
    renderInventory({ items: [camera, second, tripod] });
    const group = await screen.findByRole("region", { name: "Canon EOS R6" });
    expect(group.textContent).toContain("2 articoli · Quantità totale: 5");
    expect(within(group).getAllByRole("article")).toHaveLength(2);
  });

  it("lists the units of an item on request, with code, state and notes", async () => {
    const { user } = renderInventory({ items: everything });
    await screen.findByRole("article", { name: "Microfono Rode" });
    const microphoneCard = card("Microfono Rode");
    expect(microphoneCard.queryByText("RODE_001")).toBeNull();
    await user.click(microphoneCard.getByRole("button", { name: "Mostra unità (2)" }));
    const units = within(microphoneCard.getByRole("list", { name: "Unità" }));
    expect(units.getByText("RODE_001")).toBeTruthy();
    expect(units.getByText("In Riparazione")).toBeTruthy();
    expect(units.getByText("Capsula da sostituire")).toBeTruthy();
    expect(units.getByText("Perso")).toBeTruthy();
    await user.click(microphoneCard.getByRole("button", { name: "Nascondi unità" }));
    expect(microphoneCard.queryByText("RODE_001")).toBeNull();
  });

  it("opens the loan details of a lent unit", async () => {
    const { user } = renderInventory({
      items: everything,
      api: {
        "GET /api/prestiti/unit/201": {
          body: {
            id: 55,
            codice_univoco: "TREPPIEDE_001",
            articolo_nome: "Treppiede Manfrotto",
            chi: "Giulia Bianchi",
            utente_nome_reale: "Giulia Bianchi",
            utente_email: "giulia.bianchi@accademia.it",
            data_uscita: "2025-03-03",
            data_rientro: "2025-03-07",
            stato: "attivo",
            note: "Per il set di sabato",
          },
        },
        "GET /api/audit": (call) => ({
          body:
            call.query.entity === "loan"
              ? [
                  {
                    id: 9,
                    action: "loan.create",
                    entity: "loan",
                    entity_id: 55,
                    summary: "Prestito diretto a Giulia Bianchi",
                    actor_email: "desk@accademia.it",
                    created_at: "2025-03-03T08:00:00.000Z",
                  },
                ]
              : [],
        }),
      },
    });
    await screen.findByRole("article", { name: "Treppiede Manfrotto" });
    // A unit that is not lent is plain text, not a button.
    expect(card("Canon EOS R6").queryByRole("button", { name: /dettagli del prestito/ })).toBeNull();

    await user.click(card("Treppiede Manfrotto").getByRole("button", { name: /TREPPIEDE_001.*dettagli del prestito/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Dettagli prestito" }));
    expect(await dialog.findByText("Giulia Bianchi")).toBeTruthy();
    expect(dialog.getByText("giulia.bianchi@accademia.it")).toBeTruthy();
    expect(dialog.getByText("03/03/2025")).toBeTruthy();
    expect(dialog.getByText("07/03/2025")).toBeTruthy();
    expect(dialog.getByText("Attivo")).toBeTruthy();
    expect(dialog.getByText("Per il set di sabato")).toBeTruthy();
    expect(dialog.getAllByText("TREPPIEDE_001").length).toBeGreaterThan(0);
    // The loan's and the unit's history, from the audit trail.
    expect(await dialog.findByText("Prestito diretto a Giulia Bianchi")).toBeTruthy();
    expect(dialog.getByText("Cronologia del prestito")).toBeTruthy();
    expect(dialog.getByText("Cronologia dell'unità")).toBeTruthy();
  });

  it("marks a unit lost, and a lost unit found again", async () => {
    const { user, server } = renderInventory({
      items: everything,
      api: {
        "PUT /api/inventario/1/units/101": { body: camera },
        "PUT /api/inventario/3/units/302": { body: microphone },
      },
    });
    await screen.findByRole("article", { name: "Canon EOS R6" });
    await user.click(card("Canon EOS R6").getByRole("button", { name: "Mostra unità (2)" }));
    await user.click(screen.getByRole("button", { name: "Segna come persa l'unità CANONEOSR6_001" }));
    expect(await screen.findByText("Unità CANONEOSR6_001 segnata come persa")).toBeTruthy();
    expect(server.callsTo("PUT /api/inventario/1/units/101")[0]?.body).toEqual({ perso: true });

    await user.click(card("Microfono Rode").getByRole("button", { name: "Mostra unità (2)" }));
    await user.click(screen.getByRole("button", { name: "Segna come ritrovata l'unità RODE_002" }));
    expect(await screen.findByText("Unità RODE_002 ritrovata")).toBeTruthy();
    expect(server.callsTo("PUT /api/inventario/3/units/302")[0]?.body).toEqual({ perso: false });
  });

  it("says when the inventory cannot be loaded", async () => {
    renderInventory({ api: { "GET /api/inventario": { status: 403, body: { error: "Accesso negato" } } } });
    expect(await screen.findByText("Errore nel caricamento inventario")).toBeTruthy();
  });

  it("says when the categories cannot be loaded", async () => {
    renderInventory({ api: { "GET /api/categorie-semplici": { status: 403, body: { error: "Accesso negato" } } } });
    expect(await screen.findByText("Errore nel caricamento categorie/corsi/unità")).toBeTruthy();
  });
});

describe("Inventario: search, category and empty states", () => {
  it("searches by name, serial number or notes and tells how many results were found", async () => {
    const { user } = renderInventory({ items: everything });
    const search = await screen.findByLabelText("Cerca nell'inventario");
    expect(screen.queryByRole("button", { name: "Cancella filtri" })).toBeNull();

    await user.type(search, "tr-9");
    await waitFor(() => expect(shownItems()).toEqual(["Treppiede Manfrotto"]));
    expect(screen.getByText("1 risultato trovato")).toBeTruthy();

    await user.clear(search);
    await user.type(search, "antivento");
    await waitFor(() => expect(shownItems()).toEqual(["Microfono Rode"]));

    await user.clear(search);
    await user.type(search, "canon");
    await waitFor(() => expect(shownItems()).toEqual(["Canon EOS R6"]));

    await user.clear(search);
    await user.type(search, "a");
    await waitFor(() => expect(screen.getByText(`${shownItems().length} risultati trovati`)).toBeTruthy());

    await user.click(screen.getByRole("button", { name: "Cancella filtri" }));
    expect((search as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(shownItems()).toHaveLength(4));
    expect(screen.queryByText(/risultat/)).toBeNull();
  });

  it("filters by category, naming it in the result line", async () => {
    const { user } = renderInventory({ items: everything });
    const category = await screen.findByLabelText("Filtra per categoria");
    expect(within(category).getByRole("option", { name: "Tutte le categorie" })).toBeTruthy();
    await user.selectOptions(category, "Audio");
    expect(shownItems()).toEqual(["Microfono Rode"]);
    expect(screen.getByText('1 risultato trovato nella categoria "Audio"')).toBeTruthy();
  });

  it("offers no category filter while there are no categories", async () => {
    renderInventory({ items: everything, categories: [] });
    await screen.findByRole("article", { name: "Canon EOS R6" });
    expect(screen.queryByLabelText("Filtra per categoria")).toBeNull();
    expect(screen.getByRole("button", { name: "Nuova categoria" })).toBeTruthy();
  });

  it("explains an empty result found by search only", async () => {
    const { user } = renderInventory({ items: everything });
    await user.type(await screen.findByLabelText("Cerca nell'inventario"), "proiettore");
    expect(await screen.findByText("Nessun articolo trovato")).toBeTruthy();
    expect(screen.getByText('Nessun articolo corrisponde a "proiettore".')).toBeTruthy();
    expect(screen.getByText("0 risultati trovati")).toBeTruthy();
  });

  it("explains an empty result found by category only", async () => {
    const { user } = renderInventory({ items: [camera] });
    await user.selectOptions(await screen.findByLabelText("Filtra per categoria"), "Audio");
    expect(screen.getByText("Nessun articolo trovato")).toBeTruthy();
    expect(screen.getByText('Non ci sono articoli nella categoria "Audio".')).toBeTruthy();
  });

  it("explains an empty result found by search and category together", async () => {
    const { user } = renderInventory({ items: everything });
    await user.selectOptions(await screen.findByLabelText("Filtra per categoria"), "Audio");
    await user.type(screen.getByLabelText("Cerca nell'inventario"), "canon");
    expect(await screen.findByText('Nessun articolo corrisponde a "canon" nella categoria "Audio".')).toBeTruthy();
    expect(screen.getByText('0 risultati trovati nella categoria "Audio"')).toBeTruthy();
  });

  it("explains an empty inventory when nothing narrows it", async () => {
    renderInventory({ items: [] });
    expect(await screen.findByText("Nessun articolo nell'inventario")).toBeTruthy();
    expect(screen.getByText("L'inventario è vuoto: aggiungi il primo articolo o importa un file Excel.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancella filtri" })).toBeNull();
  });
});

describe("Inventario: deleting an item", () => {
  it("asks for confirmation and deletes only after it", async () => {
    let deleted = false;
    const { user, server } = renderInventory({
      items: everything,
      api: {
        "DELETE /api/inventario/1": () => {
          deleted = true;
          return { body: { message: "Articolo eliminato" } };
        },
        "GET /api/inventario": inventoryRoute(() => (deleted ? [tripod, microphone, lights] : everything)),
      },
    });
    await screen.findByRole("article", { name: "Canon EOS R6" });
    await user.click(screen.getByRole("button", { name: "Elimina Canon EOS R6" }));
    const dialog = within(screen.getByRole("dialog", { name: "Elimina articolo" }));
    expect(dialog.getByText("Sei sicuro di voler eliminare questo articolo?")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Annulla" }));
    expect(server.callsTo("DELETE /api/inventario/1")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Elimina Canon EOS R6" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText('"Canon EOS R6" eliminato dall\'inventario')).toBeTruthy();
    expect(server.callsTo("DELETE /api/inventario/1")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Canon EOS R6" })).toBeNull());
  });

  it("shows the server's refusal in a dialog", async () => {
    const { user } = renderInventory({
      items: everything,
      api: {
        "DELETE /api/inventario/2": {
          status: 409,
          body: { error: "Impossibile eliminare: l'articolo ha prestiti attivi." },
        },
      },
    });
    await screen.findByRole("article", { name: "Treppiede Manfrotto" });
    await user.click(screen.getByRole("button", { name: "Elimina Treppiede Manfrotto" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Elimina" }));
    const notice = within(await screen.findByRole("dialog", { name: "Impossibile eliminare" }));
    expect(notice.getByText("Impossibile eliminare: l'articolo ha prestiti attivi.")).toBeTruthy();
    await user.click(notice.getByRole("button", { name: "Ho capito" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("article", { name: "Treppiede Manfrotto" })).toBeTruthy();
  });

  it("falls back to a generic message when the server cannot be reached", async () => {
    const { user } = renderInventory({ items: everything, api: { "DELETE /api/inventario/2": "network-error" } });
    await screen.findByRole("article", { name: "Treppiede Manfrotto" });
    await user.click(screen.getByRole("button", { name: "Elimina Treppiede Manfrotto" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Elimina" }));
    const notice = within(await screen.findByRole("dialog", { name: "Impossibile eliminare" }));
    expect(notice.getByText("Errore nell'eliminazione")).toBeTruthy();
  });
});

describe("Inventario: links into the screen", () => {
  it("opens the new-item wizard for /inventario?nuovo=1 and drops the parameter", async () => {
    renderInventory({ path: "/inventario?nuovo=1" });
    expect(await screen.findByRole("dialog", { name: "Nuovo Articolo" })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(window.location.pathname).toBe("/inventario");
  });
});

describe("Inventario: the table view on a wide screen", () => {
  const tableNames = () =>
    within(screen.getByRole("table", { name: /^Inventario/ }))
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelectorAll("td")[1]?.textContent);

  it("lists the items as rows sorted by any sortable column, both ways, with the card's actions", async () => {
    const { user } = renderInventory({ items: everything });
    await screen.findByRole("article", { name: "Treppiede Manfrotto" });
    await user.click(screen.getByRole("radio", { name: "Tabella" }));
    expect(window.location.search).toContain("vista=tabella");
    expect(tableNames()).toEqual(["Canon EOS R6", "Luce LED Aputure", "Microfono Rode", "Treppiede Manfrotto"]);

    const serial = screen.getByRole("columnheader", { name: /^Seriale/ });
    await user.click(within(serial).getByRole("button"));
    expect(serial.getAttribute("aria-sort")).toBe("ascending");
    // No serial first, then AP-300, SN-100, TR-9.
    expect(tableNames()).toEqual(["Microfono Rode", "Luce LED Aputure", "Canon EOS R6", "Treppiede Manfrotto"]);
    await user.click(within(serial).getByRole("button"));
    expect(serial.getAttribute("aria-sort")).toBe("descending");
    expect(tableNames()).toEqual(["Treppiede Manfrotto", "Canon EOS R6", "Luce LED Aputure", "Microfono Rode"]);

    const row = screen.getByRole("row", { name: /Microfono Rode/ });
    expect(within(row).getByText("In Riparazione")).toBeTruthy();
    await user.click(within(row).getByRole("checkbox", { name: "Seleziona Microfono Rode" }));
    expect(screen.getByText(/1 articolo selezionato/)).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Modifica Microfono Rode" }));
    expect(await screen.findByRole("dialog", { name: "Modifica Articolo" })).toBeTruthy();
  });
});

describe("Inventario: pages from the server", () => {
  const many = Array.from({ length: 62 }, (_, index) =>
    anItem({ id: 1000 + index, nome: `Cavo XLR ${String(index + 1).padStart(2, "0")}`, unita: [] }),
  );

  it("shows the first page, then asks the server for the next one on 'Mostra altri'", async () => {
    const { user, server } = renderInventory({ items: many });
    await waitFor(() => expect(shownItems()).toHaveLength(50));
    expect(screen.getByText("50 di 62 mostrati")).toBeTruthy();
    expect(server.callsTo("GET /api/inventario").map((call) => call.query.pagina)).toEqual(["1"]);

    await user.click(screen.getByRole("button", { name: "Mostra altri" }));
    await waitFor(() => expect(shownItems()).toHaveLength(62));
    expect(shownItems().at(-1)).toBe("Cavo XLR 62");
    expect(server.callsTo("GET /api/inventario").map((call) => call.query.pagina)).toEqual(["1", "2"]);
    expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
  });

  it("sends the search to the server instead of filtering the loaded items", async () => {
    const { user, server } = renderInventory({ items: many });
    await waitFor(() => expect(shownItems()).toHaveLength(50));
    await user.type(await screen.findByLabelText("Cerca nell'inventario"), "XLR 6");
    await waitFor(() => expect(shownItems()).toEqual(["Cavo XLR 60", "Cavo XLR 61", "Cavo XLR 62"]));
    const searched = server.callsTo("GET /api/inventario").at(-1);
    expect(searched?.query).toMatchObject({ search: "XLR 6", pagina: "1" });
  });
});
