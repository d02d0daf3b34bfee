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
function pageOf(rows: Row[], pagina: string, per_pagina: string | undefined) {
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

/** `GET /api/richieste` over these requests (newest first). */
export function requestListRoute(rows: Rows): ApiRoutes[string] {
  return listRoute(rows, REQUEST_SEARCH_FIELDS);
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
