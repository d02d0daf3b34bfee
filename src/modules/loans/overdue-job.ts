import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { prestiti } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { LOAN_STATE } from "../../domain/bookings";
import { addDays, formatItalianDate } from "../../domain/dates";
import { notifyStudentsOnce } from "../notifications/service";
import { overdueNotYetMarked } from "./overdue";

/**
 * The periodic job: handed-over loans past their due date become `scaduto`, and their borrowers hear of
 * it every day until they return it; borrowers of handed-over loans due tomorrow get a reminder.
 * Idempotent within a day: each loan's notice of the day is stored once.
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
    // Every day a loan stays overdue its borrower hears of it again (once that day, however often the job runs).
    const stillOut = tx
      .select({ id: prestiti.id, userId: prestiti.utenteId, due: prestiti.dataRientro })
      .from(prestiti)
      .where(and(eq(prestiti.stato, LOAN_STATE.overdue), isNotNull(prestiti.utenteId)))
      .all();
    const dueTomorrow = tx
      .select({ id: prestiti.id, userId: prestiti.utenteId })
      .from(prestiti)
      .where(
        and(
          eq(prestiti.stato, LOAN_STATE.active),
          isNotNull(prestiti.consegnatoIl),
          eq(prestiti.dataRientro, tomorrow),
          isNotNull(prestiti.utenteId),
        ),
      )
      .all();
    notifyStudentsOnce(tx, ctx, [
      ...stillOut.map((loan) => ({
        userId: loan.userId as number,
        tipo: "prestito_scaduto" as const,
        titolo: "Prestito scaduto",
        messaggio: `Il prestito #${loan.id} doveva rientrare il ${formatItalianDate(loan.due)}: restituiscilo al più presto, ogni giorno di ritardo può costare penalità.`,
        link: "/miei-prestiti",
        chiave: `scaduto:${loan.id}:${today}`,
      })),
      ...dueTomorrow.map((loan) => ({
        userId: loan.userId as number,
        tipo: "scadenza_domani" as const,
        titolo: "Restituzione domani",
        messaggio: `Il prestito #${loan.id} va restituito domani, ${formatItalianDate(tomorrow)}.`,
        link: "/miei-prestiti",
        chiave: `domani:${loan.id}`,
      })),
    ]);
    return overdue.length;
  });
}
