import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { isDesk, visibleKits } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { attese, atteseUnita, kit, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { rangesOverlap } from "../../domain/bookings";
import { DEMAND_EVENT, LIVE_WAIT_STATES, WAIT_STATE } from "../../domain/demand";
import { impliedUsage } from "../../domain/loan-types";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { calendarDay } from "../loans/guards";
import { requestView } from "../loans/reads";
import { announceRequest, bookableTarget, createRequestStep } from "../loans/request";
import { createSetStep } from "../sets/booking";
import { recordDemandStep } from "./events";
import type { DeskQueue, DeskWaitView, JoinQueueBody, WaitView } from "./model";
import { offerFreedUnitsStep, unitsFreeFor, waitedName } from "./offers";

type WaitRow = typeof attese.$inferSelect;

const WAIT_NOT_FOUND = "Attesa non trovata";

/** The place of a live entry in its queue: 1 + the entries of the same item or kit still waiting before it. */
function placeInQueue(db: Db, entry: WaitRow): number | null {
  if (entry.stato !== WAIT_STATE.queued) return null;
  const sameTarget =
    entry.inventarioId !== null ? eq(attese.inventarioId, entry.inventarioId) : eq(attese.kitId, entry.kitId ?? 0);
  const before = db
    .select({ n: sql<number>`count(*)` })
    .from(attese)
    .where(
      and(
        sameTarget,
        eq(attese.stato, WAIT_STATE.queued),
        or(lt(attese.createdAt, entry.createdAt), and(eq(attese.createdAt, entry.createdAt), lt(attese.id, entry.id))),
      ),
    )
    .get();
  return (before?.n ?? 0) + 1;
}

function waitView(db: Db, entry: WaitRow): WaitView {
  return {
    id: entry.id,
    inventario_id: entry.inventarioId,
    kit_id: entry.kitId,
    nome: waitedName(db, entry),
    dal: entry.dal,
    al: entry.al,
    stato: entry.stato,
    posizione: placeInQueue(db, entry),
    scade_il: entry.stato === WAIT_STATE.offered ? entry.scadeIl : null,
    richiesta_id: entry.richiestaId,
    prenotazione_id: entry.prenotazioneId,
    created_at: entry.createdAt,
  };
}

/** What the student waits for: an item of their course (with the use it will be lent for) or a kit of it. */
function queuedTarget(tx: Db, student: Actor, input: JoinQueueBody) {
  const hasItem = input.inventario_id !== undefined;
  if (hasItem === (input.kit_id !== undefined)) throw badRequest("Indica un articolo oppure un kit");
  if (hasItem) {
    const target = bookableTarget(tx, student, { unitId: null, itemId: input.inventario_id ?? null });
    return { inventarioId: target.itemId, kitId: null, usage: impliedUsage(target.loanType, null) ?? "esterno" };
  }
  const found = tx
    .select({ id: kit.id })
    .from(kit)
    .where(and(eq(kit.id, input.kit_id ?? 0), isNull(kit.archivedAt), visibleKits(student)))
    .get();
  if (!found) throw notFound("Kit non trovato");
  return { inventarioId: null, kitId: found.id, usage: null };
}

/**
 * A student joins the queue of an item or a kit for some dates, when nothing is free for them: a free
 * unit is booked directly instead. The join is kept as demand in the same transaction.
 */
export function joinQueue(ctx: AppContext, student: Actor, input: JoinQueueBody) {
  if (isDesk(student)) throw forbidden("Gli amministratori non si mettono in coda");
  const today = ctx.clock.today();
  const dal = calendarDay(input.dal, "Inserisci una data di inizio valida");
  const al = calendarDay(input.al, "Inserisci una data di fine valida");
  if (al < dal) throw badRequest("La data di fine non può precedere quella di inizio");
  if (dal < today) throw badRequest("La data di inizio non può essere nel passato");
  const entry = writeTransaction(ctx.db, (tx) => {
    const target = queuedTarget(tx, student, input);
    const wanted = { inventarioId: target.inventarioId, kitId: target.kitId, dal, al };
    if (unitsFreeFor(tx, today, wanted))
      throw conflict("Per queste date c'è già un'unità libera: prenotala direttamente");
    const mine = tx
      .select()
      .from(attese)
      .where(
        and(
          eq(attese.utenteId, student.id),
          inArray(attese.stato, LIVE_WAIT_STATES),
          target.inventarioId !== null
            ? eq(attese.inventarioId, target.inventarioId)
            : eq(attese.kitId, target.kitId ?? 0),
        ),
      )
      .all();
    if (mine.some((other) => rangesOverlap({ from: other.dal, to: other.al }, { from: dal, to: al })))
      throw conflict("Sei già in coda per queste date");
    const row = tx
      .insert(attese)
      .values({
        utenteId: student.id,
        ...wanted,
        tipoUtilizzo: target.usage,
        stato: WAIT_STATE.queued,
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning()
      .get();
    recordDemandStep(tx, ctx, {
      tipo: DEMAND_EVENT.queued,
      studentId: student.id,
      itemId: target.inventarioId,
      kitId: target.kitId,
      dal,
      al,
      riferimentoId: row.id,
    });
    return row;
  });
  return { id: entry.id, posizione: placeInQueue(ctx.db, entry) ?? 1, stato: WAIT_STATE.queued };
}

/** The student's entries, newest first: waiting, holding an offer, and the closed ones of the last month. */
export function myWaits(ctx: AppContext, student: Actor): WaitView[] {
  return ctx.db
    .select()
    .from(attese)
    .where(eq(attese.utenteId, student.id))
    .orderBy(sql`${attese.createdAt} desc`, sql`${attese.id} desc`)
    .limit(100)
    .all()
    .map((entry) => waitView(ctx.db, entry));
}

/** The student's own entry; another student's simply does not exist here. */
function ownEntry(tx: Db, student: Actor, id: number): WaitRow {
  const entry = tx
    .select()
    .from(attese)
    .where(and(eq(attese.id, id), eq(attese.utenteId, student.id)))
    .get();
  if (!entry) throw notFound(WAIT_NOT_FOUND);
  return entry;
}

/**
 * The student confirms a hold: in one transaction the hold ends and a request for the held unit (or a
 * set of the kit) takes its place, under every rule of a booking; a failure leaves the hold as it was.
 */
export function confirmHold(ctx: AppContext, student: Actor, id: number) {
  const outcome = writeTransaction(ctx.db, (tx: WriteTx) => {
    const entry = ownEntry(tx, student, id);
    if (entry.stato !== WAIT_STATE.offered) throw conflict("Non c'è un posto da confermare per questa attesa");
    const now = ctx.clock.now().toISOString();
    if ((entry.scadeIl ?? "") < now) throw conflict("Il tempo per confermare è scaduto: il posto passa al prossimo");
    tx.update(attese).set({ stato: WAIT_STATE.confirmed, chiusaIl: now }).where(eq(attese.id, id)).run();
    const tipo_utilizzo = entry.tipoUtilizzo ?? undefined;
    if (entry.inventarioId !== null) {
      const held = tx
        .select({ unitId: atteseUnita.unitId })
        .from(atteseUnita)
        .where(eq(atteseUnita.attesaId, id))
        .get();
      const requestId = createRequestStep(tx, ctx, student, {
        inventario_id: entry.inventarioId,
        unit_id: held?.unitId ?? null,
        dal: entry.dal,
        al: entry.al,
        tipo_utilizzo,
      });
      tx.update(attese).set({ richiestaId: requestId }).where(eq(attese.id, id)).run();
      return { requestId, setId: null };
    }
    const setId = createSetStep(tx, ctx, student, {
      kit_id: entry.kitId ?? undefined,
      dal: entry.dal,
      al: entry.al,
      tipo_utilizzo,
    });
    tx.update(attese).set({ prenotazioneId: setId }).where(eq(attese.id, id)).run();
    return { requestId: null, setId };
  });
  if (outcome.requestId !== null) announceRequest(ctx, student, requestView(ctx, outcome.requestId));
  return {
    message: outcome.setId === null ? "Richiesta inviata al banco prestiti" : "Prenotazione inviata al banco prestiti",
    richiesta_id: outcome.requestId,
    prenotazione_id: outcome.setId,
  };
}

/** The student leaves the queue; a hold they give up passes at once to the next student. */
export function leaveQueue(ctx: AppContext, student: Actor, id: number) {
  writeTransaction(ctx.db, (tx) => {
    const entry = ownEntry(tx, student, id);
    if (!LIVE_WAIT_STATES.includes(entry.stato)) throw conflict("Non sei più in coda per questa attesa");
    tx.update(attese)
      .set({ stato: WAIT_STATE.left, chiusaIl: ctx.clock.now().toISOString() })
      .where(eq(attese.id, id))
      .run();
    if (entry.stato === WAIT_STATE.offered) offerFreedUnitsStep(tx, ctx, "every item");
  });
  return { message: "Sei uscito dalla coda" };
}

/** The desk's queues: per item or kit, the students still waiting or holding an offer, in queue order. */
export function deskQueues(ctx: AppContext): DeskQueue[] {
  const rows = ctx.db
    .select({ entry: attese, name: users.name, surname: users.surname, course: users.corsoAccademico })
    .from(attese)
    .innerJoin(users, eq(users.id, attese.utenteId))
    .where(inArray(attese.stato, LIVE_WAIT_STATES))
    .orderBy(asc(attese.createdAt), asc(attese.id))
    .all();
  const queues = new Map<string, DeskQueue>();
  for (const row of rows) {
    const key = row.entry.inventarioId !== null ? `item:${row.entry.inventarioId}` : `kit:${row.entry.kitId}`;
    const view: DeskWaitView = {
      ...waitView(ctx.db, row.entry),
      utente_id: row.entry.utenteId,
      utente: `${row.name} ${row.surname}`,
      corso: row.course,
    };
    const queue = queues.get(key) ?? {
      inventario_id: row.entry.inventarioId,
      kit_id: row.entry.kitId,
      nome: view.nome,
      attese: [],
    };
    queue.attese.push(view);
    queues.set(key, queue);
  }
  return [...queues.values()].sort((a, b) => b.attese.length - a.attese.length || a.nome.localeCompare(b.nome, "it"));
}
