import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { writeTransaction } from "../../db/transaction";
import { DEMAND_EVENT } from "../../domain/demand";
import { badRequest } from "../../http/errors";
import { optionalText } from "../text-fields";
import { recordDemandStep } from "./events";
import type { EmptySearchBody } from "./model";

/**
 * A student's catalogue search found nothing: the catalogue's list is a GET, which changes no state, so
 * the screen reports the empty search here and it is kept as demand.
 */
export function recordEmptySearch(ctx: AppContext, student: Actor, input: EmptySearchBody) {
  const words = optionalText(input.testo, 200);
  if (!words) throw badRequest("Scrivi le parole cercate");
  writeTransaction(ctx.db, (tx) =>
    recordDemandStep(tx, ctx, { tipo: DEMAND_EVENT.emptySearch, studentId: student.id, testo: words }),
  );
  return { message: "Ricerca registrata" };
}
