import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { placeholderValue, preparedQuery } from "../../db/prepared";
import { inventario, prestiti, prestitiUnita, riparazioni, segnalazioni } from "../../db/schema";
import { idList, inIds } from "../../db/sql";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { canMoveLoan, LOAN_STATE } from "../../domain/bookings";
import { type ReturnConsequences, returnConsequences } from "../../domain/loan-rules";
import { checklistItems } from "../../domain/loan-terms";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { offerFreedUnitsStep } from "../demand/offers";
import { type LateReturnOutcome, recordLateReturn } from "../penalties/service";
import { refreshSetState } from "../sets/settle";
import { openShortagesStep } from "../sets/shortages";
import { readSettings } from "../settings/service";
import { cancelLoanStep } from "./cancel";
import { borrowerStanding, loanOrNotFound } from "./guards";
import type { LoanView, ReturnAnswer, ReturnBody, ReturnCondition } from "./model";
import { loanView } from "./reads";
import { unitsToTakeBack } from "./units-to-return";
import { loanUnits } from "./views";

/**
 * Which units of an open loan a return takes back (all those still out when `unitIds` is absent) and
 * what it does to the borrower: the one computation behind both the preview and the return.
 */
function planReturn(db: Db, id: number, unitIds: number[] | undefined, today: string) {
  const loan = loanOrNotFound(db, id);
  if (!canMoveLoan(loan.stato, LOAN_STATE.returned)) throw conflict("Il prestito non è attivo");
  const { out, returning } = unitsToTakeBack(
    loanUnits(db, id),
    (unit) => unit.id,
    unitIds,
    "Le unità scelte non appartengono a questo prestito",
  );
  const settings = readSettings(db);
  const consequences = returnConsequences({
    dueDate: loan.dataRientro,
    keptLateDays: loan.giorniRitardoPregressi,
    returnedOn: today,
    lastUnits: returning.length === out.length,
    borrower: borrowerStanding(db, loan.utenteId),
    scale: settings.scala_penalita,
    blockAt: settings.soglia_blocco,
  });
  return {
    loan,
    returning,
    remaining: out.length - returning.length,
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

/**
 * The accessories said missing, each one of the item's checklist lines (as the checklist spells it). A
 * set's accessories are its own and come back with the set's return.
 */
function missingAccessories(setId: number | null, checklist: string | null | undefined, named: string[]): string[] {
  if (named.length === 0) return [];
  if (setId !== null)
    throw badRequest("Gli accessori di una prenotazione si indicano alla restituzione della prenotazione");
  const listed = checklistItems(checklist);
  const missing = new Set<string>();
  for (const name of named) {
    const key = name.trim().toLocaleLowerCase("it");
    const line = listed.find((candidate) => candidate.toLocaleLowerCase("it") === key);
    if (!line) throw badRequest(`L'accessorio ${name.trim()} non è tra gli accessori di questo articolo`);
    missing.add(line);
  }
  return [...missing];
}
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

/** What a return step did: cancelled a loan never handed over, or took units back. */
export type ReturnOutcome = { cancelled: true } | ({ cancelled: false } & TakenBack);

interface TakenBack {
  ended: boolean;
  repairs: number[];
  shortages: number[];
  penalty: LateReturnOutcome | null;
  consequences: ReturnConsequences;
  remaining: number;
  borrower: string;
  itemName: string;
}

/**
 * The return step, inside the caller's transaction: takes back some or all units of a loan. The loan
 * ends when its last unit is back; lateness then turns into strikes (the same rule as the preview). A
 * loan never handed over is cancelled instead (DESIGN §3.3: `restituisci` on it does what `annulla` does).
 */
export function returnLoanStep(
  tx: WriteTx,
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ReturnBody = {},
): ReturnOutcome {
  const stored = loanOrNotFound(tx, id);
  // The spec's clients know no cancel call: ending a loan nobody collected cancels it (nothing went out, so
  // the body's units and condition do not apply).
  if (stored.stato !== LOAN_STATE.returned && !stored.consegnatoIl) {
    cancelLoanStep(tx, ctx, admin, id);
    return { cancelled: true };
  }
  const today = ctx.clock.today();
  const plan = planReturn(tx, id, input.unita_ids, today);
  const { loan, returning, consequences } = plan;
  const item = itemChecklist(tx).get({ itemId: loan.inventarioId });
  const missing = missingAccessories(loan.prenotazioneId, item?.checklist, input.accessori_mancanti ?? []);
  // Missing accessories make a return incomplete, and say what is missing when the desk wrote nothing.
  const condition: ReturnCondition =
    (input.condizione ?? "ok") === "ok" && missing.length > 0 ? "incompleto" : (input.condizione ?? "ok");
  const note = input.nota?.trim() || (missing.length > 0 ? `Mancano: ${missing.join(", ")}` : null);
  if (condition === "danneggiato" && !note) throw badRequest(DAMAGE_NOTE);
  if (condition === "incompleto" && !note) throw badRequest(MISSING_NOTE);
  markUnitsBack(tx).run({
    today,
    condition,
    note,
    loanId: id,
    unitIds: idList(returning.map((unit) => unit.id)),
  });
  const repairs =
    condition === "danneggiato"
      ? returning.map((unit) => openDamageRepair(tx, ctx, admin, loan, unit, note as string))
      : [];
  const ended = plan.remaining === 0;
  if (ended) markLoanReturned(tx).run({ id, today });
  const shortages = openShortagesStep(
    tx,
    ctx,
    { loanId: id },
    loan.utenteId,
    missing.map((nome) => ({ nome, quantita: 1 })),
  );
  // A line of a set is late with its set, once, when the set's last line is back (src/modules/sets/settle.ts).
  const penalty =
    loan.prenotazioneId === null
      ? recordLateReturn(tx, ctx, admin, {
          loanId: id,
          userId: loan.utenteId,
          itemName: item?.nome ?? "",
          daysLate: consequences.giorni_ritardo,
          strikes: consequences.strike,
        })
      : refreshSetState(tx, ctx, admin, loan.prenotazioneId);
  // A unit back before its due date is free for the days left: a waiting list may take them.
  offerFreedUnitsStep(tx, ctx, [loan.inventarioId]);
  const codes = returning.map((unit) => unit.code).join(", ");
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.return",
    entity: "loan",
    entityId: id,
    summary: `${ended ? "Restituito il prestito" : "Restituzione parziale del prestito"} #${id} di ${loan.chi} (${codes}, ${conditionLabel(condition)}${note ? `: ${note}` : ""})${penalty ? ` con ${penalty.daysLate} giorni di ritardo (${penalty.strikes} penalità)` : ""}`,
  });
  return {
    cancelled: false,
    ended,
    repairs,
    shortages,
    penalty,
    // A line of a set answers the strikes this return actually recorded: none until the set's last line is
    // back, then the set's, with the lateness they were counted on. A single loan answers its own.
    consequences:
      loan.prenotazioneId === null
        ? consequences
        : {
            giorni_ritardo: penalty?.daysLate ?? consequences.giorni_ritardo,
            strike: penalty?.strikes ?? 0,
            blocco: penalty?.blocked ?? false,
          },
    remaining: plan.remaining,
    borrower: loan.chi,
    itemName: item?.nome ?? "",
  };
}

