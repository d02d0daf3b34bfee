import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { attese, atteseUnita, inventario, kit, kitRighe } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { freeUnitsFor } from "../../domain/availability";
import { calendarDateIn, datesText, formatItalianDate } from "../../domain/dates";
import { WAIT_STATE } from "../../domain/demand";
import { unitCalendars } from "../loans/bookings";
import { notifyStudent } from "../notifications/service";
import { readSettings } from "../settings/service";

/** What an entry of the waiting list waits for, and over which days. */
export interface Wanted {
  inventarioId: number | null;
  kitId: number | null;
  dal: string;
  al: string;
}

/**
 * The units that would meet an entry now: for an item, its first free unit by code; for a kit, its pinned
 * units and enough other free units for each line. Null when they are not all free.
 */
export function unitsFreeFor(db: Db, today: string, wanted: Wanted): number[] | null {
  const window = { from: wanted.dal, to: wanted.al, today };
  if (wanted.inventarioId !== null) {
    const [free] = freeUnitsFor(unitCalendars(db, { itemId: wanted.inventarioId }, window), wanted.dal, wanted.al);
    return free ? [free.id] : null;
  }
  const lines = db
    .select({ itemId: kitRighe.inventarioId, unitId: kitRighe.unitId, quantity: kitRighe.quantita })
    .from(kitRighe)
    .where(eq(kitRighe.kitId, wanted.kitId ?? 0))
    .all();
  if (lines.length === 0) return null;
  const pinned = new Set(lines.flatMap((line) => (line.unitId === null ? [] : [line.unitId])));
  const chosen: number[] = [];
  for (const itemId of new Set(lines.map((line) => line.itemId))) {
    const free = freeUnitsFor(unitCalendars(db, { itemId }, window), wanted.dal, wanted.al).map((unit) => unit.id);
    const ofItem = lines.filter((line) => line.itemId === itemId);
    for (const line of ofItem.filter((line) => line.unitId !== null)) {
      if (!free.includes(line.unitId as number)) return null;
      chosen.push(line.unitId as number);
    }
    const anyNeeded = ofItem.filter((line) => line.unitId === null).reduce((sum, line) => sum + line.quantity, 0);
    const others = free.filter((unitId) => !pinned.has(unitId)).slice(0, anyNeeded);
    if (others.length < anyNeeded) return null;
    chosen.push(...others);
  }
  return chosen;
}

/** The name a student reads for an entry: the item's or the kit's. */
export function waitedName(db: Db, wanted: Pick<Wanted, "inventarioId" | "kitId">): string {
  if (wanted.inventarioId !== null)
    return (
      db.select({ nome: inventario.nome }).from(inventario).where(eq(inventario.id, wanted.inventarioId)).get()?.nome ??
      "l'articolo"
    );
  return (
    db
      .select({ nome: kit.nome })
      .from(kit)
      .where(eq(kit.id, wanted.kitId ?? 0))
      .get()?.nome ?? "il kit"
  );
}

/** `now` plus `hours`, as the ISO instant a hold expires at. */
const hoursAfter = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

/**
 * The entries a write may have met: those waiting for the items whose units it freed, or every entry (the
 * scheduled job, and a hold given up, whose kit may span several items). Freeing a unit changes only its
 * own item's calendar, so an entry for another item is no nearer than it was; an entry met by time alone
 * (a pending request whose dates passed) waits for the job's next round.
 */
export type FreedItems = readonly number[] | "every item";

function entriesMet<T extends Pick<Wanted, "inventarioId" | "kitId">>(tx: Db, waiting: T[], freed: FreedItems): T[] {
  if (freed === "every item") return waiting;
  const kitIds = [...new Set(waiting.flatMap((entry) => (entry.kitId === null ? [] : [entry.kitId])))];
  const kitsTouched = new Set(
    kitIds.length === 0 || freed.length === 0
      ? []
      : tx
          .selectDistinct({ kitId: kitRighe.kitId })
          .from(kitRighe)
          .where(and(inArray(kitRighe.kitId, kitIds), inArray(kitRighe.inventarioId, [...freed])))
          .all()
          .map((line) => line.kitId),
  );
  return waiting.filter((entry) =>
    entry.inventarioId !== null ? freed.includes(entry.inventarioId) : kitsTouched.has(entry.kitId ?? 0),
  );
}

