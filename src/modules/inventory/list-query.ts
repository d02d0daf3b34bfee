import { and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categorie, inventario, unita } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { qualified } from "../../db/sql";
import { isIsoDate } from "../../domain/dates";
import { isLowStock } from "../../domain/stock-level";
import { ITEM_STATES, type ItemState, itemState, UNIT_STATES } from "../../domain/unit-state";
import { badRequest } from "../../http/errors";
import { type Page, type PagedAnswer, type PageQuery, pageOf, pageOfRows } from "../paging";
import { type ItemView, itemsOfCourse, loadItemViews } from "./item-views";
import { unitCountsByItem } from "./unit-status";

/**
 * The inventory's list on the server: the spec's filters (search, category, course, status, dates
 * added, order) and, with `pagina`, one page `{ elementi, totale, pagina, per_pagina }`. Only the page's
 * items are built with their units; the filters and the order run in SQL.
 */
export interface InventoryQuery extends PageQuery {
  search?: string;
  categoria?: string;
  corso?: string;
  stato?: string;
  dateFrom?: string;
  dateTo?: string;
  sortBy?: string;
  sortOrder?: string;
}

export const INVENTORY_SORT_FIELDS = ["nome", "seriale", "categoria", "data_aggiunta"] as const;
/** The status filter also offers the low-stock rule next to the effective states. */
export const LOW_STOCK = "scorte_basse";
const STATUS_FILTERS: readonly string[] = [...ITEM_STATES, LOW_STOCK];

/** What narrows the list: a student's course always does. */
export interface InventoryScope {
  course?: string;
}

function searchText(value: string | undefined): string | null {
  const term = value?.trim();
  if (!term) return null;
  if (term.length > 100) throw badRequest("Testo di ricerca troppo lungo (massimo 100 caratteri)");
  return term;
}

function optionalDate(value: string | undefined): string | null {
  if (!value) return null;
  if (!isIsoDate(value)) throw badRequest("Data non valida (formato AAAA-MM-GG)");
  return value;
}

function categoryId(value: string | undefined): number | null {
  if (!value) return null;
  const id = Number(value);
  if (!/^\d{1,9}$/.test(value) || id < 1) throw badRequest("Categoria non valida");
  return id;
}

/** Items whose name, serial number or notes, or one of whose unit codes, contain the term. */
export function itemsContaining(term: string): SQL {
  return sql`(${qualified(inventario.id)} IN (${rowsContaining("inventario_fts", term)})
    OR ${qualified(inventario.id)} IN (SELECT ${qualified(unita.inventarioId)} FROM ${unita}
      WHERE ${qualified(unita.id)} IN (${rowsContaining("unita_fts", term)})))`;
}

const firstCourse = sql`(select c.nome from inventario_corsi ic join corsi c on c.id = ic.corso_id
  where ic.inventario_id = ${qualified(inventario.id)} order by ic.posizione limit 1)`;

function sortColumn(field: (typeof INVENTORY_SORT_FIELDS)[number]): SQL {
  switch (field) {
    case "nome":
      return sql`${inventario.nome} collate nocase`;
    case "seriale":
      return sql`coalesce(${inventario.seriale}, '') collate nocase`;
    case "categoria":
      // As `categoria_nome` reads: the first course, then the simple category.
      return sql`coalesce(${firstCourse} || ' - ' || ${categorie.nome}, ${firstCourse}, ${categorie.nome}, '') collate nocase`;
    case "data_aggiunta":
      return sql`${inventario.dataAggiunta}`;
  }
}

/** The filters SQL can check, and the asked order (ties by name, then id, as the index reads). */
function itemSelection(query: InventoryQuery, scope: InventoryScope): { where: SQL | undefined; orderBy: SQL[] } {
  const term = searchText(query.search);
  const from = optionalDate(query.dateFrom);
  const to = optionalDate(query.dateTo);
  const course = scope.course ?? (query.corso?.trim() || null);
  if (course && course.length > 100) throw badRequest("Corso non valido");
  const category = categoryId(query.categoria);
  const field = query.sortBy ?? "nome";
  if (!(INVENTORY_SORT_FIELDS as readonly string[]).includes(field)) throw badRequest("Ordinamento non valido");
  if (query.sortOrder !== undefined && query.sortOrder !== "asc" && query.sortOrder !== "desc")
    throw badRequest("Ordine non valido: usa asc o desc");
  const direction = query.sortOrder === "desc" ? desc : asc;
  const byName = sql`${inventario.nome} collate nocase`;
  return {
    where: and(
      isNull(inventario.archivedAt),
      term ? itemsContaining(term) : undefined,
      category ? eq(inventario.categoriaId, category) : undefined,
      course ? itemsOfCourse(course) : undefined,
      from ? gte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, from) : undefined,
      to ? lte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, to) : undefined,
    ),
    orderBy:
      field === "nome"
        ? [direction(byName), direction(inventario.id)]
        : [direction(sortColumn(field as (typeof INVENTORY_SORT_FIELDS)[number])), asc(byName), asc(inventario.id)],
  };
}

