import { and, eq, isNull, sql } from "drizzle-orm";
import { isDesk, visibleItemsCondition } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, richieste } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { MAX_NOTE_LENGTH } from "../../domain/academy-settings";
import { REQUEST_STATE } from "../../domain/bookings";
import { bookingDateProblem, isInternalUse } from "../../domain/loan-rules";
import { impliedUsage } from "../../domain/loan-types";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { bookingRecordingUnmetDemand } from "../demand/events";
import { offerFreedUnitsStep } from "../demand/offers";
import { refreshSetState } from "../sets/settle";
import { optionalText } from "../text-fields";
import { assertUnitBookable, pickFreeUnit } from "./bookings";
import {
  assertAcademyRules,
  assertAccountValid,
  assertCanMove,
  blockedStudentError,
  calendarDay,
  hasOverdueLoan,
  userRow,
} from "./guards";
import type { RequestBody, RequestView } from "./model";
import { requestView } from "./reads";

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

/**
 * The item a student may book, found through the unit asked for or the item itself; it must be
 * assigned to the student's course: other items simply do not exist here.
 */
export function bookableTarget(
  db: Db,
  student: Pick<Actor, "corsoAccademico" | "ruolo">,
  which: { unitId: number | null; itemId: number | null },
) {
  const target = db
    .select({ itemId: inventario.id, loanType: inventario.tipoPrestito, maxDays: inventario.durataMassimaGiorni })
    .from(inventario)
    .where(
      and(
        which.unitId !== null
          ? sql`${inventario.id} = (select u.inventario_id from unita u where u.id = ${which.unitId} and u.archived_at is null)`
          : eq(inventario.id, which.itemId ?? 0),
        isNull(inventario.archivedAt),
        visibleItemsCondition(student),
      ),
    )
    .get();
  if (!target) throw notFound(which.unitId !== null ? "Unità non trovata" : "Articolo non trovato");
  if (which.itemId !== null && which.itemId !== target.itemId)
    throw badRequest("L'unità scelta non appartiene a questo articolo");
  return target;
}

/**
 * The request step, inside the caller's transaction: a student asks for a unit over a date range, a
 * specific one (`unit_id`) or any unit of an item that is free for the dates (`inventario_id` with
 * `unit_id` null), picked inside the same transaction as the overlap check. Answers the new request's id.
 */
export function createRequestStep(tx: WriteTx, ctx: AppContext, student: Actor, input: RequestBody): number {
  if (isDesk(student)) throw forbidden("Gli amministratori non fanno richieste: usa il prestito diretto");
  const today = ctx.clock.today();
  // The account as it is now, not as the session read it: a return may have just blocked it.
  const account = userRow(tx, student.id) ?? student;
  if (account.isBlocked) throw blockedStudentError(account);
  assertAccountValid(account, today, false);
  if (hasOverdueLoan(tx, student.id, today))
    throw forbidden("Hai un prestito scaduto: restituiscilo prima di fare nuove richieste");
  const askedUnit = input.unit_id ?? null;
  const askedItem = input.inventario_id ?? null;
  if (askedUnit === null && askedItem === null) throw badRequest("Seleziona un'unità");
  const dal = calendarDay(input.dal, "Inserisci una data di inizio valida");
  const al = calendarDay(input.al, "Inserisci una data di fine valida");
  const chosenUsage = input.tipo_utilizzo || null;
  const note = optionalText(input.note, MAX_NOTE_LENGTH);
  const target = bookableTarget(tx, student, { unitId: askedUnit, itemId: askedItem });
  const usage = target.loanType === "entrambi" ? chosenUsage : impliedUsage(target.loanType, null);
  const problem = bookingDateProblem({
    start: dal,
    end: al,
    today,
    loanType: target.loanType,
    usage,
    form: "request",
  });
  if (problem) throw badRequest(problem);
  assertAcademyRules(tx, {
    start: dal,
    end: al,
    internal: isInternalUse(target.loanType, usage),
    itemMaxDays: target.maxDays,
    studentId: student.id,
  });
  if (askedUnit !== null) assertUnitBookable(tx, { unitId: askedUnit, from: dal, to: al, today });
  const unitId = askedUnit ?? pickFreeUnit(tx, target.itemId, { from: dal, to: al, today });
  return tx
    .insert(richieste)
    .values({
      utenteId: student.id,
      inventarioId: target.itemId,
      unitId,
      dal,
      al,
      note,
      tipoUtilizzo: usage,
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning({ id: richieste.id })
    .get().id;
}

/** Tells the desk's live screens of a committed request. */
export function announceRequest(ctx: AppContext, student: Actor, view: RequestView): void {
  ctx.events.publish({
    tipo: "richiesta",
    id: view.id,
    testo: `${student.name} ${student.surname} ha richiesto ${view.oggetto_nome}`,
  });
}

/** A student asks for one unit, in a transaction of its own. */
export function createRequest(ctx: AppContext, student: Actor, input: RequestBody): RequestView {
  const id = bookingRecordingUnmetDemand(ctx, (tx) => createRequestStep(tx, ctx, student, input), {
    studentId: student.id,
    dal: input.dal,
    al: input.al,
  });
  const view = requestView(ctx, id);
  announceRequest(ctx, student, view);
  return view;
}

/** The withdrawal step, inside the caller's transaction: a student withdraws their own pending request. */
export function cancelRequestStep(tx: WriteTx, ctx: AppContext, student: Actor, id: number): void {
  const request = tx
    .select()
    .from(richieste)
    .where(and(eq(richieste.id, id), eq(richieste.utenteId, student.id)))
    .get();
  if (!request) throw notFound("Richiesta non trovata");
  assertCanMove(request, REQUEST_STATE.cancelled);
  tx.update(richieste)
    .set({ stato: REQUEST_STATE.cancelled, handledAt: ctx.clock.now().toISOString() })
    .where(eq(richieste.id, id))
    .run();
  if (request.prenotazioneId !== null) refreshSetState(tx, ctx, student, request.prenotazioneId);
  offerFreedUnitsStep(tx, ctx, [request.inventarioId]);
}

/** A student withdraws one request, in a transaction of its own. */
export function cancelRequest(ctx: AppContext, student: Actor, id: number): void {
  writeTransaction(ctx.db, (tx) => cancelRequestStep(tx, ctx, student, id));
}
