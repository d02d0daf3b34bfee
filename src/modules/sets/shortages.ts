import { eq, isNotNull, isNull } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { mancanze, prenotazioni } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { assignManualPenaltyStep } from "../penalties/service";
import { optionalText } from "../text-fields";
import type { ResolveShortageBody } from "./model";
import { addHistory } from "./set-rows";
import { loadShortages } from "./views";

const OUTCOME_TEXT = {
  restituito: "riportato dallo studente",
  sostituito: "sostituito",
  penalita: "chiuso con una penalità",
} as const;

/** The desk's list of missing accessories: the open ones (the dashboard's count) or the resolved ones. */
export function listShortages(ctx: AppContext, query: { stato?: string }) {
  const where =
    query.stato === "risolte"
      ? isNotNull(mancanze.risoltaIl)
      : query.stato === "aperte"
        ? isNull(mancanze.risoltaIl)
        : undefined;
  return loadShortages(ctx.db, where);
}

/**
 * Closes a missing accessory: brought back, replaced, or settled with a penalty, which gives the set's
 * student one strike by the manual penalty's rule (audited, told, counted towards the block), once: a
 * mancanza is resolved only once.
 */
export function resolveShortage(ctx: AppContext, admin: Actor, id: number, input: ResolveShortageBody) {
  writeTransaction(ctx.db, (tx) => {
    const shortage = tx.select().from(mancanze).where(eq(mancanze.id, id)).get();
    if (!shortage) throw notFound("Mancanza non trovata");
    if (shortage.risoltaIl) throw conflict("La mancanza è già stata risolta");
    const note = optionalText(input.nota, 1000);
    tx.update(mancanze)
      .set({ esito: input.esito, nota: note, risoltaIl: ctx.clock.now().toISOString(), risoltaDa: admin.id })
      .where(eq(mancanze.id, id))
      .run();
    const text = `${shortage.quantita} × ${shortage.nome} ${OUTCOME_TEXT[input.esito]}${note ? `: ${note}` : ""}`;
    addHistory(tx, ctx, admin, shortage.prenotazioneId, "mancanza_risolta", `Mancanza risolta: ${text}`);
    const student = tx
      .select({ id: prenotazioni.utenteId })
      .from(prenotazioni)
      .where(eq(prenotazioni.id, shortage.prenotazioneId))
      .get()?.id;
    if (input.esito === "penalita" && student)
      assignManualPenaltyStep(tx, ctx, admin, {
        userId: student,
        strikes: 1,
        motivo: `Accessorio non restituito: ${shortage.quantita} × ${shortage.nome} (prenotazione #${shortage.prenotazioneId})`,
      });
    recordAudit(tx, ctx.clock, admin, {
      action: "set.shortage.resolve",
      entity: "set",
      entityId: shortage.prenotazioneId,
      summary: `Prenotazione #${shortage.prenotazioneId}: ${text}`,
    });
  });
  const [view] = loadShortages(ctx.db, eq(mancanze.id, id));
  if (!view) throw notFound("Mancanza non trovata");
  return { message: "Mancanza risolta", mancanza: view };
}
