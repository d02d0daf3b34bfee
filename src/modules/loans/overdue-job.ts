import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { prestiti } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { LOAN_STATE } from "../../domain/bookings";
import { addDays, formatItalianDate } from "../../domain/dates";
import { notifyStudentsOnce } from "../notifications/service";
import { overdueNotYetMarked } from "./overdue";

/** An open loan the job tells its borrower of, with the set it belongs to (null for a single loan). */
interface NoticeLine {
  id: number;
  setId: number | null;
  userId: number | null;
  due: string;
}

/**
 * The notices' subjects: each single loan on its own, each set once (however many of its lines are out),
 * by its earliest due date, so a shoot's five units make one notice a day, not five.
 */
function noticeSubjects(lines: NoticeLine[]) {
  const sets = new Map<number, { setId: number; userId: number; due: string; units: number }>();
  const loans: Array<{ id: number; userId: number; due: string }> = [];
  for (const line of lines) {
    if (line.userId === null) continue;
    if (line.setId === null) {
      loans.push({ id: line.id, userId: line.userId, due: line.due });
      continue;
    }
    const set = sets.get(line.setId);
    if (set) {
      set.units += 1;
      if (line.due < set.due) set.due = line.due;
    } else sets.set(line.setId, { setId: line.setId, userId: line.userId, due: line.due, units: 1 });
  }
  return { loans, sets: [...sets.values()] };
}

const unitsText = (units: number) => (units === 1 ? "1 unità" : `${units} unità`);

/**
 * The periodic job: handed-over loans past their due date become `scaduto`, and their borrowers hear of
 * it every day until they return it; borrowers of handed-over loans due tomorrow get a reminder. A set is
 * told of once, not once per line. Idempotent within a day: each notice of the day is stored once.
 */
export function markOverdueLoans(ctx: AppContext): number {
  const today = ctx.clock.today();
  const tomorrow = addDays(today, 1);
  return writeTransaction(ctx.db, (tx) => {
    const overdue = tx
      .update(prestiti)
      .set({ stato: LOAN_STATE.overdue })
      .where(overdueNotYetMarked(today))
      .returning({ id: prestiti.id })
      .all();
    const noticeLine = {
      id: prestiti.id,
      setId: prestiti.prenotazioneId,
      userId: prestiti.utenteId,
      due: prestiti.dataRientro,
    };
    // Every day a loan stays overdue its borrower hears of it again (once that day, however often the job runs).
    const stillOut = noticeSubjects(
      tx
        .select(noticeLine)
        .from(prestiti)
        .where(and(eq(prestiti.stato, LOAN_STATE.overdue), isNotNull(prestiti.utenteId)))
        .all(),
    );
    const dueTomorrow = noticeSubjects(
      tx
        .select(noticeLine)
        .from(prestiti)
        .where(
          and(
            eq(prestiti.stato, LOAN_STATE.active),
            isNotNull(prestiti.consegnatoIl),
            eq(prestiti.dataRientro, tomorrow),
            isNotNull(prestiti.utenteId),
          ),
        )
        .all(),
    );
    notifyStudentsOnce(tx, ctx, [
      ...stillOut.loans.map((loan) => ({
        userId: loan.userId,
        tipo: "prestito_scaduto" as const,
        titolo: "Prestito scaduto",
        messaggio: `Il prestito #${loan.id} doveva rientrare il ${formatItalianDate(loan.due)}: restituiscilo al più presto, ogni giorno di ritardo può costare penalità.`,
        link: "/miei-prestiti",
        chiave: `scaduto:${loan.id}:${today}`,
      })),
      ...stillOut.sets.map((set) => ({
        userId: set.userId,
        tipo: "prestito_scaduto" as const,
        titolo: "Prenotazione scaduta",
        messaggio: `La prenotazione #${set.setId} (${unitsText(set.units)} ancora fuori) doveva rientrare il ${formatItalianDate(set.due)}: restituiscila al più presto, ogni giorno di ritardo può costare penalità.`,
        link: `/prenotazioni/${set.setId}`,
        chiave: `scaduto-prenotazione:${set.setId}:${today}`,
      })),
      ...dueTomorrow.loans.map((loan) => ({
        userId: loan.userId,
        tipo: "scadenza_domani" as const,
        titolo: "Restituzione domani",
        messaggio: `Il prestito #${loan.id} va restituito domani, ${formatItalianDate(tomorrow)}.`,
        link: "/miei-prestiti",
        chiave: `domani:${loan.id}`,
      })),
      ...dueTomorrow.sets.map((set) => ({
        userId: set.userId,
        tipo: "scadenza_domani" as const,
        titolo: "Restituzione domani",
        messaggio: `La prenotazione #${set.setId} (${unitsText(set.units)}) va restituita domani, ${formatItalianDate(tomorrow)}.`,
        link: `/prenotazioni/${set.setId}`,
        chiave: `domani-prenotazione:${set.setId}`,
      })),
    ]);
    return overdue.length;
  });
}
