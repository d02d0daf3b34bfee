import type { AppContext } from "../../context";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { DEMAND_EVENT } from "../../domain/demand";
import { HttpError } from "../../http/errors";
import { recordDemandStep } from "../demand/events";

/** Who wanted the unit longer, which item, and the days the extension asked for. */
export interface RefusedExtensionDemand {
  studentId: number | null;
  itemId: number;
  loanId: number;
  dal: string;
  al: string;
}

/** The 409 of an extension that meets another booking of the unit: unmet demand for the item. */
export class BookedAfterLoanError extends HttpError {
  constructor(
    message: string,
    extra: Record<string, unknown>,
    readonly demand: RefusedExtensionDemand,
  ) {
    super(409, message, extra);
  }
}

/**
 * An extension in a transaction of its own that, when a later booking of the unit refuses it, still
 * commits a demand event (`proroga_rifiutata`) and then answers the 409: the extension's own writes roll
 * back to a savepoint, the event is written in the same transaction that read the unit's bookings.
 */
export function extensionRecordingRefusal<T>(ctx: AppContext, extend: (tx: WriteTx) => T): T {
  const outcome = writeTransaction(ctx.db, (tx): { done: T } | { refused: BookedAfterLoanError } => {
    try {
      return { done: writeTransaction(tx, extend) };
    } catch (error) {
      if (!(error instanceof BookedAfterLoanError)) throw error;
      const { demand } = error;
      recordDemandStep(tx, ctx, {
        tipo: DEMAND_EVENT.extensionRefused,
        studentId: demand.studentId,
        itemId: demand.itemId,
        dal: demand.dal,
        al: demand.al,
        testo: error.message,
        riferimentoId: demand.loanId,
      });
      return { refused: error };
    }
  });
  if ("refused" in outcome) throw outcome.refused;
  return outcome.done;
}
