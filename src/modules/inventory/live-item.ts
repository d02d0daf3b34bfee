import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventario } from "../../db/schema";
import { notFound } from "../../http/errors";

/**
 * The item `id` while it is still in the inventory (not archived): what every call about one item starts
 * from, answering 404 "Articolo non trovato" otherwise.
 */
export function liveItem(db: Db, id: number) {
  const item = db
    .select()
    .from(inventario)
    .where(and(eq(inventario.id, id), isNull(inventario.archivedAt)))
    .get();
  if (!item) throw notFound("Articolo non trovato");
  return item;
}
