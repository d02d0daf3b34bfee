import { and, count, eq, isNull } from "drizzle-orm";
import { visiblePhotos, visibleReports } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { foto, segnalazioni, unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { MAX_ITEM_PHOTOS, photoUrl } from "../../domain/photos";
import { badRequest, conflict, notFound } from "../../http/errors";
import { liveItem } from "../inventory/live-item";
import { encodePhoto } from "./photo-jobs";

/** A fault report keeps fewer photos than an item: it only shows the fault. */
export const MAX_REPORT_PHOTOS = 3;

export interface PhotoUpload {
  file?: unknown;
  unita_id?: unknown;
}

export interface SavedPhoto {
  id: number;
  url: string;
}

/** The file of an upload, or an Italian 400 when the form carries none. */
async function uploadedBytes(upload: PhotoUpload): Promise<Uint8Array> {
  if (!(upload.file instanceof Blob) || upload.file.size === 0) throw badRequest("Scegli una foto da caricare");
  return new Uint8Array(await upload.file.arrayBuffer());
}

/** Where a new photo belongs: the item, a unit of it, or a fault report (about that item). */
interface PhotoOwner {
  itemId: number;
  unitId: number | null;
  reportId: number | null;
}

/** How many photos the owner has already, checked again inside the insert: two uploads may race. */
function photosOf(ctx: AppContext, owner: PhotoOwner): number {
  const where = owner.reportId
    ? eq(foto.segnalazioneId, owner.reportId)
    : and(eq(foto.inventarioId, owner.itemId), isNull(foto.segnalazioneId));
  return ctx.db.select({ photos: count() }).from(foto).where(where).get()?.photos ?? 0;
}

async function savePhoto(ctx: AppContext, actor: Actor, owner: PhotoOwner, upload: PhotoUpload, limit: string) {
  const max = owner.reportId ? MAX_REPORT_PHOTOS : MAX_ITEM_PHOTOS;
  if (photosOf(ctx, owner) >= max) throw conflict(limit);
  const photo = await encodePhoto(await uploadedBytes(upload));
  const id = writeTransaction(ctx.db, (tx) => {
    if (photosOf({ ...ctx, db: tx } as AppContext, owner) >= max) throw conflict(limit);
    return tx
      .insert(foto)
      .values({
        inventarioId: owner.itemId,
        unitaId: owner.unitId,
        segnalazioneId: owner.reportId,
        jpeg: Buffer.from(photo.jpeg),
        larghezza: photo.width,
        altezza: photo.height,
        caricataDa: actor.id,
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning({ id: foto.id })
      .get().id;
  });
  return { id, url: photoUrl(id) };
}

/** A photo of an item, or of one of its units (`unita_id`), uploaded by the desk. */
export async function uploadItemPhoto(ctx: AppContext, actor: Actor, itemId: number, upload: PhotoUpload) {
  liveItem(ctx.db, itemId);
  let unitId: number | null = null;
  if (upload.unita_id !== undefined && upload.unita_id !== "") {
    const unit = /^\d{1,12}$/.test(String(upload.unita_id))
      ? ctx.db
          .select({ id: unita.id })
          .from(unita)
          .where(and(eq(unita.id, Number(upload.unita_id)), eq(unita.inventarioId, itemId)))
          .get()
      : undefined;
    if (!unit) throw badRequest("Unità non valida: scegli un'unità di questo articolo");
    unitId = unit.id;
  }
  return savePhoto(
    ctx,
    actor,
    { itemId, unitId, reportId: null },
    upload,
    `Un articolo ha al massimo ${MAX_ITEM_PHOTOS} foto: eliminane una prima di aggiungerne un'altra`,
  );
}

/** A photo of the fault, attached to a report by its author (or the desk). */
export async function uploadReportPhoto(ctx: AppContext, actor: Actor, reportId: number, upload: PhotoUpload) {
  const report = ctx.db
    .select({ itemId: segnalazioni.inventarioId, unitId: segnalazioni.unitId })
    .from(segnalazioni)
    .where(and(eq(segnalazioni.id, reportId), visibleReports(actor, { everyone: true })))
    .get();
  if (!report) throw notFound("Segnalazione non trovata");
  return savePhoto(
    ctx,
    actor,
    { itemId: report.itemId, unitId: report.unitId, reportId },
    upload,
    `Una segnalazione ha al massimo ${MAX_REPORT_PHOTOS} foto`,
  );
}

/** The photo as a JPEG, to whoever may see it (anyone else gets 404, as if it did not exist). */
export function photoResponse(ctx: AppContext, actor: Actor, id: number): Response {
  const photo = ctx.db
    .select({ jpeg: foto.jpeg })
    .from(foto)
    .where(and(eq(foto.id, id), visiblePhotos(actor)))
    .get();
  if (!photo) throw notFound("Foto non trovata");
  return new Response(new Uint8Array(photo.jpeg), {
    // A photo never changes (a new one gets a new id): the browser keeps it for the session's user only.
    headers: { "content-type": "image/jpeg", "cache-control": "private, max-age=86400" },
  });
}

/** Deletes a photo (the desk). */
export function deletePhoto(ctx: AppContext, id: number): { message: string } {
  const deleted = ctx.db.delete(foto).where(eq(foto.id, id)).returning({ id: foto.id }).get();
  if (!deleted) throw notFound("Foto non trovata");
  return { message: "Foto eliminata" };
}