function itemIds(db: Db, selection: { where: SQL | undefined; orderBy: SQL[] }, page?: Page): number[] {
  return db
    .select({ id: inventario.id })
    .from(inventario)
    .leftJoin(categorie, eq(categorie.id, inventario.categoriaId))
    .where(selection.where)
    .orderBy(...selection.orderBy)
    .limit(page ? page.size : -1)
    .offset(page ? (page.number - 1) * page.size : 0)
    .all()
    .map((row) => row.id);
}

interface ItemCounts {
  state: ItemState;
  available: number;
  total: number;
}

/** Each item's effective state and unit counts, from its units' states (the open set). */
export function itemCounts(db: Db, today: string): Map<number, ItemCounts> {
  const counts = new Map<number, ItemCounts>();
  for (const [id, units] of unitCountsByItem(db, today)) {
    // The item's state depends only on which unit states occur.
    const present = UNIT_STATES.filter((state) => units[state] > 0);
    const total = UNIT_STATES.reduce((sum, state) => sum + units[state], 0);
    counts.set(id, { state: itemState(present), available: units.disponibile, total });
  }
  return counts;
}

function statusFilter(value: string | undefined): string | null {
  if (!value) return null;
  if (!STATUS_FILTERS.includes(value)) throw badRequest("Stato non valido");
  return value;
}

/**
 * The items of the inventory (or of a student's course) passing the query: the whole array for the
 * spec's plain call, one page when `pagina` or `per_pagina` is given.
 */
export function listInventory(
  db: Db,
  today: string,
  query: InventoryQuery,
  scope: InventoryScope = {},
): ItemView[] | PagedAnswer<ItemView> {
  const page = pageOf(query);
  const status = statusFilter(query.stato);
  const selection = itemSelection(query, scope);
  if (status) {
    // The state is derived, not stored: the filtered ids are narrowed by the per-item counts.
    const counts = itemCounts(db, today);
    const ids = itemIds(db, selection).filter((id) => {
      const item = counts.get(id);
      if (!item) return status === "non_disponibile";
      return status === LOW_STOCK ? isLowStock(item.available, item.total) : item.state === status;
    });
    if (!page) return itemViewsInOrder(db, today, ids);
    const answer = pageOfRows(ids, page);
    return { ...answer, elementi: itemViewsInOrder(db, today, answer.elementi) };
  }
  if (!page) return itemViewsInOrder(db, today, itemIds(db, selection));
  const total = db.select({ n: count() }).from(inventario).where(selection.where).get()?.n ?? 0;
  const elementi = itemViewsInOrder(db, today, itemIds(db, selection, page));
  return { elementi, totale: total, pagina: page.number, per_pagina: page.size };
}

/** Beyond this many items, building every item costs less than a long list of ids. */
const BY_IDS_UP_TO = 500;

function itemViewsInOrder(db: Db, today: string, ids: number[]): ItemView[] {
  if (ids.length === 0) return [];
  const views = loadItemViews(db, today, ids.length > BY_IDS_UP_TO ? {} : { ids });
  const byId = new Map(views.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The inventory's summary cards, over every listed item: one aggregate answer instead of the whole list. */
export function inventorySummary(db: Db, today: string) {
  const counts = [...itemCounts(db, today).values()];
  const items = db.select({ n: sql<number>`count(*)` }).from(inventario).where(isNull(inventario.archivedAt)).get();
  return {
    articoli_totali: items?.n ?? 0,
    unita_totali: counts.reduce((sum, item) => sum + item.total, 0),
    in_riparazione: counts.filter((item) => item.state === "in_riparazione").length,
    scorte_basse: counts.filter((item) => isLowStock(item.available, item.total)).length,
  };
}
