import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categorie, corsi, inventario, inventarioCorsi } from "../../db/schema";
import { inIds, qualified } from "../../db/sql";
import { itemState } from "../../domain/unit-state";
import type { CatalogueItem, InventoryItem } from "./model";
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

/** Items (never archived ones) with their courses, category names, units and derived states. */
export function loadItemViews(db: Db, today: string, filter: ItemFilter = {}): ItemView[] {
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
  const restrict = filter.ids || filter.course;
  const courseRows = db
    .select({ itemId: inventarioCorsi.inventarioId, nome: corsi.nome })
    .from(inventarioCorsi)
    .innerJoin(corsi, eq(corsi.id, inventarioCorsi.corsoId))
    .where(restrict ? inIds(inventarioCorsi.inventarioId, itemIds) : undefined)
    .orderBy(asc(inventarioCorsi.posizione), asc(corsi.nome))
    .all();
  const coursesByItem = groupBy(courseRows, (row) => row.itemId);
  const unitsByItem = groupBy(
    loadUnitViews(db, today, { ...(restrict ? { itemIds } : {}), open: filter.open }),
    (unit) => unit.inventario_id,
  );
  return items.map(({ item, categoryName }) => {
    const units = unitsByItem.get(item.id) ?? [];
    const courses = (coursesByItem.get(item.id) ?? []).map((row) => row.nome);
    const madre = courses[0] ?? null;
    return {
      id: item.id,
      nome: item.nome,
      note: item.note,
      posizione: item.posizione,
      scaffale: item.posizione,
      fornitore: item.fornitore,
      seriale: item.seriale,
      checklist: item.checklist,
      immagine_url: item.immagineUrl,
      tipo_prestito: item.tipoPrestito,
      durata_massima_giorni: item.durataMassimaGiorni,
      categoria_id: item.categoriaId,
      categoria_nome: [madre, categoryName].filter(Boolean).join(" - ") || null,
      categoria_madre: madre,
      categoria_figlia: categoryName,
      corsi_assegnati: courses,
      quantita_totale: units.length,
      unita_disponibili: units.filter((unit) => unit.stato === "disponibile").length,
      stato_effettivo: itemState(units.map((unit) => unit.stato)),
      hasMultipleUnits: units.length > 1,
      data_aggiunta: item.dataAggiunta,
      unita: units,
    };
  });
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

/** An item as the catalogue lists it (model.ts's `catalogueItem`). */
export function catalogueItemView(item: ItemView): CatalogueItem {
  return {
    id: item.id,
    nome: item.nome,
    note: item.note,
    posizione: item.posizione,
    scaffale: item.scaffale,
    seriale: item.seriale,
    immagine_url: item.immagine_url,
    tipo_prestito: item.tipo_prestito,
    categoria_id: item.categoria_id,
    categoria_nome: item.categoria_nome,
    categoria_madre: item.categoria_madre,
    categoria_figlia: item.categoria_figlia,
    corsi_assegnati: item.corsi_assegnati,
    quantita_totale: item.quantita_totale,
    unita_disponibili: item.unita_disponibili,
    stato_effettivo: item.stato_effettivo,
    data_aggiunta: item.data_aggiunta,
  };
}
