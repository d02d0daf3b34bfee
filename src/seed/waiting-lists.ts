import type { AppContext } from "../context";
import { addDays } from "../domain/dates";
import { WAIT_STATE } from "../domain/demand";
import type { UsageType } from "../domain/loan-types";
import { unitsFreeFor } from "../modules/demand/offers";
import { readSettings } from "../modules/settings/service";

/** A student who may wait for an item: the first of an item's list is the one a demo signs in as, when they may. */
export interface WaitingStudent {
  id: number;
  blocked: boolean;
}

export interface WaitingListSeed<Student extends WaitingStudent> {
  today: string;
  now: Date;
  /** Items in creation order, each with its uses and the students who may borrow it. */
  items: Array<{ id: number; usage: UsageType[]; borrowers: Student[] }>;
  /** Who is offered the hold, when they may borrow an item free next week; else the first who may. */
  holder: Student | undefined;
  /** Keeps the join as demand, as the server does when a student joins a queue. */
  recordQueued: (student: Student, itemId: number, dal: string, al: string) => void;
}

/** How many items get a queue, and how many students wait in each. */
const QUEUES = 3;
const WAITING_PER_QUEUE = 2;
/** Items looked at for a queue: enough at any size, and the seed stays fast on the benchmark's data set. */
const ITEMS_LOOKED_AT = 400;

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

/**
 * Queues around today, so the waiting list's screens show something on first start: students waiting for
 * items with no unit free over the next days, and one hold offered on an item free next week. Free units
 * are judged by the server's own rule, on the data written so far. Answers how many entries it wrote.
 */
export function seedWaitingLists<Student extends WaitingStudent>(
  ctx: AppContext,
  seed: WaitingListSeed<Student>,
): number {
  const { today, now, items } = seed;
  const insertWait = ctx.sqlite.prepare(
    `INSERT INTO attese (utente_id, inventario_id, dal, al, tipo_utilizzo, stato, created_at, offerta_il, scade_il)
     VALUES (?, ?, ?, ?, 'esterno', ?, ?, ?, ?) RETURNING id`,
  );
  const insertHeldUnit = ctx.sqlite.prepare("INSERT INTO attese_unita (attesa_id, unit_id) VALUES (?, ?)");
  // Entries span several days, which only external use allows.
  const candidates = items
    .filter((item) => item.usage.includes("esterno"))
    .slice(0, ITEMS_LOOKED_AT)
    .map((item) => ({ id: item.id, waiting: item.borrowers.filter((student) => !student.blocked) }));
  let written = 0;

  const soon = { dal: addDays(today, 1), al: addDays(today, 3) };
  const queued = new Set<number>();
  for (const item of candidates) {
    if (queued.size === QUEUES) break;
    if (item.waiting.length === 0) continue;
    if (unitsFreeFor(ctx.db, today, { inventarioId: item.id, kitId: null, ...soon })) continue;
    for (const [place, student] of item.waiting.slice(0, WAITING_PER_QUEUE).entries()) {
      // The first in the queue joined earliest.
      insertWait.get(
        student.id,
        item.id,
        soon.dal,
        soon.al,
        WAIT_STATE.queued,
        hoursBefore(now, 30 - place * 6),
        null,
        null,
      );
      seed.recordQueued(student, item.id, soon.dal, soon.al);
      written++;
    }
    queued.add(item.id);
  }

  const nextWeek = { dal: addDays(today, 7), al: addDays(today, 9) };
  const offeredAt = new Date(now.getTime() - 3_600_000);
  const expires = new Date(offeredAt.getTime() + readSettings(ctx.db).ore_attesa * 3_600_000).toISOString();
  const holder = seed.holder;
  const holderMay = holder ? candidates.filter((item) => item.waiting.includes(holder)) : [];
  for (const item of holderMay.length > 0 ? holderMay : candidates) {
    const student = holderMay.length > 0 ? holder : item.waiting[0];
    if (!student || queued.has(item.id)) continue;
    const units = unitsFreeFor(ctx.db, today, { inventarioId: item.id, kitId: null, ...nextWeek });
    if (!units) continue;
    const hold = insertWait.get(
      student.id,
      item.id,
      nextWeek.dal,
      nextWeek.al,
      WAIT_STATE.offered,
      hoursBefore(now, 48),
      offeredAt.toISOString(),
      expires,
    ) as { id: number };
    for (const unitId of units) insertHeldUnit.run(hold.id, unitId);
    seed.recordQueued(student, item.id, nextWeek.dal, nextWeek.al);
    written++;
    break;
  }
  return written;
}
