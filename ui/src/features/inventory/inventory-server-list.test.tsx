import { describe, expect, it } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import { anItemCalendar } from "../../../test/availability-fixtures";
import { anItem, aUnit, inventoryLoaded, renderInventory } from "../../../test/inventory-fixtures";
import type { ApiCall } from "../../../test/mock-api";
import { inventoryRoute } from "../../../test/paged-lists";

// The desk's inventory pages, filters, searches and orders on the server: these tests check both what
// the screen shows and what it asked (GET /api/inventario's query), that the summary cards come from their
// own aggregate call, and that a scanned QR label's page reads its one item.

const LIST = "GET /api/inventario";
const SUMMARY = "GET /api/inventario/riepilogo";

/** 62 cables of the Audio category, for the Cinema course, added one a day from 2025-01-01. */
const cables = Array.from({ length: 62 }, (_, index) => {
  const number = String(index + 1).padStart(2, "0");
  return anItem({
    id: 1000 + index,
    nome: `Cavo XLR ${number}`,
    seriale: `XLR-${number}`,
    note: null,
    categoria_id: 11,
    categoria_nome: "Cinema e Audiovisivi - Audio",
    categoria_figlia: "Audio",
    corsi_assegnati: ["Cinema e Audiovisivi"],
    data_aggiunta: new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10),
    unita: [aUnit({ id: 5000 + index, codice_univoco: `XLR_${number}` })],
  });
});
const camera = anItem({ data_aggiunta: "2024-06-01" });
const everything = [camera, ...cables];
/** One page's worth: enough for tests that do not go past page 1, and quicker to render. */
const few = [camera, ...cables.slice(0, 12)];

function shownItems() {
  return screen.queryAllByRole("article").map((article) => article.querySelector("h3")?.textContent);
}

/** The queries of these calls, in order. */
function listQueries(calls: ApiCall[]) {
  return calls.map(({ query }) => query);
}

/** The first 50 cards, with the summary and the categories in: nothing of the screen still on its way. */
/** A test that renders a page of 50 cards, some more than once: longer than the default on a busy machine. */
const LONG_JOURNEY = 15_000;

async function firstPageShown() {
  await waitFor(() => expect(shownItems()).toHaveLength(50));
  await screen.findByText("Articoli totali");
  await screen.findByLabelText("Filtra per categoria");
}

