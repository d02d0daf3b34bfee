import { and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { listedItemsOfCourse } from "../../access";
import type { Db } from "../../db/client";
import { categorie, inventario, unita } from "../../db/schema";
import { keptPerTerm, rowsContaining, unitsOfItemsNotNamed } from "../../db/search";
import { qualified } from "../../db/sql";
import { type InventorySortField, LOW_STOCK } from "../../domain/inventory-list";
import { isLowStock } from "../../domain/stock-level";
import { gzippedList, itemCounts, itemCountTotals } from "../../read-model";

import { arrayText, jsonText, pageText } from "../json-text";
import { type Page, pageOf, pageOfRows } from "../paging";
import { type ItemTexts, itemTexts } from "./item-views";
import type { InventoryQuery } from "./model";

/**
 * The inventory's list on the server: the spec's filters (search, category, course, status, dates
 * added, order) and, with `pagina`, one page `{ elementi, totale, pagina, per_pagina }`. Only the page's
 * items are built with their units; the filters and the order run in SQL. The query's shape is checked
 * by its schema (model.ts) before it gets here.
 */

/**
 * What narrows the list (a student's course always does), and which of an item's views the caller gets:
 * `view` on a page, `wholeView` in the spec's whole array.
 */
export interface InventoryScope {
  course?: string;
  view: keyof ItemTexts;
  wholeView: keyof ItemTexts;
}

/** The desk's inventory: every item with its units; the whole array carries the spec's fields only. */
export const WHOLE_ITEMS: InventoryScope = { view: "inventory", wholeView: "whole" };

/** The catalogue: items as a student sees them, without units. */
export const CATALOGUE: InventoryScope = { view: "catalogue", wholeView: "catalogue" };

/**
 * Items whose name, serial number or notes, or one of whose unit codes, contain the term. Unit codes
 * mostly repeat their item's name, so only the units of items whose name does not match are read: at 5x
 * "canon" is in 2,594 codes, and reading each one's item made the count grow faster than the matches.
 */
export function itemsContaining(term: string): SQL {
  return sql`(${qualified(inventario.id)} IN (${rowsContaining("inventario_fts", term)})
    OR ${qualified(inventario.id)} IN (SELECT ${qualified(unita.inventarioId)} FROM ${unita}
      WHERE ${qualified(unita.id)} IN (${unitsOfItemsNotNamed(term)})))`;
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
interface ItemSelection {
  where: SQL | undefined;
  orderBy: SQL[];
  /** No filter but the course (when any) narrows the list: its total comes from indexes alone. */
  onlyCourse: { course: string | null } | null;
}

function itemSelection(query: InventoryQuery, scope: { course?: string }): ItemSelection {
  const term = query.search?.trim();
  const course = scope.course ?? (query.corso?.trim() || null);
  const field = query.sortBy ?? "nome";
  const direction = query.sortOrder === "desc" ? desc : asc;
  const byName = sql`${inventario.nome} collate nocase`;
  return {
    onlyCourse: term || query.categoria || query.dateFrom || query.dateTo ? null : { course },
    where: and(
      isNull(inventario.archivedAt),
      term ? itemsContaining(term) : undefined,
      query.categoria ? eq(inventario.categoriaId, Number(query.categoria)) : undefined,
      course ? listedItemsOfCourse(course) : undefined,
      query.dateFrom ? gte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, query.dateFrom) : undefined,
      query.dateTo ? lte(sql`substr(${inventario.dataAggiunta}, 1, 10)`, query.dateTo) : undefined,
    ),
    orderBy:
      field === "nome"
        ? [direction(byName), direction(inventario.id)]
        : [direction(sortColumn(field)), asc(byName), asc(inventario.id)],
  };
}

/**
 * How many items there are (never archived ones), or how many a course has: from an index, or from the
 * counts kept per course (migration 0023), less the archived ones, which are few and have an index of
 * their own. Counting through every item's row (and, for a course, its assignments) grew with the
 * academy: 3.9 ms for a course at five times the default size, 0.12 from indexes, 0.01 kept.
 */
export function listedItems(db: Db, course: string | null): number {
  const [[listed = 0] = []] = course
    ? db.values<[number]>(sql`SELECT coalesce((SELECT quanti FROM oggetti_per_corso WHERE corso_id = c.id), 0)
        - (SELECT count(*) FROM inventario i WHERE i.archived_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM inventario_corsi ic WHERE ic.inventario_id = i.id AND ic.corso_id = c.id))
        FROM corsi c WHERE c.nome = ${course}`)
    : db.values<[number]>(sql`SELECT (SELECT count(*) FROM inventario)
        - (SELECT count(*) FROM inventario WHERE archived_at IS NOT NULL)`);
  return listed;
}

function itemIds(db: Db, selection: Pick<ItemSelection, "where" | "orderBy">, page?: Page): number[] {
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
 * The listed items a term matches, in one of the orders the searched text decides (name, serial, date
 * added): kept until that text changes, so that a search left open costs its page while loans, requests and
 * returns go on. The category order reads category and course names, which that version does not follow.
 */
const listedMatches = keptPerTerm(
  (db, term, order) => {
    const [sortBy, sortOrder] = order.split(" ") as [InventorySortField, "asc" | "desc"];
    return itemIds(db, itemSelection({ search: term, sortBy, sortOrder }, {}));
  },
  (ids) => ids.length,
);

/** The kept form of a search alone over the whole inventory, when its order allows one. */
function keptSearchOf(query: InventoryQuery, scope: InventoryScope): { term: string; order: string } | null {
  const term = query.search?.trim();
  const sortBy = query.sortBy ?? "nome";
  const narrowed = query.stato || query.categoria || query.corso?.trim() || query.dateFrom || query.dateTo;
  if (!term || narrowed || scope.course || sortBy === "categoria") return null;
  return { term, order: `${sortBy} ${query.sortOrder === "desc" ? "desc" : "asc"}` };
}

/**
 * The items of the inventory (or of a student's course) passing the query: one page when `pagina` or
 * `per_pagina` is given, else the spec's whole array, gzipped from kept pieces (gzipped-list.ts).
 * The answer is JSON text built from each item's text (json-text.ts).
 */
export function listInventory(
  db: Db,
  today: string,
  query: InventoryQuery,
  scope: InventoryScope,
): Response | Promise<Response> {
  const page = pageOf(query);
  const status = query.stato;
  const selection = itemSelection(query, scope);
  const texts = (ids: number[]) => textsInOrder(db, today, ids, scope.view);
  const wholeTexts = (ids: number[]) => textsInOrder(db, today, ids, scope.wholeView);
  if (status) {
    // The state is derived, not stored: the filtered ids are narrowed by the per-item counts.
    const counts = itemCounts(db, today);
    const ids = itemIds(db, selection).filter((id) => {
      const item = counts.get(id);
      if (!item) return status === "non_disponibile";
      return status === LOW_STOCK ? isLowStock(item.available, item.total) : item.state === status;
    });
    if (!page) return jsonText(arrayText(wholeTexts(ids)));
    const answer = pageOfRows(ids, page);
    return jsonText(pageText(texts(answer.elementi), answer));
  }
  // The whole list, kept gzipped in pieces under its view and filters: a write compresses again only
  // the pieces of the items it changed.
  if (!page) return gzippedList(JSON.stringify([scope, query]), itemIds(db, selection), wholeTexts);
  const keptSearch = keptSearchOf(query, scope);
  if (keptSearch) {
    const answer = pageOfRows(listedMatches(db, keptSearch.term, keptSearch.order), page);
    return jsonText(pageText(texts(answer.elementi), answer));
  }
  const total = selection.onlyCourse
    ? listedItems(db, selection.onlyCourse.course)
    : (db.select({ n: count() }).from(inventario).where(selection.where).get()?.n ?? 0);
  const elements = texts(itemIds(db, selection, page));
  return jsonText(pageText(elements, { totale: total, pagina: page.number, per_pagina: page.size }));
}

/** The texts of these items in this order, in this view (an item archived meanwhile is left out). */
function textsInOrder(db: Db, today: string, ids: number[], view: keyof ItemTexts): string[] {
  const texts = itemTexts(db, today, ids);
  return ids.flatMap((id) => texts.get(id)?.[view] ?? []);
}

/** The inventory's summary cards, over every listed item: one aggregate answer instead of the whole list. */
export function inventorySummary(db: Db, today: string) {
  const totals = itemCountTotals(db, today);

  return {
    articoli_totali: listedItems(db, null),
    unita_totali: totals.units,
    in_riparazione: totals.inRepair,
    scorte_basse: totals.lowStock,
  };
}
