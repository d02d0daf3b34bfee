import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { kit } from "../../db/schema";
import { notFound } from "../../http/errors";
import { setDueAtTheCounter } from "../sets/counter-links";
import type { KitView } from "./model";
import { loadKitViews } from "./service";

/** What the Banco's scan answers for a kit's label: the kit, and the set booked from it that is due now. */
export function scanKit(ctx: AppContext, kitId: number): { unita: []; kit: KitView; prenotazione_id: number | null } {
  const [view] = loadKitViews(ctx.db, eq(kit.id, kitId));
  if (!view) throw notFound(`Nessun kit con il codice KIT-${kitId}`);
  return { unita: [], kit: view, prenotazione_id: setDueAtTheCounter(ctx.db, { kitId }, ctx.clock.today()) };
}
