import { and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categorie, inventario, unita } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { qualified } from "../../db/sql";
import { type InventorySortField, LOW_STOCK } from "../../domain/inventory-list";
import { isLowStock } from "../../domain/stock-level";
import { type Page, type PagedAnswer, pageOf, pageOfRows } from "../paging";
import { ITEM_STRETCH_ROWS, wholeList } from "../whole-list";
import { type ItemFilter, type ItemView, itemsOfCourse, loadCatalogueViews, loadItemViews } from "./item-views";
import type { CatalogueItem, InventoryQuery } from "./model";
import { itemCounts, itemCountTotals } from "./unit-counts";
import { loadOpenHoldings, type OpenHoldings } from "./unit-status";

/**
 * The inventory's list on the server: the spec's filters (search, category, course, status, dates
 * added, order) and, with `pagina`, one page `{ elementi, totale, pagina, per_pagina }`. Only the page's
 * items are built with their units; the filters and the order run in SQL. The query's shape is checked
 * by its schema (model.ts) before it gets here.
 */

/** What narrows the list (a student's course always does), and how each item is shown to the caller. */
export interface InventoryScope<View extends { id: number }> {
  course?: string;
  /** The views of the items the filter keeps. */
  load: (db: Db, today: string, filter: ItemFilter) => View[];
}

/** The desk's inventory: every item with its units. */
export const WHOLE_ITEMS: InventoryScope<ItemView> = { load: loadItemViews };

/** The catalogue: items as a student sees them, without units. */
export const CATALOGUE: InventoryScope<CatalogueItem> = { load: loadCatalogueViews };

/** Items whose name, serial number or notes, or one of whose unit codes, contain the term. */
export function itemsContaining(term: string): SQL {
  return sql`(${qualified(inventario.id)} IN (${rowsContaining("inventario_fts", term)})
    OR ${qualified(inventario.id)} IN (SELECT ${qualified(unita.inventarioId)} FROM ${unita}
      WHERE ${qualified(unita.id)} IN (${rowsContaining("unita_fts", term)})))`;
}

const firstCourse = sql`(select c.nome from inventario_corsi ic join corsi c on c.id = ic.corso_id
  where ic.inventario_id = ${qualified(inventario.id)} order by ic.posizione limit 1)`;

const categoryName = sql`(select ${categorie.nome} from ${categorie} where ${categorie.id} = ${qualified(inventario.categoriaId)})`;

function sortColumn(field: InventorySortField): SQL {
  switch (field) {
    case "nome":
      return sql`${inventario.nome} collate nocase`;
    case "seriale":
      return sql`coalesce(${inventario.seriale}, '') collate nocase`;
    case "categoria":
      // As `categoria_nome` reads: the first course, then the simple category.
      return sql`coalesce(${firstCourse} || ' - ' || ${categoryName}, ${firstCourse}, ${categoryName}, '') collate nocase`;
    case "data_aggiunta":
      return sql`${inventario.dataAggiunta}`;
  }
}

/** The filters SQL can check, and the asked order (ties by name, then id, as the index reads). */
function itemSelection(query: InventoryQuery, scope: { course?: string }): { where: SQL | undefined; orderBy: SQL[] } {
  const term = query.search?.trim();
  const course = scope.course ?? (query.corso?.trim() || null);
  const field = query.sortBy ?? "nome";
  const direction = query.sortOrder === "desc" ? desc : asc;
  const byName = sql`${inventario.nome} collate nocase`;
  return {
    where: and(
      isNull(inventario.archivedAt),
      term ? itemsContaining(term) : undefined,
      query.categoria ? eq(inventario.categoriaId, Number(query.categoria)) : undefined,
      course ? itemsOfCourse(course) : undefined,
      query.dateFrom ? gte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, query.dateFrom) : undefined,
      query.dateTo ? lte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, query.dateTo) : undefined,
    ),
    orderBy:
      field === "nome"
        ? [direction(byName), direction(inventario.id)]
        : [direction(sortColumn(field)), asc(byName), asc(inventario.id)],
  };
}

function itemIds(db: Db, selection: { where: SQL | undefined; orderBy: SQL[] }, page?: Page): number[] {
  return db
    .select({ id: inventario.id })
    .from(inventario)
    .where(selection.where)
    .orderBy(...selection.orderBy)
    .limit(page ? page.size : -1)
    .offset(page ? (page.number - 1) * page.size : 0)
    .all()
    .map((row) => row.id);
}

/**
 * The items of the inventory (or of a student's course) passing the query: one page when `pagina` or
 * `per_pagina` is given, else the spec's whole array, streamed in stretches when it is long (whole-list.ts).
 */
export function listInventory<View extends { id: number }>(
  db: Db,
  today: string,
  query: InventoryQuery,
  scope: InventoryScope<View>,
): View[] | PagedAnswer<View> | Response {
  const page = pageOf(query);
  const status = query.stato;
  const selection = itemSelection(query, scope);
  const views = (ids: number[], open?: OpenHoldings) => itemViewsInOrder(db, today, ids, scope, open);
  if (status) {
    // The state is derived, not stored: the filtered ids are narrowed by the per-item counts.
    const counts = itemCounts(db, today);
    const ids = itemIds(db, selection).filter((id) => {
      const item = counts.get(id);
      if (!item) return status === "non_disponibile";
      return status === LOW_STOCK ? isLowStock(item.available, item.total) : item.state === status;
    });
    if (!page) return views(ids);
    const answer = pageOfRows(ids, page);
    return { ...answer, elementi: views(answer.elementi) };
  }
  if (!page) {
    // Read once for every stretch: a stretch's units scoped by id would read each unit's whole history.
    const open = loadOpenHoldings(db, today, null);
    return wholeList({
      db,
      table: inventario,
      id: inventario.id,
      ...selection,
      load: (stretch) => views(itemIds(db, { where: stretch, orderBy: selection.orderBy }), open),
      stretchRows: ITEM_STRETCH_ROWS,
    });
  }
  const total = db.select({ n: count() }).from(inventario).where(selection.where).get()?.n ?? 0;
  return { elementi: views(itemIds(db, selection, page)), totale: total, pagina: page.number, per_pagina: page.size };
}

/**
 * Beyond this many items, building every item costs less than a long list of ids. A stretch of the whole
 * list is always read by its ids: building every item for each stretch made the whole inventory at 5x
 * cost 964 ms instead of 403.
 */
const BY_IDS_UP_TO = ITEM_STRETCH_ROWS;

function itemViewsInOrder<View extends { id: number }>(
  db: Db,
  today: string,
  ids: number[],
  scope: InventoryScope<View>,
  open?: OpenHoldings,
): View[] {
  if (ids.length === 0) return [];
  const views = scope.load(db, today, { ...(ids.length > BY_IDS_UP_TO ? {} : { ids }), open });
  const byId = new Map(views.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The inventory's summary cards, over every listed item: one aggregate answer instead of the whole list. */
export function inventorySummary(db: Db, today: string) {
  const totals = itemCountTotals(db, today);
  const items = db.select({ n: sql<number>`count(*)` }).from(inventario).where(isNull(inventario.archivedAt)).get();
  return {
    articoli_totali: items?.n ?? 0,
    unita_totali: totals.units,
    in_riparazione: totals.inRepair,
    scorte_basse: totals.lowStock,
  };
}
