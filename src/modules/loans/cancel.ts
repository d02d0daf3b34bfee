import { and, eq, isNull, lt } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, prestiti } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { LOAN_STATE } from "../../domain/bookings";
import { formatItalianDate } from "../../domain/dates";
import { DEMAND_EVENT } from "../../domain/demand";
import { HANDOVER_MESSAGES, noShowStartsBefore } from "../../domain/loan-rules";
import { conflict } from "../../http/errors";
import { recordAudit, SCHEDULED_JOBS_ACTOR } from "../audit/service";
import { recordDemandStep } from "../demand/events";
import { offerFreedUnitsStep } from "../demand/offers";
import { notifyStudent } from "../notifications/service";
import { refreshSetState } from "../sets/settle";
import { readSettings } from "../settings/service";
import { loanOrNotFound } from "./guards";
import { loanView } from "./reads";

/** Marks a loan nobody collected as cancelled: its units are free again, and it never counts as late. */
export function markCancelled(db: Db, loanId: number, at: string, byAdminId: number | null) {
  db.update(prestiti)
    .set({ stato: LOAN_STATE.returned, annullatoIl: at, annullatoDa: byAdminId })
    .where(eq(prestiti.id, loanId))
    .run();
}

/**
 * The cancel step, inside the caller's transaction: a loan nobody collected (a no-show or a mistake) is
 * cancelled; the units are free again, the loan stays in the history as cancelled, and no lateness or
 * strike is ever counted for it.
 */
export function cancelLoanStep(tx: WriteTx, ctx: AppContext, admin: Actor, id: number): void {
  const loan = loanOrNotFound(tx, id);
  if (loan.stato === LOAN_STATE.returned) throw conflict(HANDOVER_MESSAGES.closed);
  if (loan.consegnatoIl) throw conflict(HANDOVER_MESSAGES.cancelAfterHandover);
  markCancelled(tx, id, ctx.clock.now().toISOString(), admin.id);
  if (loan.prenotazioneId !== null) refreshSetState(tx, ctx, admin, loan.prenotazioneId);
  offerFreedUnitsStep(tx, ctx, [loan.inventarioId]);
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.cancel",
    entity: "loan",
    entityId: id,
    summary: `Annullato il prestito #${id} di ${loan.chi}: mai ritirato`,
  });
}

/** The desk cancels one loan nobody collected, in a transaction of its own. */
export function cancelLoan(ctx: AppContext, admin: Actor, id: number) {
  writeTransaction(ctx.db, (tx) => cancelLoanStep(tx, ctx, admin, id));
  return { message: "Prestito annullato", prestito: loanView(ctx, id) };
}

/**
 * The periodic job: loans never handed over whose student let the start day and `giorni_ritiro` more go
 * by are cancelled as no-shows, their sets follow, and each student is told in the same transaction.
 * Returns how many.
 */
export function cancelNoShows(ctx: AppContext): number {
  const today = ctx.clock.today();
  return writeTransaction(ctx.db, (tx) => {
    const collectionDays = readSettings(tx).giorni_ritiro;
    const noShows = tx
      .select({
        id: prestiti.id,
        setId: prestiti.prenotazioneId,
        userId: prestiti.utenteId,
        itemId: prestiti.inventarioId,
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
    const within = `entro ${collectionDays} ${collectionDays === 1 ? "giorno" : "giorni"} dall'inizio`;
    const linesOfSet = new Map<number, typeof noShows>();
    for (const loan of noShows) {
      markCancelled(tx, loan.id, now, null);
      recordDemandStep(tx, ctx, {
        tipo: DEMAND_EVENT.noShow,
        studentId: loan.userId,
        itemId: loan.itemId,
        dal: loan.start,
        al: loan.end,
        riferimentoId: loan.id,
      });
      if (loan.setId !== null) linesOfSet.set(loan.setId, [...(linesOfSet.get(loan.setId) ?? []), loan]);
      else if (loan.userId !== null)
        notifyStudent(tx, ctx, {
          userId: loan.userId,
          tipo: "prestito_annullato",
          titolo: "Prestito annullato",
          messaggio: `Il prestito #${loan.id} di ${loan.itemName} (dal ${formatItalianDate(loan.start)} al ${formatItalianDate(loan.end)}) è stato annullato: non è stato ritirato ${within}.`,
          link: "/miei-prestiti",
        });
    }
    // A set's lines go together: the set follows them once (it may end, or be cancelled whole, as when the
    // desk cancels a line), and its student gets one notice naming them all, not one per line.
    for (const [setId, lines] of linesOfSet) {
      refreshSetState(tx, ctx, SCHEDULED_JOBS_ACTOR, setId);
      const [first] = lines;
      if (!first || first.userId === null) continue;
      notifyStudent(tx, ctx, {
        userId: first.userId,
        tipo: "prestito_annullato",
        titolo: "Prenotazione annullata",
        messaggio: `Della prenotazione #${setId} (dal ${formatItalianDate(first.start)} al ${formatItalianDate(first.end)}) ${lines.length === 1 ? "è stato annullato" : "sono stati annullati"} ${lines.map((line) => line.itemName).join(", ")}: ${lines.length === 1 ? "non è stato ritirato" : "non sono stati ritirati"} ${within}.`,
        link: "/mie-prenotazioni",
      });
    }
    if (noShows.length > 0) offerFreedUnitsStep(tx, ctx, "every item");
    return noShows.length;
  });
}
