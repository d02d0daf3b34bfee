import { and, eq, isNull, sql } from "drizzle-orm";
import { visibleItemsCondition } from "../../access";
import type { Actor } from "../../actor";
import type { Db } from "../../db/client";
import { foto, inventario } from "../../db/schema";
import { inIds } from "../../db/sql";
import { photoUrl } from "../../domain/photos";
import { notFound } from "../../http/errors";

/** A photo as lists answer it: `unita_id` names the unit it shows, null for the whole item. */
export interface ListedPhoto {
  id: number;
  url: string;
  unita_id: number | null;
}

/** An item's photos (its units' included, its fault reports' not), oldest first, to whoever sees the item. */
export function listItemPhotos(db: Db, actor: Actor, itemId: number): ListedPhoto[] {
  const item = db
    .select({ id: inventario.id })
    .from(inventario)
    .where(and(eq(inventario.id, itemId), isNull(inventario.archivedAt), visibleItemsCondition(actor)))
    .get();
  if (!item) throw notFound("Articolo non trovato");
  return db
    .select({ id: foto.id, unitId: foto.unitaId })
    .from(foto)
    .where(and(eq(foto.inventarioId, itemId), isNull(foto.segnalazioneId)))
    .orderBy(foto.id)
    .all()
    .map((row) => ({ id: row.id, url: photoUrl(row.id), unita_id: row.unitId }));
}

/** The photos attached to these fault reports, oldest first, by report. */
export function photosOfReports(db: Db, reportIds: number[]): Map<number, string[]> {
  const byReport = new Map<number, string[]>();
  if (reportIds.length === 0) return byReport;
  const rows = db
    .select({ id: foto.id, reportId: foto.segnalazioneId })
    .from(foto)
    .where(inIds(foto.segnalazioneId, reportIds))
    .orderBy(foto.id)
    .all();
  for (const row of rows) {
    if (row.reportId === null) continue;
    byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), photoUrl(row.id)]);
  }
  return byReport;
}

/**
 * The picture to show for each unit: its own first photo, else its item's link or first photo of the
 * whole item, else the first photo of another of its units; null when the item has none.
 */
export function pictureOfUnits(db: Db, unitIds: number[]): Map<number, string | null> {
  if (unitIds.length === 0) return new Map();
  const rows = db.all<{ id: number; url: string | null }>(sql`
    SELECT u.id AS id, coalesce(
      (SELECT '/api/foto/' || f.id FROM foto f
        WHERE f.unita_id = u.id AND f.segnalazione_id IS NULL ORDER BY f.id LIMIT 1),
      i.immagine_url,
      (SELECT '/api/foto/' || f.id FROM foto f
        WHERE f.inventario_id = u.inventario_id AND f.segnalazione_id IS NULL
        ORDER BY f.unita_id IS NOT NULL, f.id LIMIT 1)) AS url
    FROM unita u JOIN inventario i ON i.id = u.inventario_id
    WHERE ${inIds(sql`u.id`, unitIds)}`);
  return new Map(rows.map((row) => [row.id, row.url]));
}
