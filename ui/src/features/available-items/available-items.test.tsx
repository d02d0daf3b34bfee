import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { aStudent } from "../../../test/fixtures";
import { anItem, aUnit, studentApi } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const student = aStudent();

const camera = anItem({
  id: 10,
  nome: "Canon EOS R6",
  note: "Con due batterie",
  posizione: "Armadio A2",
  categoria_id: 1,
  categoria_nome: "Fotografia - Fotocamere",
  immagine_url: "https://example.org/canon.jpg",
});
const light = anItem({
  id: 11,
  nome: "Kit luci Godox",
  note: null,
  posizione: "Scaffale L1",
  categoria_id: 2,
  categoria_nome: "Fotografia - Illuminazione",
  stato_effettivo: "in_prestito",
  unita_disponibili: 0,
  immagine_url: "javascript:alert(1)",
});
const unavailable = { note: null, unita_disponibili: 0 };
const stateItems = [
  anItem({ id: 20, nome: "Articolo in riparazione", stato_effettivo: "in_riparazione", ...unavailable }),
  anItem({ id: 21, nome: "Articolo senza unità", stato_effettivo: "non_disponibile", ...unavailable }),
  anItem({ id: 22, nome: "Articolo perso", stato_effettivo: "perso", ...unavailable }),
];
const categories = [
  { id: 1, nome: "Fotocamere" },
  { id: 2, nome: "Illuminazione" },
  { id: 3, nome: "Audio" },
];

async function openAvailableItems(api: ApiRoutes = {}) {
  const rendered = renderApp({
    signedInAs: student,
    api: {
      ...studentApi(student.id),
      "GET /api/inventario/disponibili": catalogueRoute([camera, light, ...stateItems]),
      "GET /api/categorie-semplici": { body: categories },
      "GET /api/inventario/10/disponibili": { body: [aUnit({ id: 100, codice_univoco: "CANON_001" })] },
      ...api,
    },
  });
  await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
  const sidebar = within(screen.getByRole("navigation", { name: "Navigazione principale" }));
  await rendered.user.click(sidebar.getByRole("link", { name: "Articoli Disponibili" }));
  return rendered;
}

function card(name: string) {
  const title = screen.getByRole("heading", { name });
  return within(title.closest("article") as HTMLElement);
}

