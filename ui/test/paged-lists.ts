import { isLowStock } from "../../src/domain/stock-level";
import type { InventoryItem } from "../src/api/inventario";
import type { ApiCall, ApiRoutes } from "./mock-api";

// Test support: the loan, request and catalogue lists as the server answers them (src/modules/*/list-query.ts),
// so screen tests script rows once and every filtered or paged call gets its share.

type Row = Record<string, unknown>;
type Rows = Row[] | (() => Row[]);

/** What a `stato` filter of the loan list stands for beyond its own value. */
const LOAN_STATE_GROUPS: Record<string, string[]> = { in_corso: ["attivo", "scaduto"] };

const LOAN_SEARCH_FIELDS = [
  "oggetto_nome",
  "unita",
  "utente_nome",
  "utente_cognome",
  "utente_nome_reale",
  "utente_email",
];
const REQUEST_SEARCH_FIELDS = ["oggetto_nome", "codice_univoco", "utente_nome", "utente_cognome", "utente_email"];

function searchable(row: Row, fields: string[]): string {
  return fields
    .flatMap((field) => row[field] ?? [])
    .join(" ")
    .toLowerCase();
}

/**
 * A route answering `stato`, `cerca` and `pagina`/`per_pagina` over `rows`, taken to be in the server's
 * order already: an array without `pagina`, `{ elementi, totale, pagina, per_pagina }` with it.
 */
function listRoute(rows: Rows, searchFields: string[], stateGroups: Record<string, string[]> = {}) {
  return (call: ApiCall) => {
    const { stato } = call.query;
    const states = stato ? (stateGroups[stato] ?? [stato]) : null;
    return pagedAnswer(call, rows, searchFields, (row) => !states || states.includes(String(row.stato)));
  };
}

/** The rows passing `keep` and matching `cerca` (or `search`), whole or as the page `pagina` asks. */
function pagedAnswer(call: ApiCall, rows: Rows, searchFields: string[], keep: (row: Row) => boolean) {
  const { pagina, per_pagina } = call.query;
  const term = (call.query.cerca ?? call.query.search)?.trim().toLowerCase();
  const matching = (typeof rows === "function" ? rows() : rows).filter(
    (row) => keep(row) && (!term || searchable(row, searchFields).includes(term)),
  );
  if (pagina === undefined) return { body: matching };
  return { body: pageOf(matching, pagina, per_pagina) };
}

/** The page `pagina` (of `per_pagina` rows, 50 unless given) of `rows`, as the server shapes it. */
function pageOf<T>(rows: T[], pagina: string, per_pagina: string | undefined) {
  const page = Number(pagina);
  const size = Number(per_pagina ?? 50);
  return { elementi: rows.slice((page - 1) * size, page * size), totale: rows.length, pagina: page, per_pagina: size };
}

/** `GET /api/inventario/disponibili` over these items: search by name, note or position, `categoria`, `stato`. */
export function catalogueRoute(rows: Rows): ApiRoutes[string] {
  return (call: ApiCall) => {
    const { categoria, stato } = call.query;
    return pagedAnswer(
      call,
      rows,
      ["nome", "note", "posizione"],
      (row) => (!categoria || String(row.categoria_id) === categoria) && (!stato || row.stato_effettivo === stato),
    );
  };
}

/** `GET /api/prestiti` over these loans. */
export function loanListRoute(rows: Rows): ApiRoutes[string] {
  return listRoute(rows, LOAN_SEARCH_FIELDS, LOAN_STATE_GROUPS);
}

/** What each `ordina` of the request list sorts on, as the server does (list-query.ts). */
const REQUEST_SORT_VALUES: Record<string, (row: Row) => string> = {
  oggetto: (row) => String(row.oggetto_nome).toLowerCase(),
  studente: (row) => `${row.utente_nome} ${row.utente_cognome}`.toLowerCase(),
  dal: (row) => String(row.dal),
  al: (row) => String(row.al),
  creata: (row) => String(row.created_at),
};

/** `GET /api/richieste` over these requests (newest first), sorted as `ordina` and `verso` ask. */
export function requestListRoute(rows: Rows): ApiRoutes[string] {
  return (call: ApiCall) => {
    const value = REQUEST_SORT_VALUES[call.query.ordina ?? ""];
    const sign = call.query.verso === "desc" ? -1 : 1;
    const all = typeof rows === "function" ? rows() : rows;
    const ordered = value
      ? [...all].sort((a, b) => sign * (value(a).localeCompare(value(b)) || Number(a.id) - Number(b.id)))
      : all;
    return listRoute(ordered, REQUEST_SEARCH_FIELDS)(call);
  };
}

