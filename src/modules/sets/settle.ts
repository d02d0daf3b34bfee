import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { placeholderValue, preparedQuery } from "../../db/prepared";
import { inventario, prenotazioni, prestiti, richieste } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { type ReturnConsequences, returnConsequences } from "../../domain/loan-rules";
import { latestLine, SET_STATE, setStateFromLines } from "../../domain/sets";
import type { AuditActor } from "../audit/service";
import { borrowerStanding } from "../loans/guards";
import type { MailContext } from "../mail/service";
import { type LateReturnOutcome, recordLateReturn } from "../penalties/service";
import { readSettings } from "../settings/service";
import { addHistory, setRow } from "./set-rows";

/** The lines of a set back so far, with their due and return days: what its lateness is read from. */
export function returnedLines(db: Db, setId: number) {
  return db
    .select({
      loanId: prestiti.id,
      due: prestiti.dataRientro,
      keptLateDays: prestiti.giorniRitardoPregressi,
      returnedOn: prestiti.dataRestituzione,
    })
    .from(prestiti)
    .where(and(eq(prestiti.prenotazioneId, setId), isNotNull(prestiti.dataRestituzione)))
    .all()
    .map((line) => ({ ...line, returnedOn: line.returnedOn as string }));
}

/** What the set's return does to its student: the lateness of its latest line, and strikes only at its end. */
export function setReturnConsequences(
  db: Db,
  setId: number,
  lines: Array<{ loanId: number; due: string; keptLateDays: number; returnedOn: string }>,
  ending: boolean,
): ReturnConsequences & { loanId: number | null } {
  const set = db.select({ userId: prenotazioni.utenteId }).from(prenotazioni).where(eq(prenotazioni.id, setId)).get();
  const latest = latestLine(lines);
  if (!latest) return { giorni_ritardo: 0, strike: 0, blocco: false, loanId: null };
  const settings = readSettings(db);
  return {
    ...returnConsequences({
      dueDate: latest.due,
      keptLateDays: latest.keptLateDays,
      returnedOn: latest.returnedOn,
      lastUnits: ending,
      borrower: borrowerStanding(db, set?.userId ?? null),
      scale: settings.scala_penalita,
      blockAt: settings.soglia_blocco,
    }),
    loanId: latest.loanId,
  };
}

/**
 * What the penalty names: the model of the latest line, as a single loan's penalty does (so a set of one
 * reads exactly like a single request), with how many more units the set held.
 */
function penaltyItemName(tx: Db, latestLoanId: number, setId: number): string {
  const name =
    tx
      .select({ name: inventario.nome })
      .from(prestiti)
      .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
      .where(eq(prestiti.id, latestLoanId))
      .get()?.name ?? "";
  const others = returnedLines(tx, setId).length - 1;
  return others > 0 ? `${name} e altre ${others} unità (prenotazione #${setId})` : name;
}

/** The state of every line of a set, as setStateFromLines reads them. */
function lineStates(tx: Db, setId: number) {
  return linesWithLoans(tx)
    .all({ setId })
    .map((line) => ({
      request: line.request,
      loan: line.loanId === null ? null : { open: Boolean(line.open), handedOver: line.handedOverAt !== null },
    }));
}

const linesWithLoans = preparedQuery((db) =>
  db
    .select({
      request: richieste.stato,
      loanId: prestiti.id,
      open: inArray(prestiti.stato, OPEN_LOAN_STATES),
      handedOverAt: prestiti.consegnatoIl,
    })
    .from(richieste)
    .leftJoin(prestiti, eq(prestiti.richiestaId, richieste.id))
    .where(eq(richieste.prenotazioneId, sql.placeholder("setId")))
    .prepare(),
);

const moveSet = preparedQuery((db) =>
  db
    .update(prenotazioni)
    .set({
      stato: placeholderValue("stato"),
      handledAt: placeholderValue("handledAt"),
      consegnatoIl: placeholderValue("consegnatoIl"),
      restituitoIl: placeholderValue("restituitoIl"),
    })
    .where(eq(prenotazioni.id, sql.placeholder("setId")))
    .prepare(),
);

/**
 * Brings a set's state in line with its lines, inside the transaction that changed one of them: the set's
 * own calls and the spec's calls on a single line both end here. When the set's last line comes back it
 * ends, and earns the strikes of one late return (by its latest line); until then a line back late earns
 * nothing on its own. Returns that penalty, if any.
 */
export function refreshSetState(tx: Db, ctx: MailContext, actor: AuditActor, setId: number): LateReturnOutcome | null {
  const set = setRow(tx, setId);
  if (!set) return null;
  const stato = setStateFromLines(lineStates(tx, setId));
  if (stato === set.stato) return null;
  const now = ctx.clock.now().toISOString();
  const closing = stato === SET_STATE.closed;
  moveSet(tx).run({
    setId,
    stato,
    handledAt: set.handledAt ?? (set.stato === SET_STATE.pending ? now : null),
    consegnatoIl: stato === SET_STATE.out ? (set.consegnatoIl ?? now) : set.consegnatoIl,
    restituitoIl: closing ? ctx.clock.today() : set.restituitoIl,
  });
  if (!closing) return null;
  const consequences = setReturnConsequences(tx, setId, returnedLines(tx, setId), true);
  addHistory(
    tx,
    ctx,
    actor,
    setId,
    "conclusa",
    consequences.giorni_ritardo > 0
      ? `Prenotazione conclusa con ${consequences.giorni_ritardo} giorni di ritardo`
      : "Prenotazione conclusa",
  );
  if (consequences.loanId === null) return null;
  return recordLateReturn(tx, ctx, actor, {
    loanId: consequences.loanId,
    userId: set.utenteId,
    itemName: penaltyItemName(tx, consequences.loanId, setId),
    daysLate: consequences.giorni_ritardo,
    strikes: consequences.strike,
  });
}
