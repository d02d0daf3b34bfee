import { and, isNull, type SQL, sql } from "drizzle-orm";
import { itemsOfCourse } from "../../access";
import type { Db } from "../../db/client";
import { inventario, inventarioCorsi } from "../../db/schema";
import { inIds } from "../../db/sql";
import { type FreeToday, itemFreeToday } from "../../domain/availability";
import { itemState } from "../../domain/unit-state";
import { type ItemCounts, keptPerItem } from "../../read-model";
import { freeTodayFields } from "../availability/today";
import { catalogueItem, type InventoryItem, inventoryUnit, listedUnit, wholeInventoryItem } from "./model";
import { loadUnitViews, type UnitView } from "./unit-status";

/** An item as the API shows it (model.ts's `inventoryItem`). */
export type ItemView = InventoryItem;

export interface ItemFilter {
  ids?: number[];
  /** Only items assigned to this course (what a student may see). */
  course?: string;
}

/** An item's own fields, its category and its courses: what every view of an item starts from. */
interface ItemRow {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  fornitore: string | null;
  marca: string | null;
  modello: string | null;
  seriale: string | null;
  immagineUrl: string | null;
  tipoPrestito: InventoryItem["tipo_prestito"];
  categoriaId: number | null;
  dataAggiunta: string;
  durataMassimaGiorni: number | null;
  checklist: string | null;
  categoryName: string | null;
  courses: string[];
}

type ItemRowValues = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  InventoryItem["tipo_prestito"],
  number | null,
  string,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

/**
 * These items (never archived ones) with their category names and courses. Plain rows: the query
 * builder's row objects for a whole inventory cost more than reading it.
 */
function loadItemRows(db: Db, itemIds: readonly number[]): ItemRow[] {
  const items = db.values<ItemRowValues>(
    // Without a link of its own, an item's picture is its first photo (src/modules/photos).
    sql`SELECT inventario.id, inventario.nome, inventario.note, posizione, fornitore, seriale,
      coalesce(immagine_url, (SELECT '/api/foto/' || foto.id FROM foto WHERE foto.inventario_id = inventario.id
        AND foto.segnalazione_id IS NULL ORDER BY foto.id LIMIT 1)),
      tipo_prestito, categoria_id, data_aggiunta, durata_massima_giorni, checklist, categorie.nome, marca, modello
      FROM inventario LEFT JOIN categorie ON categorie.id = inventario.categoria_id
      WHERE ${and(isNull(inventario.archivedAt), inIds(inventario.id, itemIds))}`,
  );
  if (items.length === 0) return [];
  const coursesByItem = new Map<number, string[]>();
  for (const [itemId, course] of db.values<[number, string]>(
    sql`SELECT inventario_corsi.inventario_id, corsi.nome FROM inventario_corsi
      JOIN corsi ON corsi.id = inventario_corsi.corso_id
      WHERE ${inIds(
        inventarioCorsi.inventarioId,
        items.map(([id]) => id),
      )}
      ORDER BY inventario_corsi.posizione, corsi.nome`,
  )) {
    const courses = coursesByItem.get(itemId);
    if (courses) courses.push(course);
    else coursesByItem.set(itemId, [course]);
  }
  return items.map((row) => ({
    id: row[0],
    nome: row[1],
    note: row[2],
    posizione: row[3],
    fornitore: row[4],
    seriale: row[5],
    immagineUrl: row[6],
    tipoPrestito: row[7],
    categoriaId: row[8],
    dataAggiunta: row[9],
    durataMassimaGiorni: row[10],
    checklist: row[11],
    categoryName: row[12],
    marca: row[13],
    modello: row[14],
    courses: coursesByItem.get(row[0]) ?? [],
  }));
}

/** An item's fields but its units, given its counts, in the order of the answer schema (model.ts's `inventoryItem`). */
function itemFields(item: ItemRow, counts: ItemCounts, free: FreeToday): Omit<InventoryItem, "unita"> {
  const madre = item.courses[0] ?? null;
  return {
    id: item.id,
    nome: item.nome,
    note: item.note,
    posizione: item.posizione,
    scaffale: item.posizione,
    fornitore: item.fornitore,
    marca: item.marca,
    modello: item.modello,
    seriale: item.seriale,
    checklist: item.checklist,
    immagine_url: item.immagineUrl,
    tipo_prestito: item.tipoPrestito,
    durata_massima_giorni: item.durataMassimaGiorni,
    categoria_id: item.categoriaId,
    categoria_nome: [madre, item.categoryName].filter(Boolean).join(" - ") || null,
    categoria_madre: madre,
    categoria_figlia: item.categoryName,
    corsi_assegnati: item.courses,
    quantita_totale: counts.total,
    unita_disponibili: counts.available,
    stato_effettivo: counts.state,
    ...freeTodayFields(free),
    hasMultipleUnits: counts.total > 1,
    data_aggiunta: item.dataAggiunta,
  };
}

