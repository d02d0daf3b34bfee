import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { Db } from "../../db/client";
import { prenotazioni, prestiti, users } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { type ReturnConsequences, returnConsequences } from "../../domain/loan-rules";
import { latestLine, SET_STATE } from "../../domain/sets";
import type { MailContext } from "../mail/service";
import { type LateReturnOutcome, recordLateReturn } from "../penalties/service";
import { readSettings } from "../settings/service";
import { addHistory } from "./set-rows";

/** The lines of a set back so far, with their due and return days: what its lateness is read from. */
export function returnedLines(db: Db, setId: number) {
  return db
    .select({ loanId: prestiti.id, due: prestiti.dataRientro, returnedOn: prestiti.dataRestituzione })
    .from(prestiti)
    .where(and(eq(prestiti.prenotazioneId, setId), isNotNull(prestiti.dataRestituzione)))
    .all()
    .map((line) => ({ ...line, returnedOn: line.returnedOn as string }));
}

/** What the set's return does to its student: the lateness of its latest line, and strikes only at its end. */
export function setReturnConsequences(
  db: Db,
  setId: number,
  lines: Array<{ loanId: number; due: string; returnedOn: string }>,
  ending: boolean,
): ReturnConsequences & { loanId: number | null } {
  const set = db.select({ userId: prenotazioni.utenteId }).from(prenotazioni).where(eq(prenotazioni.id, setId)).get();
  const borrower = set?.userId
    ? db
        .select({ strikes: users.penaltyStrikes, blocked: users.isBlocked })
        .from(users)
        .where(eq(users.id, set.userId))
        .get()
    : undefined;
  const latest = latestLine(lines);
  if (!latest) return { giorni_ritardo: 0, strike: 0, blocco: false, loanId: null };
  const settings = readSettings(db);
  return {
    ...returnConsequences({
      dueDate: latest.due,
      returnedOn: latest.returnedOn,
      lastUnits: ending,
      borrower: borrower ?? null,
      scale: settings.scala_penalita,
      blockAt: settings.soglia_blocco,
    }),
    loanId: latest.loanId,
  };
}

/**
 * Called by every return of a loan that is a line of a set, inside its transaction: when the set's last
 * line is back, the set ends and earns the strikes of one late return (by its latest line). Until then a
 * line back late earns nothing on its own.
 */
export function settleSetReturn(tx: Db, ctx: MailContext, admin: Actor, setId: number): LateReturnOutcome | null {
  const stillOpen = tx
    .select({ id: prestiti.id })
    .from(prestiti)
    .where(and(eq(prestiti.prenotazioneId, setId), inArray(prestiti.stato, OPEN_LOAN_STATES)))
    .get();
  const set = tx.select().from(prenotazioni).where(eq(prenotazioni.id, setId)).get();
  if (stillOpen || !set || set.stato !== SET_STATE.out) return null;
  const consequences = setReturnConsequences(tx, setId, returnedLines(tx, setId), true);
  const today = ctx.clock.today();
  tx.update(prenotazioni).set({ stato: SET_STATE.closed, restituitoIl: today }).where(eq(prenotazioni.id, setId)).run();
  addHistory(
    tx,
    ctx,
    admin,
    setId,
    "conclusa",
    consequences.giorni_ritardo > 0
      ? `Prenotazione conclusa con ${consequences.giorni_ritardo} giorni di ritardo`
      : "Prenotazione conclusa",
  );
  if (consequences.loanId === null) return null;
  return recordLateReturn(tx, ctx, admin, {
    loanId: consequences.loanId,
    userId: set.utenteId,
    itemName: set.kitNome ? `kit ${set.kitNome} (prenotazione #${setId})` : `prenotazione #${setId}`,
    daysLate: consequences.giorni_ritardo,
    strikes: consequences.strike,
  });
}
