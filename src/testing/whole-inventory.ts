import { listedUnit, wholeInventoryItem } from "../modules/inventory/model";
import type { Json } from "./harness";

const WHOLE_FIELDS = Object.keys(wholeInventoryItem.properties);
const UNIT_FIELDS = Object.keys(listedUnit.properties);

const picked = (value: Json, fields: string[]) => Object.fromEntries(fields.map((field) => [field, value[field]]));

/** An item of the desk's view (a page, one item) as the spec's whole inventory carries it, in its field order. */
export function asWholeInventoryItem(item: Json): Json {
  return { ...picked(item, WHOLE_FIELDS), unita: (item.unita as Json[]).map((unit) => picked(unit, UNIT_FIELDS)) };
}
