import { eq } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { prestiti } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { handoverProblem } from "../../domain/loan-rules";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { refreshSetState } from "../sets/settle";
import { loanOrNotFound } from "./guards";
import { loanView } from "./reads";

/**
 * The hand-over step, inside the caller's transaction: the equipment changed hands today, from the loan's
 * start day on, and once only.
 */
export function handOverStep(tx: WriteTx, ctx: AppContext, admin: Actor, id: number): void {
  const loan = loanOrNotFound(tx, id);
  const problem = handoverProblem({
    stato: loan.stato,
    startDate: loan.dataUscita,
    handedOverAt: loan.consegnatoIl,
    today: ctx.clock.today(),
  });
  if (problem) throw conflict(problem);
  tx.update(prestiti)
    .set({ consegnatoIl: ctx.clock.now().toISOString(), consegnatoDa: admin.id })
    .where(eq(prestiti.id, id))
    .run();
  if (loan.prenotazioneId !== null) refreshSetState(tx, ctx, admin, loan.prenotazioneId);
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.handover",
    entity: "loan",
    entityId: id,
    summary: `Consegnato il prestito #${id} a ${loan.chi}`,
  });
}

/** The desk hands one loan over, in a transaction of its own. */
export function handOverLoan(ctx: AppContext, admin: Actor, id: number) {
  writeTransaction(ctx.db, (tx) => handOverStep(tx, ctx, admin, id));
  return { message: "Consegna registrata", prestito: loanView(ctx, id) };
}
