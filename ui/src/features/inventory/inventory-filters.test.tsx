import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anItem, aUnit, inventoryLoaded, renderInventory } from "../../../test/inventory-fixtures";
import { SAVED_FILTERS_KEY } from "./hooks/use-saved-filters";
import { NO_FILTERS } from "./utils/filters";

const camera = anItem({ id: 1, nome: "Canon EOS R6", seriale: "SN-300", data_aggiunta: "2025-01-10" });
const drone = anItem({
  id: 2,
  nome: "Drone DJI Mini",
  seriale: "SN-100",
  categoria_id: 11,
  categoria_nome: "Cinema e Audiovisivi - Audio",
  categoria_figlia: "Audio",
  corsi_assegnati: ["Cinema e Audiovisivi"],
  data_aggiunta: "2025-03-02",
  stato_effettivo: "in_riparazione",
  unita: [aUnit({ id: 201, codice_univoco: "DRONE_001", stato: "in_riparazione" })],
});
const brush = anItem({
  id: 3,
  nome: "Aerografo",
  seriale: "SN-200",
  categoria_id: null,
  categoria_nome: "Pittura",
  categoria_figlia: null,
  corsi_assegnati: ["Pittura"],
  data_aggiunta: "2025-02-15",
});

function shownItems() {
  return screen.queryAllByRole("article").map((article) => article.querySelector("h3")?.textContent);
}

async function openPanel() {
  const rendered = renderInventory({ items: [camera, drone, brush] });
  await inventoryLoaded("Canon EOS R6");
  await rendered.user.click(screen.getByRole("button", { name: /Filtri avanzati/ }));
  return rendered;
}

describe("advanced filters", () => {
  it("filters by course and by status", async () => {
    const { user } = await openPanel();
    await user.selectOptions(screen.getByLabelText("Corso"), "Pittura");
    expect(shownItems()).toEqual(["Aerografo"]);
    await user.selectOptions(screen.getByLabelText("Corso"), "");
    await user.selectOptions(screen.getByLabelText("Stato"), "In Riparazione");
    expect(shownItems()).toEqual(["Drone DJI Mini"]);
    expect(screen.getByText("1 risultato trovato")).toBeTruthy();
  });

  it("keeps only the items added between two dates", async () => {
    const { user } = await openPanel();
    await user.type(screen.getByLabelText("Aggiunto dal"), "01/02/2025");
    await waitFor(() => expect(shownItems()).toEqual(["Aerografo", "Drone DJI Mini"]));
    await user.type(screen.getByLabelText("Aggiunto fino al"), "28/02/2025");
    await waitFor(() => expect(shownItems()).toEqual(["Aerografo"]));
  });

  it("sorts by name, serial number, category or date, ascending or descending", async () => {
    const { user } = await openPanel();
    expect(shownItems()).toEqual(["Aerografo", "Canon EOS R6", "Drone DJI Mini"]);
    await user.selectOptions(screen.getByLabelText("Ordina per"), "Numero di serie");
    expect(shownItems()).toEqual(["Drone DJI Mini", "Aerografo", "Canon EOS R6"]);
    await user.selectOptions(screen.getByLabelText("Ordina per"), "Categoria");
    expect(shownItems()).toEqual(["Drone DJI Mini", "Canon EOS R6", "Aerografo"]);
    await user.selectOptions(screen.getByLabelText("Ordina per"), "Data di aggiunta");
    await user.selectOptions(screen.getByLabelText("Ordine"), "desc");
    expect(shownItems()).toEqual(["Drone DJI Mini", "Aerografo", "Canon EOS R6"]);
  });

  it("saves the current filters under a name, keeps them in this browser and applies them again", async () => {
    const { user } = await openPanel();
    const save = screen.getByRole("button", { name: "Salva filtro" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText("Nome del filtro"), "   ");
    expect(save.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText("Corso"), "Cinema e Audiovisivi");
    await user.type(screen.getByLabelText("Nome del filtro"), " Video ");
    await user.click(save);
    const stored = JSON.parse(localStorage.getItem(SAVED_FILTERS_KEY) ?? "[]");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Video", filters: { ...NO_FILTERS, course: "Cinema e Audiovisivi" } });
    expect(typeof stored[0].id).toBe("string");
    expect((screen.getByLabelText("Nome del filtro") as HTMLInputElement).value).toBe("");

    await user.click(screen.getByRole("button", { name: "Reimposta filtri" }));
    expect(shownItems()).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Applica il filtro Video" }));
    expect(shownItems()).toEqual(["Drone DJI Mini"]);
    expect((screen.getByLabelText("Corso") as HTMLSelectElement).value).toBe("Cinema e Audiovisivi");
  });

  it("finds the saved filters again after a reload, and deletes them", async () => {
    localStorage.setItem(
      SAVED_FILTERS_KEY,
      JSON.stringify([{ id: "a1", name: "Pittura", filters: { ...NO_FILTERS, course: "Pittura", search: "aero" } }]),
    );
    const { user } = await openPanel();
    const saved = within(screen.getByRole("list", { name: "Filtri salvati" }));
    await user.click(saved.getByRole("button", { name: "Applica il filtro Pittura" }));
    expect(shownItems()).toEqual(["Aerografo"]);
    expect((screen.getByLabelText("Cerca nell'inventario") as HTMLInputElement).value).toBe("aero");

    await user.click(saved.getByRole("button", { name: "Elimina il filtro Pittura" }));
    expect(screen.queryByRole("list", { name: "Filtri salvati" })).toBeNull();
    expect(JSON.parse(localStorage.getItem(SAVED_FILTERS_KEY) ?? "")).toEqual([]);
  });

  it("ignores a damaged saved-filter entry", async () => {
    localStorage.setItem(SAVED_FILTERS_KEY, "{non json");
    await openPanel();
    expect(screen.getByText(/Nessun filtro salvato/)).toBeTruthy();
  });
});
