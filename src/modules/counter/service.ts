import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, prestiti, prestitiUnita, riparazioni, segnalazioni, unita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { canMoveLoan, LOAN_STATE } from "../../domain/bookings";
import { formatItalianDate } from "../../domain/dates";
import {
  HANDOVER_MESSAGES,
  handoverProblem,
  noShowStartsBefore,
  type ReturnConsequences,
  returnConsequences,
} from "../../domain/loan-rules";
import { parseScannedCode, typedKitId } from "../../domain/public-url";
import { textKey } from "../../domain/text-key";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { loadUnitViews } from "../inventory/unit-status";
import { liveUnits } from "../inventory/units";
import { scanKit } from "../kits/scan";
import { setDueAtTheCounter } from "../kits/set-links";
import { type OpenLoanOfUnit, openLoansOfUnits } from "../loans/open-loans";
import { loanView } from "../loans/service";
import { notifyStudent } from "../notifications/service";
import { recordLateReturn } from "../penalties/service";
import { readSettings } from "../settings/service";
import type { ReturnAnswer, ReturnBody, ReturnCondition, SCAN_ACTIONS } from "./model";

function loanOrNotFound(db: Db, id: number) {
  const loan = db.select().from(prestiti).where(eq(prestiti.id, id)).get();
  if (!loan) throw notFound("Prestito non trovato");
  return loan;
}

/** Records that the equipment changed hands today: from the loan's start day on, and once only. */
export function handOverLoan(ctx: AppContext, admin: Actor, id: number) {
  const today = ctx.clock.today();
  writeTransaction(ctx.db, (tx) => {
    const loan = loanOrNotFound(tx, id);
    const problem = handoverProblem({
      stato: loan.stato,
      startDate: loan.dataUscita,
      handedOverAt: loan.consegnatoIl,
      today,
    });
    if (problem) throw conflict(problem);
    tx.update(prestiti)
      .set({ consegnatoIl: ctx.clock.now().toISOString(), consegnatoDa: admin.id })
      .where(eq(prestiti.id, id))
      .run();
    recordAudit(tx, ctx.clock, admin, {
      action: "loan.handover",
      entity: "loan",
      entityId: id,
      summary: `Consegnato il prestito #${id} a ${loan.chi}`,
    });
  });
  return { message: "Consegna registrata", prestito: loanView(ctx, id) };
}

/** Marks a loan nobody collected as cancelled: its units are free again, and it never counts as late. */
function markCancelled(db: Db, loanId: number, at: string, byAdminId: number | null) {
  db.update(prestiti)
    .set({ stato: LOAN_STATE.returned, annullatoIl: at, annullatoDa: byAdminId })
    .where(eq(prestiti.id, loanId))
    .run();
}

/**
 * Cancels a loan nobody collected (a no-show or a mistake): the units are free again, the loan stays
 * in the history as cancelled, and no lateness or strike is ever counted for it.
 */
export function cancelLoan(ctx: AppContext, admin: Actor, id: number) {
  writeTransaction(ctx.db, (tx) => {
    const loan = loanOrNotFound(tx, id);
    if (loan.stato === LOAN_STATE.returned) throw conflict(HANDOVER_MESSAGES.closed);
    if (loan.consegnatoIl) throw conflict(HANDOVER_MESSAGES.cancelAfterHandover);
    markCancelled(tx, id, ctx.clock.now().toISOString(), admin.id);
    recordAudit(tx, ctx.clock, admin, {
      action: "loan.cancel",
      entity: "loan",
      entityId: id,
      summary: `Annullato il prestito #${id} di ${loan.chi}: mai ritirato`,
    });
  });
  return { message: "Prestito annullato", prestito: loanView(ctx, id) };
}

/**
 * The periodic job: loans never handed over whose student let the start day and `giorni_ritiro` more go
 * by are cancelled as no-shows, and each student is told in the same transaction. Returns how many.
 */
