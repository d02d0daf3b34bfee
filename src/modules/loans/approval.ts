import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { placeholderValue, preparedQuery } from "../../db/prepared";
import { inventario, prestiti, prestitiUnita, richieste, unita, type users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { LOAN_STATE, REQUEST_STATE } from "../../domain/bookings";
import { datesText } from "../../domain/dates";
import { DEMAND_EVENT } from "../../domain/demand";
import { penaltyWarning } from "../../domain/loan-rules";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { recordDemandStep } from "../demand/events";
import { offerFreedUnitsStep } from "../demand/offers";
import { unitsOfItem } from "../inventory/units";
import { notifyStudent } from "../notifications/service";
import { refreshSetState } from "../sets/settle";
import { readSettings } from "../settings/service";
import { optionalText } from "../text-fields";
import { assertUnitBookable } from "./bookings";
import { assertCanMove, blockedBorrowerError, requestOrNotFound, userRow } from "./guards";
import type { ApprovalAnswer, RejectBody } from "./model";
import { assertReasonGiven, refusedBy } from "./refusal";

/** The item's name and the unit's code, as a student reads them in a notification. */
export function bookingLabel(db: Db, unitId: number): string {
  const row = unitLabel(db).get({ unitId });
  return row ? `${row.name} (${row.code})` : "l'articolo richiesto";
}

const unitLabel = preparedQuery((db) =>
  db
    .select({ name: inventario.nome, code: unita.codiceUnivoco })
    .from(unita)
    .innerJoin(inventario, eq(inventario.id, unita.inventarioId))
    .where(eq(unita.id, sql.placeholder("unitId")))
    .prepare(),
);

/** The unit the desk hands out instead of the one asked for, when it chooses another. */
export interface ApprovalChoice {
  unitId?: number | null;
}

type RequestRow = typeof richieste.$inferSelect;
type BorrowerRow = typeof users.$inferSelect;

/**
 * Turns a pending request into an active loan of its unit, or of `unitId`, another unit of the same item
 * free for the request's dates; inside the caller's transaction. A single approval and a whole set's both
 * go through here, and each tells the student once.
 */
export function loanFromRequest(
  tx: WriteTx,
  ctx: AppContext,
  admin: Actor,
  approval: { request: RequestRow; borrower: BorrowerRow; unitId?: number | null },
): { loanId: number; unitId: number } {
  const { request, borrower } = approval;
  const id = request.id;
  assertCanMove(request, REQUEST_STATE.approved);
  if (request.al < ctx.clock.today())
    throw conflict("Le date della richiesta sono già passate: rifiutala e chiedi una nuova richiesta");
  const unitId = approval.unitId ?? request.unitId;
  if (unitId !== request.unitId) {
    const [sameItem] = unitsOfItem(tx, request.inventarioId, [unitId]);
    if (!sameItem) throw badRequest("L'unità scelta non appartiene all'articolo della richiesta");
  }
  assertUnitBookable(tx, { unitId, from: request.dal, to: request.al, today: ctx.clock.today(), ignoreRequestId: id });
  const now = ctx.clock.now().toISOString();
  const loan = insertLoanOfRequest(tx).get({
    utenteId: borrower.id,
    chi: `${borrower.name} ${borrower.surname}`,
    utenteEmail: borrower.email,
    inventarioId: request.inventarioId,
    richiestaId: request.id,
    prenotazioneId: request.prenotazioneId,
    dataUscita: request.dal,
    dataRientro: request.al,
    tipoUtilizzo: request.tipoUtilizzo,
    note: request.note,
    createdBy: admin.id,
    createdAt: now,
  });
  if (!loan) throw new Error(`Il prestito della richiesta ${id} non è stato scritto`);
  insertLoanUnit(tx).run({ loanId: loan.id, unitId });
  markRequestApproved(tx).run({ id, unitId, adminId: admin.id, now });
  recordAudit(tx, ctx.clock, admin, {
    action: "request.approve",
    entity: "request",
    entityId: id,
    summary: `Approvata la richiesta di ${borrower.name} ${borrower.surname} (${request.dal} → ${request.al}): prestito #${loan.id}${unitId !== request.unitId ? `, con l'unità ${bookingLabel(tx, unitId)} al posto di quella chiesta` : ""}`,
  });
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.create",
    entity: "loan",
    entityId: loan.id,
    summary: `Prestito creato dalla richiesta #${id} per ${borrower.name} ${borrower.surname}`,
  });
  return { loanId: loan.id, unitId };
}

const insertLoanOfRequest = preparedQuery((db) =>
  db
    .insert(prestiti)
    .values({
      utenteId: sql.placeholder("utenteId"),
      chi: sql.placeholder("chi"),
      utenteEmail: sql.placeholder("utenteEmail"),
      inventarioId: sql.placeholder("inventarioId"),
      richiestaId: sql.placeholder("richiestaId"),
      prenotazioneId: sql.placeholder("prenotazioneId"),
      dataUscita: sql.placeholder("dataUscita"),
      dataRientro: sql.placeholder("dataRientro"),
      tipoUtilizzo: sql.placeholder("tipoUtilizzo"),
      note: sql.placeholder("note"),
      stato: LOAN_STATE.active,
      createdBy: sql.placeholder("createdBy"),
      createdAt: sql.placeholder("createdAt"),
    })
    .returning({ id: prestiti.id })
    .prepare(),
);

