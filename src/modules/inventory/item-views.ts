import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categorie, corsi, inventario, inventarioCorsi } from "../../db/schema";
import { inIds, qualified } from "../../db/sql";
import { itemState } from "../../domain/unit-state";
import type { CatalogueItem, InventoryItem } from "./model";
import { type ItemCounts, itemCounts } from "./unit-counts";
import { loadUnitViews, type OpenHoldings } from "./unit-status";

/** An item as the API shows it (model.ts's `inventoryItem`). */
export type ItemView = InventoryItem;

export interface ItemFilter {
  ids?: number[];
  /** Only items assigned to this course (what a student may see). */
  course?: string;
  /** The open set, when the caller read it already (a whole list built stretch by stretch reads it once). */
  open?: OpenHoldings;
}

/** Items assigned to the course (what a student may see). */
export function itemsOfCourse(course: string): SQL {
  return sql`exists(select 1 from inventario_corsi ic join corsi c on c.id = ic.corso_id
    where ic.inventario_id = ${qualified(inventario.id)} and c.nome = ${course})`;
}

/** An item's own fields, its category and its courses: what every view of an item starts from. */
interface ItemRow {
  item: typeof inventario.$inferSelect;
  categoryName: string | null;
  courses: string[];
}

const isRestricted = (filter: ItemFilter) => Boolean(filter.ids || filter.course);

/** Items (never archived ones) passing the filter, alphabetical, with their category names and courses. */
function loadItemRows(db: Db, filter: ItemFilter): ItemRow[] {
  const conditions: SQL[] = [isNull(inventario.archivedAt)];
  if (filter.ids) conditions.push(inIds(inventario.id, filter.ids));
  if (filter.course) conditions.push(itemsOfCourse(filter.course));
  const items = db
    .select({ item: inventario, categoryName: categorie.nome })
    .from(inventario)
    .leftJoin(categorie, eq(categorie.id, inventario.categoriaId))
    .where(and(...conditions))
    // Alphabetical as a person reads it: "lente" before "Zaino".
    .orderBy(sql`${inventario.nome} collate nocase`, asc(inventario.id))
    .all();
  if (items.length === 0) return [];
  const itemIds = items.map(({ item }) => item.id);
  // For the full list, reading every assignment is cheaper than a long IN list.
  const courseRows = db
    .select({ itemId: inventarioCorsi.inventarioId, nome: corsi.nome })
    .from(inventarioCorsi)
    .innerJoin(corsi, eq(corsi.id, inventarioCorsi.corsoId))
    .where(isRestricted(filter) ? inIds(inventarioCorsi.inventarioId, itemIds) : undefined)
    .orderBy(asc(inventarioCorsi.posizione), asc(corsi.nome))
    .all();
  const coursesByItem = groupBy(courseRows, (row) => row.itemId);
  return items.map(({ item, categoryName }) => ({
    item,
    categoryName,
    courses: (coursesByItem.get(item.id) ?? []).map((row) => row.nome),
  }));
}

/** What an item shows in the catalogue, given its counts (model.ts's `catalogueItem`). */
function catalogueFields({ item, categoryName, courses }: ItemRow, counts: ItemCounts): CatalogueItem {
  const madre = courses[0] ?? null;
  return {
    id: item.id,
    nome: item.nome,
    note: item.note,
    posizione: item.posizione,
    scaffale: item.posizione,
    seriale: item.seriale,
    immagine_url: item.immagineUrl,
    tipo_prestito: item.tipoPrestito,
    categoria_id: item.categoriaId,
    categoria_nome: [madre, categoryName].filter(Boolean).join(" - ") || null,
    categoria_madre: madre,
    categoria_figlia: categoryName,
    corsi_assegnati: courses,
    quantita_totale: counts.total,
    unita_disponibili: counts.available,
    stato_effettivo: counts.state,
    data_aggiunta: item.dataAggiunta,
  };
}

/** Items (never archived ones) with their courses, category names, units and derived states. */
export function loadItemViews(db: Db, today: string, filter: ItemFilter = {}): ItemView[] {
  const rows = loadItemRows(db, filter);
  if (rows.length === 0) return [];
  const itemIds = rows.map(({ item }) => item.id);
  const unitsByItem = groupBy(
    loadUnitViews(db, today, { ...(isRestricted(filter) ? { itemIds } : {}), open: filter.open }),
    (unit) => unit.inventario_id,
  );
  return rows.map((row) => {
    const units = unitsByItem.get(row.item.id) ?? [];
    const counts = {
      total: units.length,
      available: units.filter((unit) => unit.stato === "disponibile").length,
      state: itemState(units.map((unit) => unit.stato)),
    };
    return {
      ...catalogueFields(row, counts),
      fornitore: row.item.fornitore,
      checklist: row.item.checklist,
      durata_massima_giorni: row.item.durataMassimaGiorni,
      hasMultipleUnits: units.length > 1,
      unita: units,
    };
  });
}

/**
 * Items as the catalogue lists them: their counts come from the per-item counts kept between writes
 * (unit-counts.ts), so no unit is read.
 */
export function loadCatalogueViews(db: Db, today: string, filter: ItemFilter = {}): CatalogueItem[] {
  const rows = loadItemRows(db, filter);
  if (rows.length === 0) return [];
  const counts = itemCounts(db, today);
  const none: ItemCounts = { total: 0, available: 0, state: itemState([]) };
  return rows.map((row) => catalogueFields(row, counts.get(row.item.id) ?? none));
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Drops what a student must not see on an item: which loan holds each unit. */
export function studentItemView(item: ItemView): ItemView {
  return { ...item, unita: item.unita.map((unit) => ({ ...unit, prestito_corrente_id: null })) };
}