export function cancelNoShows(ctx: AppContext): number {
  const today = ctx.clock.today();
  return writeTransaction(ctx.db, (tx) => {
    const collectionDays = readSettings(tx).giorni_ritiro;
    const noShows = tx
      .select({
        id: prestiti.id,
        userId: prestiti.utenteId,
        start: prestiti.dataUscita,
        end: prestiti.dataRientro,
        itemName: inventario.nome,
      })
      .from(prestiti)
      .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
      .where(
        and(
          eq(prestiti.stato, LOAN_STATE.active),
          isNull(prestiti.consegnatoIl),
          lt(prestiti.dataUscita, noShowStartsBefore(today, collectionDays)),
        ),
      )
      .all();
    const now = ctx.clock.now().toISOString();
    for (const loan of noShows) {
      markCancelled(tx, loan.id, now, null);
      if (loan.userId !== null)
        notifyStudent(tx, ctx, {
          userId: loan.userId,
          tipo: "prestito_annullato",
          titolo: "Prestito annullato",
          messaggio: `Il prestito #${loan.id} di ${loan.itemName} (dal ${formatItalianDate(loan.start)} al ${formatItalianDate(loan.end)}) è stato annullato: non è stato ritirato entro ${collectionDays} ${collectionDays === 1 ? "giorno" : "giorni"} dall'inizio.`,
          link: "/miei-prestiti",
        });
    }
    return noShows.length;
  });
}

/**
 * Which units of an open loan a return takes back (all those still out when `unitIds` is absent) and
 * what it does to the borrower: the one computation behind both the preview and the return.
 */
function planReturn(db: Db, id: number, unitIds: number[] | undefined, today: string) {
  const loan = loanOrNotFound(db, id);
  if (!canMoveLoan(loan.stato, LOAN_STATE.returned)) throw conflict("Il prestito non è attivo");
  const units = db
    .select({ id: unita.id, code: unita.codiceUnivoco, returnedOn: prestitiUnita.restituitaIl })
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(eq(prestitiUnita.prestitoId, id))
    .orderBy(unita.codiceUnivoco)
    .all();
  const out = units.filter((unit) => unit.returnedOn === null);
  const chosen = unitIds ? [...new Set(unitIds)] : out.map((unit) => unit.id);
  if (chosen.length === 0) throw badRequest("Seleziona almeno un'unità da restituire");
  for (const unitId of chosen) {
    const unit = units.find((candidate) => candidate.id === unitId);
    if (!unit) throw badRequest("Le unità scelte non appartengono a questo prestito");
    if (unit.returnedOn) throw conflict(`L'unità ${unit.code} è già stata restituita`);
  }
  const borrower = loan.utenteId
    ? db
        .select({ strikes: users.penaltyStrikes, blocked: users.isBlocked })
        .from(users)
        .where(eq(users.id, loan.utenteId))
        .get()
    : undefined;
  const settings = readSettings(db);
  const consequences = returnConsequences({
    dueDate: loan.dataRientro,
    returnedOn: today,
    lastUnits: chosen.length === out.length,
    borrower: borrower ?? null,
    scale: settings.scala_penalita,
    blockAt: settings.soglia_blocco,
  });
  return {
    loan,
    returning: out.filter((unit) => chosen.includes(unit.id)),
    remaining: out.length - chosen.length,
    consequences,
  };
}

export function returnPreview(
  ctx: AppContext,
  id: number,
  unitIds: number[] | undefined,
): ReturnConsequences & { unita_rimanenti: number } {
  const plan = planReturn(ctx.db, id, unitIds, ctx.clock.today());
  return { ...plan.consequences, unita_rimanenti: plan.remaining };
}

const DAMAGE_NOTE = "Descrivi il danno";
const MISSING_NOTE = "Indica cosa manca";