function shownNames() {
  return within(screen.getByRole("list", { name: "Articoli" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);
}

describe("Articoli Disponibili", () => {
  it("shows name, note, position, category, state and available units on each card", async () => {
    await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    const canon = card("Canon EOS R6");
    expect(canon.getByText("Con due batterie")).toBeTruthy();
    expect(canon.getByText("Armadio A2")).toBeTruthy();
    expect(canon.getByText("Fotografia - Fotocamere")).toBeTruthy();
    expect(canon.getByText("Disponibile")).toBeTruthy();
    expect(canon.getByText(/di 3 unità disponibili/).textContent).toBe("2 di 3 unità disponibili");
  });

  it('enables "Richiedi" only for items whose effective state is disponibile', async () => {
    await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    const expected: [string, string, boolean][] = [
      ["Canon EOS R6", "Disponibile", true],
      ["Kit luci Godox", "In Prestito", false],
      ["Articolo in riparazione", "In Riparazione", false],
      ["Articolo senza unità", "Non Disponibile", false],
      ["Articolo perso", "Persa", false],
    ];
    for (const [name, label, enabled] of expected) {
      expect(card(name).getByText(label)).toBeTruthy();
      const button = card(name).getByRole("button", { name: `Richiedi ${name}` }) as HTMLButtonElement;
      expect(button.disabled).toBe(!enabled);
    }
  });

  it("links the image in a new tab, and never a script address", async () => {
    await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    const link = card("Canon EOS R6").getByRole("link", { name: /Vedi immagine/ });
    expect(link.getAttribute("href")).toBe("https://example.org/canon.jpg");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(card("Kit luci Godox").queryByRole("link", { name: /Vedi immagine/ })).toBeNull();
  });

  it("searches by name, note or position on the server, once typing pauses", async () => {
    const { user, server } = await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    await user.type(screen.getByLabelText("Cerca articoli"), "scaffale l1");
    await waitFor(() => expect(shownNames()).toEqual(["Kit luci Godox"]));
    await user.clear(screen.getByLabelText("Cerca articoli"));
    await user.type(screen.getByLabelText("Cerca articoli"), "batterie");
    await waitFor(() => expect(shownNames()).toEqual(["Canon EOS R6"]));
    await user.type(screen.getByLabelText("Cerca articoli"), " zzz");
    expect(await screen.findByText("Nessun articolo trovato")).toBeTruthy();
    const searches = server.callsTo("GET /api/inventario/disponibili").map((call) => call.query.search);
    expect(searches).toContain("batterie");
    expect(searches).not.toContain("b");
  });

  it("tells the server of a search that found nothing, with only its words, once it settles", async () => {
    const { user, server } = await openAvailableItems({
      "POST /api/domanda/ricerche": { body: { message: "Ricerca registrata" } },
    });
    await screen.findByRole("list", { name: "Articoli" });
    await user.type(screen.getByLabelText("Cerca articoli"), "batterie");
    await waitFor(() => expect(shownNames()).toEqual(["Canon EOS R6"]));
    await user.clear(screen.getByLabelText("Cerca articoli"));
    await user.type(screen.getByLabelText("Cerca articoli"), "drone");
    expect(await screen.findByText("Nessun articolo trovato")).toBeTruthy();
    await waitFor(() => expect(server.callsTo("POST /api/domanda/ricerche")).toHaveLength(1), { timeout: 5_000 });
    // A search that found something is no demand; the words typed on the way are not sent either.
    expect(server.callsTo("POST /api/domanda/ricerche")[0]?.body).toEqual({ testo: "drone" });
  });

  it("filters by category on the server", async () => {
    const { user, server } = await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    const select = screen.getByLabelText("Categoria") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Tutte le categorie",
      "Fotocamere",
      "Illuminazione",
      "Audio",
    ]);
    await user.selectOptions(select, "Illuminazione");
    await waitFor(() => expect(shownNames()).toEqual(["Kit luci Godox"]));
    expect(server.callsTo("GET /api/inventario/disponibili").at(-1)?.query).toMatchObject({ categoria: "2" });
    await user.selectOptions(select, "Tutte le categorie");
    await waitFor(() => expect(shownNames()).toHaveLength(5));
  });

  it("comes a page at a time, and Mostra altri asks for the next one", async () => {
    const many = Array.from({ length: 30 }, (_, index) => anItem({ id: 100 + index, nome: `Treppiede ${index}` }));
    const { user } = await openAvailableItems({ "GET /api/inventario/disponibili": catalogueRoute(many) });
    await screen.findByRole("list", { name: "Articoli" });
    expect(shownNames()).toHaveLength(24);
    expect(screen.getByText("30 articoli")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Mostra altri" }));
    await waitFor(() => expect(shownNames()).toHaveLength(30));
    expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
  });

  it("still lists the items when the categories cannot be loaded", async () => {
    await openAvailableItems({ "GET /api/categorie-semplici": { status: 500, body: {} } });
    await screen.findByRole("list", { name: "Articoli" });
    expect(shownNames()).toHaveLength(5);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("tells when the items cannot be loaded", async () => {
    await openAvailableItems({ "GET /api/inventario/disponibili": { status: 403, body: { error: "Accesso negato" } } });
    expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento articoli");
  });

  it('opens the request wizard on the unit step of the item when "Richiedi" is pressed', async () => {
    const { user } = await openAvailableItems();
    await screen.findByRole("list", { name: "Articoli" });
    await user.click(card("Canon EOS R6").getByRole("button", { name: "Richiedi Canon EOS R6" }));
    const wizard = within(screen.getByRole("dialog", { name: "Nuova Richiesta" }));
    expect((await wizard.findByRole("radio", { name: /Qualsiasi unità libera/ })) as HTMLInputElement).toMatchObject({
      checked: true,
    });
    expect(wizard.getByText("Passo 2 di 4 · Unità")).toBeTruthy();
    expect(window.location.search).toContain("oggetto=");
  });
});
