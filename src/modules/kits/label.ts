import { and, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kit } from "../../db/schema";
import { kitLabelCode, kitLabelUrl } from "../../domain/public-url";
import { notFound } from "../../http/errors";
import type { LabelUnit } from "../counter/labels-pdf";
import { KIT_NOT_FOUND } from "./model";

/**
 * What the labels of these kits carry, in the order asked for: drawn as a unit's label is (same
 * formats, same QR and Code 128), with the code `KIT-n`, the kit's name, and a QR of the kit's page,
 * which the Banco's scan reads as the kit. A deleted kit has no label.
 */
export function kitLabels(db: Db, kitIds: number[], baseUrl: string): LabelUnit[] {
  const rows = db
    .select({ id: kit.id, name: kit.nome })
    .from(kit)
    .where(and(inArray(kit.id, kitIds), isNull(kit.archivedAt)))
    .all();
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return [...new Set(kitIds)].map((id) => {
    const name = names.get(id);
    if (name === undefined) throw notFound(KIT_NOT_FOUND);
    return { code: kitLabelCode(id), itemName: name, url: kitLabelUrl(baseUrl, id) };
  });
}