/** A damaged unit comes back into a fault report and a repair, linked both ways, inside the return. */
function openDamageRepair(
  db: Db,
  ctx: AppContext,
  admin: Actor,
  loan: { id: number; inventarioId: number; utenteId: number | null },
  unit: { id: number; code: string },
  note: string,
): number {
  const now = ctx.clock.now().toISOString();
  const report = db
    .insert(segnalazioni)
    .values({
      userId: loan.utenteId,
      inventarioId: loan.inventarioId,
      unitId: unit.id,
      prestitoId: loan.id,
      tipo: "danneggiamento",
      urgenza: "media",
      messaggio: `Danno rilevato al rientro: ${note}`,
      stato: "in_corso",
      handledBy: admin.id,
      handledAt: now,
      createdAt: now,
    })
    .returning({ id: segnalazioni.id })
    .get();
  const repair = db
    .insert(riparazioni)
    .values({
      inventarioId: loan.inventarioId,
      unitId: unit.id,
      descrizione: `Danno rilevato al rientro del prestito #${loan.id}: ${note}`,
      priorita: "media",
      stato: "in_corso",
      dataInizio: ctx.clock.today(),
      segnalazioneId: report.id,
      createdBy: admin.id,
      createdAt: now,
    })
    .returning({ id: riparazioni.id })
    .get();
  db.update(segnalazioni).set({ riparazioneId: repair.id }).where(eq(segnalazioni.id, report.id)).run();
  recordAudit(db, ctx.clock, admin, {
    action: "repair.create",
    entity: "repair",
    entityId: repair.id,
    summary: `Unità ${unit.code} in riparazione: danneggiata al rientro del prestito #${loan.id}`,
  });
  return repair.id;
}

/**
 * Takes back some or all units of a loan. The loan ends when its last unit is back; lateness then
 * turns into strikes (the same rule as the preview). A loan never handed over is cancelled instead
 * (DESIGN §3.3: `restituisci` on it does what `annulla` does).
 */
export function returnLoan(ctx: AppContext, admin: Actor, id: number, input: ReturnBody = {}) {
  const stored = loanOrNotFound(ctx.db, id);
  // The spec's clients know no cancel call: ending a loan nobody collected cancels it (nothing went out, so
  // the body's units and condition do not apply).
  if (stored.stato !== LOAN_STATE.returned && !stored.consegnatoIl) return cancelledByReturn(ctx, admin, id);
  const today = ctx.clock.today();
  const condition: ReturnCondition = input.condizione ?? "ok";
  const note = input.nota?.trim() || null;
  if (condition === "danneggiato" && !note) throw badRequest(DAMAGE_NOTE);
  if (condition === "incompleto" && !note) throw badRequest(MISSING_NOTE);
  const outcome = writeTransaction(ctx.db, (tx) => {
    const plan = planReturn(tx, id, input.unita_ids, today);
    const { loan, returning, consequences } = plan;
    tx.update(prestitiUnita)
      .set({ restituitaIl: today, condizione: condition, notaRientro: note })
      .where(
        and(
          eq(prestitiUnita.prestitoId, id),
          inArray(
            prestitiUnita.unitId,
            returning.map((unit) => unit.id),
          ),
        ),
      )
      .run();
    const repairs =
      condition === "danneggiato"
        ? returning.map((unit) => openDamageRepair(tx, ctx, admin, loan, unit, note as string))
        : [];
    const ended = plan.remaining === 0;
    if (ended)
      tx.update(prestiti).set({ stato: LOAN_STATE.returned, dataRestituzione: today }).where(eq(prestiti.id, id)).run();
    const item = tx
      .select({ nome: inventario.nome })
      .from(inventario)
      .where(eq(inventario.id, loan.inventarioId))
      .get();
    const penalty = recordLateReturn(tx, ctx, admin, {
      loanId: id,
      userId: loan.utenteId,
      itemName: item?.nome ?? "",
      daysLate: consequences.giorni_ritardo,
      strikes: consequences.strike,
    });
    const codes = returning.map((unit) => unit.code).join(", ");
    recordAudit(tx, ctx.clock, admin, {
      action: "loan.return",
      entity: "loan",
      entityId: id,
      summary: `${ended ? "Restituito il prestito" : "Restituzione parziale del prestito"} #${id} di ${loan.chi} (${codes}, ${conditionLabel(condition)}${note ? `: ${note}` : ""})${penalty ? ` con ${penalty.daysLate} giorni di ritardo (${penalty.strikes} penalità)` : ""}`,
    });
    return {
      ended,
      repairs,
      penalty,
      consequences,
      remaining: plan.remaining,
      borrower: loan.chi,
      itemName: item?.nome ?? "",
    };
  });
  ctx.events.publish({ tipo: "restituzione", id, testo: `${outcome.borrower} ha restituito ${outcome.itemName}` });
  if (outcome.penalty?.blockedNow)
    ctx.events.publish({
      tipo: "blocco",
      id: outcome.penalty.userId,
      testo: `${outcome.borrower} è stato bloccato: ${outcome.penalty.totalStrikes} penalità`,
    });
  return {
    message: outcome.ended ? "Prestito concluso" : `Restituzione parziale: ${outcome.remaining} unità ancora fuori`,
    concluso: outcome.ended,
    ...outcome.consequences,
    riparazioni_ids: outcome.repairs,
    penalty: outcome.penalty
      ? {
          strike_assegnati: outcome.penalty.strikes,
          totale: outcome.penalty.totalStrikes,
          bloccato: outcome.penalty.blocked,
        }
      : null,
    prestito: loanView(ctx, id),
  };
}