/**
 * The catalogue's fields, in the order of its answer schema (model.ts), which is the order Elysia's
 * answer check wrote them in: JSON.stringify writes the fields of a list it is given, in that order.
 */
const CATALOGUE_FIELDS = Object.keys(catalogueItem.properties);

/** A unit's fields inside its item, in the order of its answer schema: its item's id stays out. */
const UNIT_FIELDS = Object.keys(inventoryUnit.properties);

/** The same for the spec's whole inventory (model.ts's `wholeInventoryItem`, `listedUnit`). */
const WHOLE_FIELDS = Object.keys(wholeInventoryItem.properties).filter((field) => field !== "unita");
const LISTED_UNIT_FIELDS = Object.keys(listedUnit.properties);

/**
 * An item's views as JSON text: the desk's (model.ts's `inventoryItem`), the spec's whole inventory's
 * (`wholeInventoryItem`) and the catalogue's (`catalogueItem`).
 */
export interface ItemTexts {
  inventory: string;
  whole: string;
  catalogue: string;
}

/** The texts of these items (never archived ones), built from their rows and their units' states. */
function buildItemTexts(db: Db, today: string, itemIds: number[]): Map<number, ItemTexts> {
  const rows = loadItemRows(db, itemIds);
  const unitsByItem = new Map<number, UnitView[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0)
    for (const unit of loadUnitViews(db, today, { itemIds: rows.map((row) => row.id) }))
      unitsByItem.get(unit.inventario_id)?.push(unit);
  const texts = new Map<number, ItemTexts>();
  for (const row of rows) {
    const units = unitsByItem.get(row.id) ?? [];
    const fields = itemFields(
      row,
      {
        total: units.length,
        available: units.filter((unit) => unit.stato === "disponibile").length,
        state: itemState(units.map((unit) => unit.stato)),
        inRepair: units.filter((unit) => unit.stato === "in_riparazione").length,
      },
      itemFreeToday(units.map((unit) => unit.oggi)),
    );
    texts.set(row.id, {
      // The desk's view ends with the units (model.ts): their text goes in before the closing brace.
      inventory: `${JSON.stringify(fields).slice(0, -1)},"unita":${JSON.stringify(units, UNIT_FIELDS)}}`,
      whole: `${JSON.stringify(fields, WHOLE_FIELDS).slice(0, -1)},"unita":${JSON.stringify(units, LISTED_UNIT_FIELDS)}}`,
      catalogue: JSON.stringify(fields, CATALOGUE_FIELDS),
    });
  }
  return texts;
}

/**
 * The texts of these items, by id (none for an archived one), kept per connection between reads: units
 * are about 60 % of the whole inventory's answer, and reading the items and their units' states and
 * writing them as JSON was most of its cost (500 items, 2,588 units: about 7 ms). A read builds again only
 * the items a write named since the last one (src/read-model/item-journal.ts: the item's own row, its courses, the names
 * of its category and courses, its units and their open records).
 */
export const itemTexts = keptPerItem(buildItemTexts);

/** The ids of the items (never archived ones) passing the filter, alphabetical. */
function itemIdsOf(db: Db, filter: ItemFilter): number[] {
  const conditions: SQL[] = [isNull(inventario.archivedAt)];
  if (filter.ids) conditions.push(inIds(inventario.id, filter.ids));
  if (filter.course) conditions.push(itemsOfCourse(filter.course));
  return db
    .values<[number]>(
      sql`SELECT id FROM inventario WHERE ${and(...conditions)} ORDER BY ${inventario.nome} COLLATE NOCASE, id`,
    )
    .map(([id]) => id);
}

/** Items (never archived ones) with their courses, category names, units and derived states, alphabetical. */
export function loadItemViews(db: Db, today: string, filter: ItemFilter = {}): ItemView[] {
  const ids = itemIdsOf(db, filter);
  const texts = itemTexts(db, today, ids);
  return ids.flatMap((id) => {
    const text = texts.get(id);
    return text ? [JSON.parse(text.inventory) as ItemView] : [];
  });
}

/** Drops what a student must not see on an item: which loan holds each unit, and what each one cost. */
export function studentItemView(item: ItemView): ItemView {
  return {
    ...item,
    unita: item.unita.map((unit) => ({ ...unit, prestito_corrente_id: null, data_acquisto: null, valore: null })),
  };
}