describe("Inventario: what the list asks the server", () => {
  it(
    "asks the first page in name order, 50 at a time",
    async () => {
      const { server } = renderInventory({ items: everything });
      await firstPageShown();
      expect(listQueries(server.callsTo(LIST))).toEqual([
        { sortBy: "nome", sortOrder: "asc", pagina: "1", per_pagina: "50" },
      ]);
      expect(shownItems()[0]).toBe("Canon EOS R6");
      expect(screen.getByText("50 di 63 mostrati")).toBeTruthy();
    },
    LONG_JOURNEY,
  );

  it("sends category, course, status and dates to the server, and shows what it answers", async () => {
    const repaired = anItem({
      id: 7,
      nome: "Registratore Zoom",
      categoria_id: 11,
      corsi_assegnati: ["Cinema e Audiovisivi"],
      data_aggiunta: "2025-01-20",
      stato_effettivo: "in_riparazione",
    });
    const { user, server } = renderInventory({ items: [camera, ...cables.slice(0, 5), repaired] });
    await inventoryLoaded("Canon EOS R6");

    await user.selectOptions(screen.getByLabelText("Filtra per categoria"), "Audio");
    await user.click(screen.getByRole("button", { name: /Filtri avanzati/ }));
    await user.selectOptions(screen.getByLabelText("Corso"), "Cinema e Audiovisivi");
    await user.selectOptions(screen.getByLabelText("Stato"), "In Riparazione");
    await user.type(screen.getByLabelText("Aggiunto dal"), "15/01/2025");
    await user.type(screen.getByLabelText("Aggiunto fino al"), "31/01/2025");

    await waitFor(() => expect(shownItems()).toEqual(["Registratore Zoom"]));
    expect(screen.getByText('1 risultato trovato nella categoria "Audio"')).toBeTruthy();
    expect(server.callsTo(LIST).at(-1)?.query).toEqual({
      categoria: "11",
      corso: "Cinema e Audiovisivi",
      stato: "in_riparazione",
      dateFrom: "2025-01-15",
      dateTo: "2025-01-31",
      sortBy: "nome",
      sortOrder: "asc",
      pagina: "1",
      per_pagina: "50",
    });
    // The advanced filters' button counts the four beyond search and category.
    expect(screen.getByRole("button", { name: /Filtri avanzati/ }).textContent).toContain("4");
  });

  it(
    "asks page 2 with the same filters and order, and page 1 again when they change",
    async () => {
      const { user, server } = renderInventory({ items: everything });
      await firstPageShown();
      await user.selectOptions(screen.getByLabelText("Filtra per categoria"), "Audio");
      await user.click(screen.getByRole("button", { name: /Filtri avanzati/ }));
      await user.selectOptions(screen.getByLabelText("Ordine"), "desc");
      await waitFor(() => expect(shownItems()[0]).toBe("Cavo XLR 62"));
      expect(screen.getByText("50 di 62 mostrati")).toBeTruthy();

      await user.click(screen.getByRole("button", { name: "Mostra altri" }));
      await waitFor(() => expect(shownItems()).toHaveLength(62));
      expect(shownItems().at(-1)).toBe("Cavo XLR 01");
      expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
      expect(server.callsTo(LIST).at(-1)?.query).toEqual({
        categoria: "11",
        sortBy: "nome",
        sortOrder: "desc",
        pagina: "2",
        per_pagina: "50",
      });

      // Another order starts from its first page: the twelve cards of page 2 go.
      await user.selectOptions(screen.getByLabelText("Ordine"), "asc");
      await waitFor(() => expect(shownItems()[0]).toBe("Cavo XLR 01"));
      expect(shownItems()).toHaveLength(50);
      expect(server.callsTo(LIST).at(-1)?.query).toMatchObject({ sortOrder: "asc", pagina: "1" });
    },
    LONG_JOURNEY,
  );

  it(
    "orders on the server by the field and direction chosen in the panel or in the table's headers",
    async () => {
      const { user, server } = renderInventory({ items: everything });
      await firstPageShown();
      await user.click(screen.getByRole("button", { name: /Filtri avanzati/ }));
      await user.selectOptions(screen.getByLabelText("Ordina per"), "Data di aggiunta");
      await user.selectOptions(screen.getByLabelText("Ordine"), "desc");
      // The newest cable first; the camera, added in 2024, is on page 2 now.
      await waitFor(() => expect(shownItems()[0]).toBe("Cavo XLR 62"));
      expect(shownItems()).not.toContain("Canon EOS R6");
      expect(server.callsTo(LIST).at(-1)?.query).toMatchObject({ sortBy: "data_aggiunta", sortOrder: "desc" });

      await user.click(screen.getByRole("radio", { name: "Tabella" }));
      const serial = screen.getByRole("columnheader", { name: /^Seriale/ });
      await user.click(within(serial).getByRole("button"));
      await waitFor(() => expect(serial.getAttribute("aria-sort")).toBe("ascending"));
      expect(server.callsTo(LIST).at(-1)?.query).toMatchObject({ sortBy: "seriale", sortOrder: "asc", pagina: "1" });
      const firstRow = within(screen.getByRole("table", { name: /^Inventario/ })).getAllByRole("row")[1];
      // The camera's SN-100 comes before every cable's XLR-…
      await waitFor(() => expect(firstRow?.textContent).toContain("Canon EOS R6"));
    },
    LONG_JOURNEY,
  );

  it("waits for typing to pause and then asks the server once, with the search trimmed", async () => {
    const { user, server } = renderInventory({ items: few });
    await inventoryLoaded("Canon EOS R6");
    await user.type(screen.getByLabelText("Cerca nell'inventario"), "  xlr 0 ");
    await waitFor(() => expect(shownItems()).toHaveLength(9));
    expect(screen.getByText("9 risultati trovati")).toBeTruthy();
    const searched = server.callsTo(LIST).filter((call) => call.query.search !== undefined);
    expect(searched.map((call) => call.query)).toEqual([
      { search: "xlr 0", sortBy: "nome", sortOrder: "asc", pagina: "1", per_pagina: "50" },
    ]);
  });
});