const insertLoanUnit = preparedQuery((db) =>
  db
    .insert(prestitiUnita)
    .values({ prestitoId: sql.placeholder("loanId"), unitId: sql.placeholder("unitId") })
    .prepare(),
);

const markRequestApproved = preparedQuery((db) =>
  db
    .update(richieste)
    .set({
      stato: REQUEST_STATE.approved,
      unitId: placeholderValue("unitId"),
      handledBy: placeholderValue("adminId"),
      handledAt: placeholderValue("now"),
    })
    .where(eq(richieste.id, sql.placeholder("id")))
    .prepare(),
);

/** The borrower of a request, as they are now: the desk never approves for a blocked one. */
export function borrowerOfRequest(tx: Db, request: { utenteId: number | null }): BorrowerRow {
  const borrower = request.utenteId ? userRow(tx, request.utenteId) : undefined;
  if (!borrower) throw conflict("L'utente della richiesta non esiste più");
  if (borrower.isBlocked) throw blockedBorrowerError(borrower);
  return borrower;
}

/** The answer of an approval: the borrower's strikes, so the desk can warn them at the counter. */
export function penaltyInfo(db: Db, strikes: number): ApprovalAnswer["penaltyInfo"] {
  return { hasStrikes: strikes > 0, strikes, warning: penaltyWarning(strikes, readSettings(db).soglia_blocco) };
}

/**
 * The approval step, inside the caller's transaction: the request becomes an active loan of its unit. The
 * desk may hand out another unit of the same item instead (`unitId`), provided it is free for the
 * request's dates. Answers the new loan and the borrower's strikes.
 */
export function approveRequestStep(
  tx: WriteTx,
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ApprovalChoice = {},
): { loanId: number; strikes: number } {
  const request = requestOrNotFound(tx, id);
  assertCanMove(request, REQUEST_STATE.approved);
  const borrower = borrowerOfRequest(tx, request);
  const { loanId, unitId } = loanFromRequest(tx, ctx, admin, { request, borrower, unitId: input.unitId });
  if (request.prenotazioneId !== null) refreshSetState(tx, ctx, admin, request.prenotazioneId);
  notifyStudent(tx, ctx, {
    userId: borrower.id,
    tipo: "richiesta_approvata",
    titolo: "Richiesta approvata",
    messaggio: `La tua richiesta di ${bookingLabel(tx, unitId)} ${datesText(request.dal, request.al)} è stata approvata.`,
    link: "/miei-prestiti",
  });
  return { loanId, strikes: borrower.penaltyStrikes };
}

/** The desk approves one request, in a transaction of its own. */
export function approveRequest(ctx: AppContext, admin: Actor, id: number, input: ApprovalChoice = {}): ApprovalAnswer {
  const { loanId, strikes } = writeTransaction(ctx.db, (tx) => approveRequestStep(tx, ctx, admin, id, input));
  return { message: "Richiesta approvata: il prestito è attivo", loanId, penaltyInfo: penaltyInfo(ctx.db, strikes) };
}

/**
 * The refusal step, inside the caller's transaction: a pending request is refused with a reason the
 * student will read; the unit is free again.
 */
export function rejectRequestStep(tx: WriteTx, ctx: AppContext, admin: Actor, id: number, input: RejectBody): void {
  const reason = optionalText(input.motivo_rifiuto, 1000) ?? optionalText(input.motivazione, 1000);
  const request = requestOrNotFound(tx, id);
  assertCanMove(request, REQUEST_STATE.refused);
  assertReasonGiven(reason);
  tx.update(richieste)
    .set({ stato: REQUEST_STATE.refused, ...refusedBy(admin, reason, ctx.clock.now().toISOString()) })
    .where(eq(richieste.id, id))
    .run();
  if (request.prenotazioneId !== null) refreshSetState(tx, ctx, admin, request.prenotazioneId);
  recordDemandStep(tx, ctx, {
    tipo: DEMAND_EVENT.refused,
    studentId: request.utenteId,
    itemId: request.inventarioId,
    dal: request.dal,
    al: request.al,
    testo: reason,
    riferimentoId: id,
  });
  offerFreedUnitsStep(tx, ctx, [request.inventarioId]);
  if (request.utenteId !== null)
    notifyStudent(tx, ctx, {
      userId: request.utenteId,
      tipo: "richiesta_rifiutata",
      titolo: "Richiesta rifiutata",
      messaggio: `La tua richiesta di ${bookingLabel(tx, request.unitId)} ${datesText(request.dal, request.al)} è stata rifiutata. Motivo: ${reason}`,
      link: "/miei-prestiti?tab=rifiutati",
    });
  recordAudit(tx, ctx.clock, admin, {
    action: "request.reject",
    entity: "request",
    entityId: id,
    summary: `Rifiutata la richiesta #${id}: ${reason}`,
  });
}

/** The desk refuses one request, in a transaction of its own. */
export function rejectRequest(ctx: AppContext, admin: Actor, id: number, input: RejectBody) {
  writeTransaction(ctx.db, (tx) => rejectRequestStep(tx, ctx, admin, id, input));
  return { message: "Richiesta rifiutata" };
}
