import { and, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { canSeeLoan, isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, prenotazioni, prestiti, prestitiUnita, proroghe, unita, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { academyEndProblem } from "../../domain/academy-settings";
import { overlaps } from "../../domain/availability";
import { LOAN_STATE, OPEN_LOAN_STATES } from "../../domain/bookings";
import { addDays, formatItalianDate, laterDate } from "../../domain/dates";
import { EXTENSION_STATE } from "../../domain/extensions";
import { daysLate, effectiveLoanState, isInternalUse } from "../../domain/loan-rules";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { notifyStudent } from "../notifications/service";
import { addHistory } from "../sets/set-rows";
import { readSettings } from "../settings/service";
import { optionalText } from "../text-fields";
import { unitCalendars } from "./bookings";
import { BookedAfterLoanError, extensionRecordingRefusal } from "./extension-demand";
import { blockedBorrowerError, blockedStudentError, calendarDay, hasOverdueLoan, loanOrNotFound } from "./guards";
import type {
  DirectExtensionBody,
  ExtensionAnswer,
  ExtensionListQuery,
  ExtensionRefusalBody,
  ExtensionRequestBody,
  ExtensionView,
} from "./model";
import { assertReasonGiven, refusedBy } from "./refusal";

/*
 * Extending a loan (`proroga`): the student asks, the desk approves or refuses, or the desk extends at
 * once. An extension meets the rules of a booking over the days it adds: every unit still out free up to
 * the new date, an open day, the longest loan counted from the start. A set extends as a whole: one
 * request, one decision, every open line moved. Checks and writes run in one `BEGIN IMMEDIATE`
 * transaction, so a booking made meanwhile cannot slip in between.
 */

type LoanRow = typeof prestiti.$inferSelect;
type ExtensionRow = typeof proroghe.$inferSelect;

const INVALID_DATE = "Inserisci una nuova data di rientro valida";

/** The loan and the lines an extension of it moves: the loan alone, or every open line of its set. */
function linesOf(tx: Db, loan: LoanRow): LoanRow[] {
  if (loan.prenotazioneId === null) return [loan];
  return tx
    .select()
    .from(prestiti)
    .where(and(eq(prestiti.prenotazioneId, loan.prenotazioneId), inArray(prestiti.stato, OPEN_LOAN_STATES)))
    .orderBy(prestiti.id)
    .all();
}

/** The due date the lines share, or the latest of them: what the new date must go beyond. */
const dueOf = (lines: LoanRow[]) => lines.reduce((latest, line) => laterDate(latest, line.dataRientro), "");

const isOverdue = (line: LoanRow, today: string) =>
  effectiveLoanState(line.stato, line.dataRientro, today, line.consegnatoIl !== null) === LOAN_STATE.overdue;

/** The pending extension of a loan or of its set, if any: there is at most one at a time. */
function pendingExtensionOf(tx: Db, loan: LoanRow): ExtensionRow | undefined {
  const same: SQL | undefined =
    loan.prenotazioneId === null
      ? eq(proroghe.prestitoId, loan.id)
      : or(eq(proroghe.prestitoId, loan.id), eq(proroghe.prenotazioneId, loan.prenotazioneId));
  return tx
    .select()
    .from(proroghe)
    .where(and(same, eq(proroghe.stato, EXTENSION_STATE.pending)))
    .get();
}

/** Each unit still out on the lines, with its code and the line holding it. */
function unitsStillOut(tx: Db, lines: LoanRow[]) {
  return tx
    .select({ loanId: prestitiUnita.prestitoId, id: unita.id, code: unita.codiceUnivoco })
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(
      and(
        inArray(
          prestitiUnita.prestitoId,
          lines.map((line) => line.id),
        ),
        isNull(prestitiUnita.restituitaIl),
      ),
    )
    .orderBy(unita.codiceUnivoco)
    .all();
}

/**
 * The booking rules over the days an extension adds to each line: an open loan, a later day than its due
 * date and not in the past, no internal (same-day) loan, an open day within the longest loan, and every
 * unit still out free up to the new date. A collision answers 409 naming the day the next booking starts.
 */
function assertExtensionFits(tx: Db, lines: LoanRow[], newEnd: string, today: string): void {
  if (lines.length === 0 || lines.some((line) => line.stato === LOAN_STATE.returned))
    throw conflict("Il prestito è già concluso: non si può prorogare");
  const due = dueOf(lines);
  if (newEnd <= due)
    throw badRequest(`La nuova data di rientro deve essere successiva a quella attuale (${formatItalianDate(due)})`);
  if (newEnd < today) throw badRequest("La nuova data di rientro non può essere nel passato");
  const settings = readSettings(tx);
  for (const line of lines) {
    const item = tx
      .select({ loanType: inventario.tipoPrestito, maxDays: inventario.durataMassimaGiorni })
      .from(inventario)
      .where(eq(inventario.id, line.inventarioId))
      .get();
    if (!item) throw notFound("Articolo non trovato");
    const internal = isInternalUse(item.loanType, line.tipoUtilizzo);
    if (internal) throw badRequest("Un prestito per uso interno dura un solo giorno: non si può prorogare");
    const problem = academyEndProblem(settings, {
      start: line.dataUscita,
      end: newEnd,
      internal,
      itemMaxDays: item.maxDays,
    });
    if (problem) throw badRequest(problem);
  }
  const own = new Set(lines.map((line) => line.id));
  const units = unitsStillOut(tx, lines);
  const lineById = new Map(lines.map((line) => [line.id, line]));
  for (const unit of units) {
    const line = lineById.get(unit.loanId) as LoanRow;
    // The days the extension adds, from the day after the line's due date.
    const from = addDays(line.dataRientro, 1);
    const [calendar] = unitCalendars(tx, { unitIds: [unit.id] }, { from, to: newEnd, today });
    const taken = (calendar?.occupazioni ?? [])
      .filter((occupation) => !(occupation.tipo === "prestito" && own.has(occupation.riferimento_id ?? 0)))
      .filter((occupation) => overlaps(occupation, from, newEnd));
    const [first] = taken;
    if (!first) continue;
    if (first.dal >= from)
      throw new BookedAfterLoanError(
        `L'unità ${unit.code} è prenotata dal ${formatItalianDate(first.dal)}: la proroga può arrivare al massimo al ${formatItalianDate(addDays(first.dal, -1))}`,
        { prossima_prenotazione: first.dal },
        { studentId: line.utenteId, itemId: line.inventarioId, loanId: line.id, dal: from, al: newEnd },
      );
    throw conflict(`L'unità ${unit.code} non è disponibile dopo il ${formatItalianDate(addDays(from, -1))}`, {
      prossima_prenotazione: first.dal,
    });
  }
}

/** The borrower as they are now: nobody extends for a blocked one (the desk included). */
function borrowerOf(tx: Db, loan: LoanRow) {
  const borrower = loan.utenteId ? tx.select().from(users).where(eq(users.id, loan.utenteId)).get() : undefined;
  if (borrower?.isBlocked) throw blockedBorrowerError(borrower);
  return borrower ?? null;
}

/**
 * The desk's guard on the borrower: not blocked, and no overdue loan besides the lines being extended
 * (the desk may extend an overdue loan, not reward another one still out).
 */
function assertDeskMayExtend(tx: Db, lines: LoanRow[], today: string) {
  const [first] = lines as [LoanRow];
  const borrower = borrowerOf(tx, first);
  if (!borrower) return;
  const own = new Set(lines.map((line) => line.id));
  const otherOverdue = tx
    .select()
    .from(prestiti)
    .where(and(eq(prestiti.utenteId, borrower.id), inArray(prestiti.stato, OPEN_LOAN_STATES)))
    .all()
    .some((loan) => !own.has(loan.id) && isOverdue(loan, today));
  if (otherOverdue)
    throw forbidden("L'utente ha un altro prestito scaduto: deve restituirlo prima di ottenere una proroga");
}

const itemNameOf = (tx: Db, loan: LoanRow) =>
  tx.select({ name: inventario.nome }).from(inventario).where(eq(inventario.id, loan.inventarioId)).get()?.name ?? "";

/** "Fotocamera Sony" or "la prenotazione #4", as the student reads it in a notification. */
const subjectOf = (tx: Db, loan: LoanRow) =>
  loan.prenotazioneId === null ? `il prestito di ${itemNameOf(tx, loan)}` : `la prenotazione #${loan.prenotazioneId}`;

/**
 * Moves every line to the new due date, inside the caller's transaction. The first due date stays on the
 * line (`data_rientro_originale`) and in its history; an overdue line keeps the days it was already late
 * (`giorni_ritardo_pregressi`), which its return adds to any new lateness. Each line's history says so.
 */
function moveDueDate(tx: WriteTx, ctx: AppContext, actor: Actor, lines: LoanRow[], newEnd: string): void {
  const today = ctx.clock.today();
  for (const line of lines) {
    const lateSoFar = line.consegnatoIl !== null ? daysLate(line.dataRientro, today) : 0;
    tx.update(prestiti)
      .set({
        dataRientro: newEnd,
        dataRientroOriginale: line.dataRientroOriginale ?? line.dataRientro,
        giorniRitardoPregressi: line.giorniRitardoPregressi + lateSoFar,
        // Due later now: no longer overdue (the kept lateness still counts at the return).
        stato: line.stato === LOAN_STATE.overdue ? LOAN_STATE.active : line.stato,
      })
      .where(eq(prestiti.id, line.id))
      .run();
    recordAudit(tx, ctx.clock, actor, {
      action: "loan.extend",
      entity: "loan",
      entityId: line.id,
      summary: `Prestito #${line.id} di ${line.chi} prorogato: rientro dal ${formatItalianDate(line.dataRientro)} al ${formatItalianDate(newEnd)} (data di rientro originale ${formatItalianDate(line.dataRientroOriginale ?? line.dataRientro)})${lateSoFar > 0 ? `; i ${lateSoFar} giorni di ritardo già maturati restano contati` : ""}`,
    });
  }
  const [first] = lines as [LoanRow];
  if (first.prenotazioneId !== null) {
    tx.update(prenotazioni).set({ al: newEnd }).where(eq(prenotazioni.id, first.prenotazioneId)).run();
    addHistory(
      tx,
      ctx,
      actor,
      first.prenotazioneId,
      "prorogata",
      `Prorogata: rientro dal ${formatItalianDate(dueOf(lines))} al ${formatItalianDate(newEnd)}`,
    );
  }
}

function tellExtended(tx: Db, ctx: AppContext, loan: LoanRow, from: string, to: string) {
  if (loan.utenteId === null) return;
  notifyStudent(tx, ctx, {
    userId: loan.utenteId,
    tipo: "proroga_approvata",
    titolo: "Proroga approvata",
    messaggio: `Hai una proroga per ${subjectOf(tx, loan)}: ora rientra il ${formatItalianDate(to)} (prima il ${formatItalianDate(from)}).`,
    link: loan.prenotazioneId === null ? "/miei-prestiti" : `/prenotazioni/${loan.prenotazioneId}`,
  });
}

// ── Steps ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The student's request, inside the caller's transaction: their own open loan (or set), not overdue,
 * with no other overdue loan and not blocked, one pending request at a time. Answers the new id.
 */
export function requestExtensionStep(
  tx: WriteTx,
  ctx: AppContext,
  student: Actor,
  loanId: number,
  input: ExtensionRequestBody,
): number {
  if (isDesk(student)) throw forbidden("Il banco proroga direttamente il prestito, senza richiesta");
  const loan = loanOrNotFound(tx, loanId);
  if (!canSeeLoan(student, loan)) throw notFound("Prestito non trovato");
  const today = ctx.clock.today();
  // The account as it is now, not as the session read it: a return may have just blocked it.
  const account = tx.select().from(users).where(eq(users.id, student.id)).get() ?? student;
  if (account.isBlocked) throw blockedStudentError(account);
  const newEnd = calendarDay(input.al, INVALID_DATE);
  const reason = optionalText(input.motivo, 1000);
  if (!reason) throw badRequest("Scrivi il motivo della proroga");
  const lines = linesOf(tx, loan);
  if (lines.some((line) => isOverdue(line, today)))
    throw forbidden("Il prestito è scaduto: solo il banco può prorogarlo. Passa al banco il prima possibile");
  if (hasOverdueLoan(tx, student.id, today))
    throw forbidden("Hai un prestito scaduto: restituiscilo prima di chiedere una proroga");
  if (pendingExtensionOf(tx, loan))
    throw conflict("Hai già chiesto una proroga per questo prestito: attendi la risposta");
  assertExtensionFits(tx, lines, newEnd, today);
  const id = tx
    .insert(proroghe)
    .values({
      prestitoId: loan.id,
      prenotazioneId: loan.prenotazioneId,
      utenteId: student.id,
      dal: dueOf(lines),
      al: newEnd,
      motivo: reason,
      createdBy: student.id,
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning({ id: proroghe.id })
    .get().id;
  recordAudit(tx, ctx.clock, student, {
    action: "loan.extension_request",
    entity: "loan",
    entityId: loan.id,
    summary: `Chiesta la proroga del prestito #${loan.id} al ${formatItalianDate(newEnd)}: ${reason}`,
  });
  return id;
}

function pendingOrConflict(tx: Db, id: number): ExtensionRow {
  const extension = tx.select().from(proroghe).where(eq(proroghe.id, id)).get();
  if (!extension) throw notFound("Proroga non trovata");
  if (extension.stato !== EXTENSION_STATE.pending) throw conflict("La proroga è già stata gestita");
  return extension;
}

/** The desk's approval, inside the caller's transaction: the rules are checked again, then the lines move. */
export function approveExtensionStep(tx: WriteTx, ctx: AppContext, admin: Actor, id: number): void {
  const extension = pendingOrConflict(tx, id);
  const loan = loanOrNotFound(tx, extension.prestitoId);
  const lines = linesOf(tx, loan);
  const today = ctx.clock.today();
  assertDeskMayExtend(tx, lines, today);
  assertExtensionFits(tx, lines, extension.al, today);
  const from = dueOf(lines);
  moveDueDate(tx, ctx, admin, lines, extension.al);
  tx.update(proroghe)
    .set({ stato: EXTENSION_STATE.approved, dal: from, handledBy: admin.id, handledAt: ctx.clock.now().toISOString() })
    .where(eq(proroghe.id, id))
    .run();
  tellExtended(tx, ctx, loan, from, extension.al);
}

/** The desk's refusal, inside the caller's transaction: a reason the student reads; the due date stays. */
export function refuseExtensionStep(
  tx: WriteTx,
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ExtensionRefusalBody,
): void {
  const reason = optionalText(input.motivo, 1000);
  assertReasonGiven(reason);
  const extension = pendingOrConflict(tx, id);
  const loan = loanOrNotFound(tx, extension.prestitoId);
  tx.update(proroghe)
    .set({ stato: EXTENSION_STATE.refused, ...refusedBy(admin, reason, ctx.clock.now().toISOString()) })
    .where(eq(proroghe.id, id))
    .run();
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.extension_refuse",
    entity: "loan",
    entityId: loan.id,
    summary: `Rifiutata la proroga del prestito #${loan.id} al ${formatItalianDate(extension.al)}: ${reason}`,
  });
  if (loan.utenteId !== null)
    notifyStudent(tx, ctx, {
      userId: loan.utenteId,
      tipo: "proroga_rifiutata",
      titolo: "Proroga rifiutata",
      messaggio: `La proroga al ${formatItalianDate(extension.al)} per ${subjectOf(tx, loan)} è stata rifiutata. Motivo: ${reason}. Il rientro resta il ${formatItalianDate(loan.dataRientro)}.`,
      link: loan.prenotazioneId === null ? "/miei-prestiti" : `/prenotazioni/${loan.prenotazioneId}`,
    });
}

/**
 * The desk extends at once, inside the caller's transaction, an overdue loan included (its lateness so
 * far is kept). A pending request of the student for the same loan is answered by it: approved when it
 * asked for this very date, otherwise refused as superseded. Answers the extension's id.
 */
export function extendLoanStep(
  tx: WriteTx,
  ctx: AppContext,
  admin: Actor,
  loanId: number,
  input: DirectExtensionBody,
): number {
  const loan = loanOrNotFound(tx, loanId);
  const newEnd = calendarDay(input.al, INVALID_DATE);
  const lines = linesOf(tx, loan);
  const today = ctx.clock.today();
  assertDeskMayExtend(tx, lines, today);
  assertExtensionFits(tx, lines, newEnd, today);
  const from = dueOf(lines);
  const now = ctx.clock.now().toISOString();
  const pending = pendingExtensionOf(tx, loan);
  if (pending)
    tx.update(proroghe)
      .set(
        pending.al === newEnd
          ? { stato: EXTENSION_STATE.approved, dal: from, handledBy: admin.id, handledAt: now }
          : {
              stato: EXTENSION_STATE.refused,
              ...refusedBy(admin, `Il banco ha prorogato al ${formatItalianDate(newEnd)}`, now),
            },
      )
      .where(eq(proroghe.id, pending.id))
      .run();
  moveDueDate(tx, ctx, admin, lines, newEnd);
  const id =
    pending?.al === newEnd
      ? pending.id
      : tx
          .insert(proroghe)
          .values({
            prestitoId: loan.id,
            prenotazioneId: loan.prenotazioneId,
            utenteId: loan.utenteId,
            dal: from,
            al: newEnd,
            stato: EXTENSION_STATE.approved,
            createdBy: admin.id,
            createdAt: now,
            handledBy: admin.id,
            handledAt: now,
          })
          .returning({ id: proroghe.id })
          .get().id;
  tellExtended(tx, ctx, loan, from, newEnd);
  return id;
}

// ── Reads ─────────────────────────────────────────────────────────────────────────────────────────

function loadExtensionViews(db: Db, where: SQL | undefined): ExtensionView[] {
  const rows = db
    .select({
      extension: proroghe,
      itemName: inventario.nome,
      loanChi: prestiti.chi,
      user: { name: users.name, surname: users.surname },
    })
    .from(proroghe)
    .innerJoin(prestiti, eq(prestiti.id, proroghe.prestitoId))
    .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
    .leftJoin(users, eq(users.id, proroghe.utenteId))
    .where(where)
    .orderBy(desc(proroghe.createdAt), desc(proroghe.id))
    .limit(200)
    .all();
  return rows.map(({ extension, itemName, loanChi, user }) => {
    const lines = linesOf(db, loanOrNotFound(db, extension.prestitoId));
    return {
      id: extension.id,
      prestito_id: extension.prestitoId,
      prenotazione_id: extension.prenotazioneId,
      dal: extension.dal,
      al: extension.al,
      motivo: extension.motivo,
      stato: extension.stato,
      motivo_rifiuto: extension.motivoRifiuto,
      utente_id: extension.utenteId,
      utente_nome: user ? `${user.name} ${user.surname}` : loanChi,
      articolo_nome: extension.prenotazioneId === null ? itemName : `Prenotazione #${extension.prenotazioneId}`,
      unita: unitsStillOut(db, lines).map((unit) => unit.code),
      created_at: extension.createdAt,
      handled_at: extension.handledAt,
    };
  });
}

function extensionView(db: Db, id: number): ExtensionView {
  const [view] = loadExtensionViews(db, eq(proroghe.id, id));
  if (!view) throw notFound("Proroga non trovata");
  return view;
}

/** One student's extensions waiting for the desk, newest first: the student page decides them. */
export function pendingExtensionsOfStudent(db: Db, userId: number): ExtensionView[] {
  return loadExtensionViews(db, and(eq(proroghe.utenteId, userId), eq(proroghe.stato, EXTENSION_STATE.pending)));
}

/** The desk's list (every student's), or a student's own; the newest 200, of one state when asked. */
export function listExtensions(ctx: AppContext, actor: Actor, query: ExtensionListQuery): ExtensionView[] {
  const own = isDesk(actor) ? undefined : eq(proroghe.utenteId, actor.id);
  return loadExtensionViews(ctx.db, and(own, query.stato ? eq(proroghe.stato, query.stato) : undefined));
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────

/** A student asks to extend their loan, in a transaction of its own. */
export function requestExtension(ctx: AppContext, student: Actor, loanId: number, input: ExtensionRequestBody) {
  const id = extensionRecordingRefusal(ctx, (tx) => requestExtensionStep(tx, ctx, student, loanId, input));
  return extensionView(ctx.db, id);
}

export function approveExtension(ctx: AppContext, admin: Actor, id: number): ExtensionAnswer {
  extensionRecordingRefusal(ctx, (tx) => approveExtensionStep(tx, ctx, admin, id));
  return { message: "Proroga approvata: la data di rientro è cambiata", proroga: extensionView(ctx.db, id) };
}

export function refuseExtension(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ExtensionRefusalBody,
): ExtensionAnswer {
  writeTransaction(ctx.db, (tx) => refuseExtensionStep(tx, ctx, admin, id, input));
  return { message: "Proroga rifiutata", proroga: extensionView(ctx.db, id) };
}

export function extendLoan(ctx: AppContext, admin: Actor, loanId: number, input: DirectExtensionBody): ExtensionAnswer {
  const id = extensionRecordingRefusal(ctx, (tx) => extendLoanStep(tx, ctx, admin, loanId, input));
  return { message: `Prestito prorogato al ${formatItalianDate(input.al)}`, proroga: extensionView(ctx.db, id) };
}
