import { eq } from "drizzle-orm";
import { canSeeSet } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { prenotazioni, prenotazioniStoria } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { SetView } from "./model";
import { loadSetView } from "./views";

export const SET_NOT_FOUND = "Prenotazione non trovata";

/** The stored set row, for a write's guards; another student's set simply does not exist for a student. */
export function setRowFor(db: Db, actor: Actor, id: number) {
  const set = db.select().from(prenotazioni).where(eq(prenotazioni.id, id)).get();
  if (!set || !canSeeSet(actor, set)) throw notFound(SET_NOT_FOUND);
  return set;
}

export function setOrNotFound(ctx: AppContext, id: number): SetView {
  const view = loadSetView(ctx.db, ctx.clock.today(), id);
  if (!view) throw notFound(SET_NOT_FOUND);
  return view;
}

/** One line of the set's history, written by the transaction that makes it true. */
export function addHistory(
  db: Db,
  ctx: Pick<AppContext, "clock">,
  actor: { id: number | null } | null,
  setId: number,
  evento: string,
  testo: string,
) {
  db.insert(prenotazioniStoria)
    .values({
      prenotazioneId: setId,
      evento,
      testo,
      actorId: actor?.id ?? null,
      createdAt: ctx.clock.now().toISOString(),
    })
    .run();
}