/**
 * The offer step, inside the caller's transaction: every entry still in a queue, for the items whose units
 * the write freed, that is now met for its dates, first come first served, becomes a hold of
 * `ore_attesa` hours on those units, and its student is told in the app and by e-mail with the link to
 * confirm. Called by every write that can free a unit (a cancellation or refusal, a return, a repair
 * closed, units added, a hold expired or left), and by the scheduled job; it reads only the entries
 * waiting, and the calendars of only the freed items, so a return of an item nobody waits for costs one
 * indexed query. Answers how many holds it made.
 */
export function offerFreedUnitsStep(tx: Db, ctx: AppContext, freed: FreedItems): number {
  const today = ctx.clock.today();
  const waiting = entriesMet(tx, entriesQueued(tx).all({ today }), freed);
  if (waiting.length === 0) return 0;
  const now = ctx.clock.now();
  const expires = hoursAfter(now, readSettings(tx).ore_attesa);
  let offered = 0;
  for (const entry of waiting) {
    const units = unitsFreeFor(tx, today, entry);
    if (!units) continue;
    tx.update(attese)
      .set({ stato: WAIT_STATE.offered, offertaIl: now.toISOString(), scadeIl: expires })
      .where(eq(attese.id, entry.id))
      .run();
    tx.insert(atteseUnita)
      .values(units.map((unitId) => ({ attesaId: entry.id, unitId })))
      .run();
    notifyStudent(tx, ctx, {
      userId: entry.utenteId,
      tipo: "attesa_offerta",
      titolo: "Si è liberato quello che aspettavi",
      messaggio: `${waitedName(tx, entry)} è libero ${datesText(entry.dal, entry.al)} ed è tenuto per te fino al ${formatItalianDate(calendarDateIn(ctx.clock.timeZone, new Date(expires)))} alle ${expiryTime(ctx, expires)}. Conferma per farne una richiesta.`,
      link: `/attese?conferma=${entry.id}`,
    });
    offered++;
  }
  return offered;
}

/** Every entry still in a queue from `today` on, first come first served. */
const entriesQueued = preparedQuery((db) =>
  db
    .select()
    .from(attese)
    .where(and(eq(attese.stato, WAIT_STATE.queued), gte(attese.dal, sql.placeholder("today"))))
    .orderBy(asc(attese.createdAt), asc(attese.id))
    .prepare(),
);

/** "14:30" in the academy's zone. */
function expiryTime(ctx: AppContext, instant: string): string {
  return new Intl.DateTimeFormat("it-IT", { timeZone: ctx.clock.timeZone, hour: "2-digit", minute: "2-digit" }).format(
    new Date(instant),
  );
}

/**
 * The waiting list's job: holds not confirmed in time expire and pass to the next student, and entries
 * whose first day has come without an offer leave the queue. Answers how many holds expired.
 */
export function expireHolds(ctx: AppContext): number {
  const now = ctx.clock.now().toISOString();
  const today = ctx.clock.today();
  return writeTransaction(ctx.db, (tx) => {
    const expired = tx
      .select()
      .from(attese)
      .where(and(eq(attese.stato, WAIT_STATE.offered), isNotNull(attese.scadeIl), lt(attese.scadeIl, now)))
      .all();
    if (expired.length > 0)
      tx.update(attese)
        .set({ stato: WAIT_STATE.expired, chiusaIl: now })
        .where(
          inArray(
            attese.id,
            expired.map((entry) => entry.id),
          ),
        )
        .run();
    for (const entry of expired)
      notifyStudent(tx, ctx, {
        userId: entry.utenteId,
        tipo: "attesa_scaduta",
        titolo: "Posto non confermato",
        messaggio: `Non hai confermato in tempo ${waitedName(tx, entry)} ${datesText(entry.dal, entry.al)}: è passato al prossimo in coda.`,
        link: "/attese",
      });
    tx.update(attese)
      .set({ stato: WAIT_STATE.expired, chiusaIl: now })
      .where(and(eq(attese.stato, WAIT_STATE.queued), sql`${attese.dal} < ${today}`))
      .run();
    offerFreedUnitsStep(tx, ctx, "every item");
    return expired.length;
  });
}