const itemChecklist = preparedQuery((db) =>
  db
    .select({ nome: inventario.nome, checklist: inventario.checklist })
    .from(inventario)
    .where(eq(inventario.id, sql.placeholder("itemId")))
    .prepare(),
);

const markUnitsBack = preparedQuery((db) =>
  db
    .update(prestitiUnita)
    .set({
      restituitaIl: placeholderValue("today"),
      condizione: placeholderValue("condition"),
      notaRientro: placeholderValue("note"),
    })
    .where(
      and(
        eq(prestitiUnita.prestitoId, sql.placeholder("loanId")),
        inIds(prestitiUnita.unitId, sql.placeholder("unitIds")),
      ),
    )
    .prepare(),
);

const markLoanReturned = preparedQuery((db) =>
  db
    .update(prestiti)
    .set({ stato: LOAN_STATE.returned, dataRestituzione: placeholderValue("today") })
    .where(eq(prestiti.id, sql.placeholder("id")))
    .prepare(),
);

/** Tells the desk's live screens of a committed return, and of the block it brought (a cancel tells nothing). */
export function announceReturn(ctx: AppContext, id: number, outcome: ReturnOutcome): void {
  if (outcome.cancelled) return;
  ctx.events.publish({ tipo: "restituzione", id, testo: `${outcome.borrower} ha restituito ${outcome.itemName}` });
  if (outcome.penalty?.blockedNow)
    ctx.events.publish({
      tipo: "blocco",
      id: outcome.penalty.userId,
      testo: `${outcome.borrower} è stato bloccato: ${outcome.penalty.totalStrikes} penalità`,
    });
}

/** A return as the API answers it, the loan as it now stands included. */
export function returnAnswer(outcome: ReturnOutcome, prestito: LoanView): ReturnAnswer {
  if (outcome.cancelled)
    return {
      message: "Prestito annullato: non era mai stato consegnato",
      concluso: true,
      giorni_ritardo: 0,
      strike: 0,
      blocco: false,
      riparazioni_ids: [],
      penalty: null,
      mancanze_ids: [],
      prestito,
    };
  return {
    message: outcome.ended ? "Prestito concluso" : `Restituzione parziale: ${outcome.remaining} unità ancora fuori`,
    concluso: outcome.ended,
    ...outcome.consequences,
    riparazioni_ids: outcome.repairs,
    mancanze_ids: outcome.shortages,
    penalty: outcome.penalty
      ? {
          strike_assegnati: outcome.penalty.strikes,
          totale: outcome.penalty.totalStrikes,
          bloccato: outcome.penalty.blocked,
        }
      : null,
    prestito,
  };
}

/** The desk takes back one loan's units, in a transaction of its own. */
export function returnLoan(ctx: AppContext, admin: Actor, id: number, input: ReturnBody = {}): ReturnAnswer {
  const outcome = writeTransaction(ctx.db, (tx) => returnLoanStep(tx, ctx, admin, id, input));
  announceReturn(ctx, id, outcome);
  return returnAnswer(outcome, loanView(ctx, id));
}

function conditionLabel(condition: ReturnCondition): string {
  if (condition === "danneggiato") return "danneggiata";
  if (condition === "incompleto") return "incompleta";
  return "tutto ok";
}
