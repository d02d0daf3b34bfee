import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { corsi, inventario } from "../db/schema";
import { listedUnit, wholeInventoryItem } from "../modules/inventory/model";
import type { Json } from "./harness";
import { day } from "./loan-fixtures";

const WHOLE_FIELDS = Object.keys(wholeInventoryItem.properties);
const UNIT_FIELDS = Object.keys(listedUnit.properties);

const picked = (value: Json, fields: string[]) => Object.fromEntries(fields.map((field) => [field, value[field]]));

/** An item of the desk's view (a page, one item) as the spec's whole inventory carries it, in its field order. */
export function asWholeInventoryItem(item: Json): Json {
  return { ...picked(item, WHOLE_FIELDS), unita: (item.unita as Json[]).map((unit) => picked(unit, UNIT_FIELDS)) };
}

/** The id of the photography course every scenario starts with. */
export function photographyCourseId(ctx: AppContext): number {
  const course = ctx.db.select({ id: corsi.id }).from(corsi).where(eq(corsi.nome, "Fotografia")).get();
  if (!course) throw new Error("no photography course");
  return course.id;
}

/** Inserts item `index` of a long list of `count`, named so that their order by name is not their order by id. */
export function insertNumberedItem(ctx: AppContext, index: number, count: number): number {
  return ctx.db
    .insert(inventario)
    .values({ nome: `Oggetto ${(index * 7919) % count}`, tipoPrestito: "solo_esterno", dataAggiunta: day(0) })
    .returning({ id: inventario.id })
    .get().id;
}