describe("Inventario: the summary cards", () => {
  const totals = { articoli_totali: 1240, unita_totali: 6033, in_riparazione: 17, scorte_basse: 58 };
  const cardValue = (label: string) => screen.getByText(label).previousElementSibling?.textContent;

  it("show the server's totals over the whole inventory, not counts of the loaded page", async () => {
    const { user, server } = renderInventory({ items: few, api: { [SUMMARY]: { body: totals } } });
    await inventoryLoaded("Canon EOS R6");
    await waitFor(() => expect(cardValue("Articoli totali")).toBe("1240"));
    expect(cardValue("Unità totali")).toBe("6033");
    expect(cardValue("In riparazione")).toBe("17");
    expect(cardValue("Scorte basse")).toBe("58");

    // A search narrows the list, never the totals, and does not ask them again.
    await user.type(screen.getByLabelText("Cerca nell'inventario"), "canon");
    await waitFor(() => expect(shownItems()).toEqual(["Canon EOS R6"]));
    expect(cardValue("Articoli totali")).toBe("1240");
    expect(server.callsTo(SUMMARY)).toHaveLength(1);
  });

  it("ask the server for the low-stock items when that card is pressed", async () => {
    const short = anItem({
      id: 9,
      nome: "Batteria Sony",
      unita: [aUnit({ id: 901, stato: "prestato" }), aUnit({ id: 902, stato: "prestato" })],
    });
    const { user, server } = renderInventory({ items: [camera, short], api: { [SUMMARY]: { body: totals } } });
    await screen.findByRole("article", { name: "Canon EOS R6" });
    await user.click(screen.getByRole("button", { name: /Scorte basse/ }));
    await waitFor(() => expect(shownItems()).toEqual(["Batteria Sony"]));
    expect(server.callsTo(LIST).at(-1)?.query).toMatchObject({ stato: "scorte_basse", pagina: "1" });
  });

  it("are read again after a deletion", async () => {
    let deleted = false;
    const { user } = renderInventory({
      items: few,
      api: {
        [SUMMARY]: () => ({ body: deleted ? { ...totals, articoli_totali: 1239, unita_totali: 6031 } : totals }),
        "DELETE /api/inventario/1": () => {
          deleted = true;
          return { body: { message: "Articolo eliminato" } };
        },
      },
    });
    await inventoryLoaded("Canon EOS R6");
    await waitFor(() => expect(cardValue("Articoli totali")).toBe("1240"));
    await user.click(screen.getByRole("button", { name: "Elimina Canon EOS R6" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(cardValue("Articoli totali")).toBe("1239"));
    expect(cardValue("Unità totali")).toBe("6031");
  });
});

describe("Inventario: the item a QR label leads to", () => {
  it("is the item's own page, which reads that one item and never the inventory's list", async () => {
    const cable = cables[1];
    if (!cable) throw new Error("no cable");
    const today = "2025-03-10";
    const { user, server } = renderInventory({
      items: few,
      api: {
        "GET /api/health": { body: { ok: true, appName: "PrestaLab", today } },
        [`GET /api/inventario/${cable.id}`]: { body: cable },
        [`GET /api/inventario/${cable.id}/disponibilita`]: {
          body: anItemCalendar(cable.id, today, [{ id: 5001, code: "XLR_02" }]),
        },
        "GET /api/audit": { body: [] },
      },
    });
    await inventoryLoaded("Canon EOS R6");
    await user.click(screen.getByRole("button", { name: "Codice QR di Cavo XLR 02" }));
    const link = within(screen.getByRole("dialog", { name: "Codice QR" })).getByText(/\/inventario\/\d+$/).textContent;
    expect(link).toBe(`${window.location.origin}/inventario/${cable.id}`);
    await user.keyboard("{Escape}");
    const listCallsBefore = server.callsTo(LIST).length;

    // Scanning the label opens its address.
    act(() => {
      window.history.pushState(null, "", new URL(link ?? "").pathname);
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Cavo XLR 02" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Unità" })).getByText("XLR_02")).toBeTruthy();
    expect(server.callsTo(`GET /api/inventario/${cable.id}`)).toHaveLength(1);
    expect(server.callsTo(LIST)).toHaveLength(listCallsBefore);
  });
});

describe("Inventario: a category's deletion lists the items it moves", () => {
  it("names the first 100 from the server, counts them all and says how many more", async () => {
    const inCategory = Array.from({ length: 130 }, (_, index) =>
      anItem({ id: 2000 + index, nome: `Obiettivo ${String(index + 1).padStart(3, "0")}`, categoria_id: 10 }),
    );
    const { user, server } = renderInventory({
      items: inCategory,
      api: { [LIST]: inventoryRoute(inCategory) },
    });
    await user.click(await screen.findByRole("button", { name: "Gestisci Categorie" }));
    const dialog = within(screen.getByRole("dialog", { name: "Gestione Categorie" }));
    await user.click(dialog.getByRole("button", { name: "Elimina Fotocamere" }));
    expect(await dialog.findByText("Questi 130 articoli usano la categoria:")).toBeTruthy();
    const listed = within(dialog.getByRole("list", { name: "Articoli della categoria" })).getAllByRole("listitem");
    expect(listed).toHaveLength(101);
    expect(listed.at(-2)?.textContent).toBe("Obiettivo 100");
    expect(listed.at(-1)?.textContent).toBe("e altri 30");
    expect(server.callsTo(LIST).at(-1)?.query).toMatchObject({ categoria: "10", pagina: "1", per_pagina: "100" });
  });
});
