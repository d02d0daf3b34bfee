import { and, eq } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { inventario, notifiche } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { LOAN_STATE } from "../../domain/bookings";
import { formatItalianDate } from "../../domain/dates";
import { conflict, tooManyRequests } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { notifyStudent } from "../notifications/service";
import { loanOrNotFound } from "./guards";

/*
 * The desk's reminder to bring a loan back (`promemoria`): a notification and its e-mail to the student
 * holding it. Once per loan per day, so a hurried desk cannot flood a student's inbox: the day's reminder
 * is a keyed notification, and a second one the same day answers 429.
 */

/** The key of a loan's reminder on a day: one notification per loan and day. */
const reminderKey = (loanId: number, day: string) => `promemoria:${loanId}:${day}`;

/** Sends the reminder inside the caller's transaction, after the loan's checks and the day's throttle. */
export function remindReturnStep(tx: WriteTx, ctx: AppContext, admin: Actor, loanId: number): void {
  const loan = loanOrNotFound(tx, loanId);
  if (loan.stato === LOAN_STATE.returned) throw conflict("Il prestito è già concluso: non c'è nulla da ricordare");
  if (loan.consegnatoIl === null)
    throw conflict("Il prestito non è ancora stato ritirato: non c'è nulla da restituire");
  if (loan.utenteId === null)
    throw conflict(`${loan.chi} non ha un account: il promemoria non ha nessuno a cui arrivare`);
  const today = ctx.clock.today();
  const key = reminderKey(loan.id, today);
  const sent = tx
    .select({ id: notifiche.id })
    .from(notifiche)
    .where(and(eq(notifiche.utenteId, loan.utenteId), eq(notifiche.chiave, key)))
    .get();
  if (sent) throw tooManyRequests("Promemoria già inviato oggi per questo prestito: potrai inviarne un altro domani");
  const itemName =
    tx.select({ name: inventario.nome }).from(inventario).where(eq(inventario.id, loan.inventarioId)).get()?.name ?? "";
  const due = formatItalianDate(loan.dataRientro);
  notifyStudent(tx, ctx, {
    userId: loan.utenteId,
    tipo: "promemoria_rientro",
    titolo: "Promemoria di restituzione",
    messaggio:
      loan.dataRientro < today
        ? `Il banco ti ricorda che ${itemName} andava restituito il ${due}: riportalo il prima possibile.`
        : `Il banco ti ricorda di restituire ${itemName} entro il ${due}.`,
    link: loan.prenotazioneId === null ? "/miei-prestiti" : `/prenotazioni/${loan.prenotazioneId}`,
    chiave: key,
  });
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.remind",
    entity: "loan",
    entityId: loan.id,
    summary: `Promemoria di restituzione del prestito #${loan.id} (${itemName}, rientro il ${due}) inviato a ${loan.chi}`,
  });
}

export function remindReturn(ctx: AppContext, admin: Actor, loanId: number) {
  writeTransaction(ctx.db, (tx) => remindReturnStep(tx, ctx, admin, loanId));
  return { message: "Promemoria inviato allo studente" };
}