/** A return of a loan never handed over, answered in the return's shape: cancelled, with nothing late. */
function cancelledByReturn(ctx: AppContext, admin: Actor, id: number): ReturnAnswer {
  const { prestito } = cancelLoan(ctx, admin, id);
  return {
    message: "Prestito annullato: non era mai stato consegnato",
    concluso: true,
    giorni_ritardo: 0,
    strike: 0,
    blocco: false,
    riparazioni_ids: [],
    penalty: null,
    prestito,
  };
}

function conditionLabel(condition: ReturnCondition): string {
  if (condition === "danneggiato") return "danneggiata";
  if (condition === "incompleto") return "incompleta";
  return "tutto ok";
}

export type ScanAction = (typeof SCAN_ACTIONS)[number];

/** The open loan that holds each unit and has not taken it back: handed over first, else the next one. */
function holdingLoans(db: Db, unitIds: number[]) {
  const holding = new Map<number, OpenLoanOfUnit>();
  for (const loan of openLoansOfUnits(db, unitIds)) {
    const kept = holding.get(loan.unitId);
    if (!kept || (loan.handedOverAt && !kept.handedOverAt)) holding.set(loan.unitId, loan);
  }
  return holding;
}

/**
 * What the desk can do with what it scanned or typed: for each unit found, its loan to take back, its
 * loan to hand over (from the start day), or a free unit to lend; for a kit's label, the kit. Either way,
 * the set due at the counter that it belongs to, so the Banco opens the whole set.
 */
export function lookupScan(ctx: AppContext, text: string) {
  const scanned = parseScannedCode(text);
  if (!scanned) throw badRequest("Scansiona o scrivi un codice");
  if (scanned.kind === "kit") return scanKit(ctx, scanned.kitId);
  const today = ctx.clock.today();
  const match =
    scanned.kind === "unit" ? eq(unita.codiceChiave, textKey(scanned.code)) : eq(unita.inventarioId, scanned.itemId);
  const found = liveUnits(ctx.db, match);
  if (found.length === 0) {
    // A kit's code typed by hand (KIT-12), when no unit has that very code.
    const kitId = scanned.kind === "unit" ? typedKitId(scanned.code) : null;
    if (kitId !== null) return scanKit(ctx, kitId);
    throw notFound(scanned.kind === "unit" ? `Nessuna unità con il codice ${scanned.code}` : "Articolo non trovato");
  }
  const unitIds = found.map((unit) => unit.id);
  const stateOf = new Map(loadUnitViews(ctx.db, today, { unitIds }).map((state) => [state.id, state]));
  const holding = holdingLoans(ctx.db, unitIds);
  const unitsFound = found.flatMap((unit) => {
    const state = stateOf.get(unit.id);
    if (!state) return [];
    const loanId = holding.get(unit.id)?.loanId;
    const loan = loanId === undefined ? null : loanView(ctx, loanId);
    let azione: ScanAction = "non_disponibile";
    if (loan?.consegnato_il) azione = "restituzione";
    else if (loan && loan.data_uscita <= today) azione = "consegna";
    else if (state.stato === "disponibile" || state.stato === "riservato") azione = "prestito";
    return {
      id: unit.id,
      codice_univoco: unit.code,
      inventario_id: unit.itemId,
      oggetto_nome: unit.itemName,
      checklist: unit.checklist,
      tipo_prestito: unit.loanType,
      stato: state.stato,
      azione,
      prestito: loan,
    };
  });
  return { unita: unitsFound, kit: null, prenotazione_id: setDueAtTheCounter(ctx.db, { unitIds }, today) };
}
