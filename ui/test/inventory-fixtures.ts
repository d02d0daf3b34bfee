import { screen } from "@testing-library/react";
import type { Category } from "../src/api/categorie";
import type { Course } from "../src/api/corsi";
import type { InventoryItem, InventoryUnit } from "../src/api/inventario";
import { anAdmin } from "./fixtures";
import type { ApiRoutes } from "./mock-api";
import { inventoryRoute, inventorySummaryRoute } from "./paged-lists";
import { renderApp } from "./render-app";
import { adminShellApi } from "./shell-api";

export function aUnit(overrides: Partial<InventoryUnit> = {}): InventoryUnit {
  return {
    id: 101,
    codice_univoco: "CANONEOSR6_001",
    stato: "disponibile",
    prestito_corrente_id: null,
    note: null,
    numero_serie: null,
    data_acquisto: null,
    valore: null,
    ...overrides,
  };
}

/** An item whose totals follow its units unless the test says otherwise. */
export function anItem(overrides: Partial<InventoryItem> = {}): InventoryItem {
  const units = overrides.unita ?? [
    aUnit({ id: 101, codice_univoco: "CANONEOSR6_001" }),
    aUnit({ id: 102, codice_univoco: "CANONEOSR6_002" }),
  ];
  return {
    id: 1,
    nome: "Canon EOS R6",
    note: "Con batteria di scorta",
    posizione: "Scaffale B2",
    scaffale: "Scaffale B2",
    durata_massima_giorni: null,
    fornitore: "Foto Rossi",
    marca: null,
    modello: null,
    seriale: "SN-100",
    checklist: null,
    immagine_url: null,
    tipo_prestito: "solo_esterno",
    categoria_id: 10,
    categoria_nome: "Fotografia - Fotocamere",
    categoria_madre: "Fotografia",
    categoria_figlia: "Fotocamere",
    corsi_assegnati: ["Fotografia"],
    quantita_totale: units.length,
    unita_disponibili: units.filter((unit) => unit.stato === "disponibile").length,
    stato_effettivo: "disponibile",
    libera_fino_al: null,
    prossima_disponibilita: "2026-03-10",
    hasMultipleUnits: units.length > 1,
    data_aggiunta: "2025-01-10",
    unita: units,
    ...overrides,
  };
}

export const CATEGORIES: Category[] = [
  { id: 10, nome: "Fotocamere", oggetti: 1 },
  { id: 11, nome: "Audio", oggetti: 0 },
];

export const COURSES: Course[] = [
  { id: 1, nome: "Cinema e Audiovisivi" },
  { id: 2, nome: "Design" },
  { id: 3, nome: "Fotografia" },
  { id: 4, nome: "Pittura" },
];

interface RenderInventoryOptions {
  items?: InventoryItem[];
  categories?: Category[];
  path?: string;
  api?: ApiRoutes;
}

/** The inventory screen, signed in as an administrator, against a scripted server. */
export function renderInventory({
  items = [anItem()],
  categories = CATEGORIES,
  path = "/inventario",
  api = {},
}: RenderInventoryOptions = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      ...adminShellApi,
      "GET /api/inventario": inventoryRoute(items),
      "GET /api/inventario/riepilogo": inventorySummaryRoute(items),
      "GET /api/categorie-semplici": { body: categories },
      "GET /api/corsi": { body: COURSES },
      ...api,
    },
  });
}

/**
 * Waits until the screen has its list, summary cards and categories: a test that ended before them would
 * leave their answers arriving after it, outside act().
 */
export async function inventoryLoaded(firstItem: string) {
  await screen.findByRole("article", { name: firstItem });
  await screen.findByText("Articoli totali");
  await screen.findByLabelText("Filtra per categoria");
}