const USER_SEARCH_FIELDS = ["name", "surname", "email", "matricola"];

/**
 * `GET /api/auth/users` over these users (src/modules/auth/user-list.ts): the whole array without
 * `pagina`; with it one page of the `ruolo` tab matching `cerca`, and every tab's count.
 */
export function userListRoute(rows: object[] | (() => object[])): (call: ApiCall) => { body: unknown } {
  return (call: ApiCall) => {
    const all = (typeof rows === "function" ? rows() : rows) as Row[];
    const { ruolo, cerca, pagina, per_pagina } = call.query;
    if (pagina === undefined) return { body: all };
    const term = cerca?.trim().toLowerCase();
    const matching = all.filter(
      (row) =>
        (!ruolo || row.ruolo === ruolo) &&
        (!term || `${searchable(row, USER_SEARCH_FIELDS)} ${row.name} ${row.surname}`.toLowerCase().includes(term)),
    );
    return {
      body: {
        ...pageOf(matching, pagina, per_pagina),
        per_ruolo: {
          user: all.filter((row) => row.ruolo === "user").length,
          admin: all.filter((row) => row.ruolo === "admin").length,
        },
      },
    };
  };
}

const byText = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

/** An item as a test scripts it: some screens' fixtures carry only the fields those screens read. */
type ListedItem = Pick<InventoryItem, "nome"> & Partial<InventoryItem>;
type Items = object[] | (() => object[]);
const itemsOf = (items: Items) => (typeof items === "function" ? items() : items) as ListedItem[];

/** The value `sortBy` orders the inventory by, as the server reads it (a missing serial sorts first). */
function inventorySortKey(item: ListedItem, field: string): string {
  if (field === "seriale") return item.seriale ?? "";
  if (field === "categoria") return item.categoria_nome ?? "";
  if (field === "data_aggiunta") return item.data_aggiunta ?? "";
  return item.nome;
}

const lowStock = (item: ListedItem) => isLowStock(item.unita_disponibili ?? 0, item.quantita_totale ?? 0);

/** Whether an item passes the spec's filters of the query (src/modules/inventory/list-query.ts). */
function passesInventoryFilters(item: ListedItem, query: Record<string, string>): boolean {
  const { search, categoria, corso, stato, dateFrom, dateTo } = query;
  const term = search?.trim().toLowerCase();
  const searched = [item.nome, item.seriale, item.note, ...(item.unita ?? []).map((unit) => unit.codice_univoco)];
  const added = (item.data_aggiunta ?? "").slice(0, 10);
  return (
    (!term || searched.some((text) => text?.toLowerCase().includes(term))) &&
    (!categoria || String(item.categoria_id) === categoria) &&
    (!corso || (item.corsi_assegnati ?? []).includes(corso)) &&
    (!stato || (stato === "scorte_basse" ? lowStock(item) : item.stato_effettivo === stato)) &&
    (!dateFrom || added >= dateFrom) &&
    (!dateTo || added <= dateTo)
  );
}

/**
 * `GET /api/inventario` over these items: `search` in name, serial, notes and unit codes, the spec's
 * filters, `sortBy`/`sortOrder` (ties by name), whole or paged.
 */
export function inventoryRoute(items: Items): ApiRoutes[string] {
  return (call: ApiCall) => {
    const { sortBy = "nome", sortOrder, pagina, per_pagina } = call.query;
    const direction = sortOrder === "desc" ? -1 : 1;
    const matching = itemsOf(items)
      .filter((item) => passesInventoryFilters(item, call.query))
      .sort(
        (a, b) =>
          direction * byText(inventorySortKey(a, sortBy), inventorySortKey(b, sortBy)) || byText(a.nome, b.nome),
      );
    return { body: pagina === undefined ? matching : pageOf(matching, pagina, per_pagina) };
  };
}

/** `GET /api/inventario/riepilogo` over these items: the summary cards' totals. */
export function inventorySummaryRoute(items: Items): ApiRoutes[string] {
  return () => {
    const all = itemsOf(items);
    return {
      body: {
        articoli_totali: all.length,
        unita_totali: all.reduce((sum, item) => sum + (item.quantita_totale ?? 0), 0),
        in_riparazione: all.filter((item) => item.stato_effettivo === "in_riparazione").length,
        scorte_basse: all.filter(lowStock).length,
      },
    };
  };
}
