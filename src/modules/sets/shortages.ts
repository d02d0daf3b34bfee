import { eq, isNotNull, isNull } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { mancanze } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import type { MailContext } from "../mail/service";
import { notifyStudent } from "../notifications/service";
import { assignManualPenaltyStep } from "../penalties/service";
import { optionalText } from "../text-fields";
import type { ResolveShortageBody } from "./model";
import { addHistory } from "./set-rows";
import { loadShortages } from "./views";

/**
 * The one place of the mancanze: the set's return and the single loan's return open them here, and the
 * desk resolves either kind with the same call. A mancanza belongs to a set or to a single loan.
 */
export type ShortageOwner = { setId: number; loanId?: undefined } | { loanId: number; setId?: undefined };

const OUTCOME_TEXT = {
  restituito: "riportato dallo studente",
  sostituito: "sostituito",
  penalita: "chiuso con una penalità",
} as const;

/** How the student and the desk read what a mancanza belongs to. */
function ownerText(owner: ShortageOwner): string {
  return owner.setId !== undefined ? `prenotazione #${owner.setId}` : `prestito #${owner.loanId}`;
}

/** Where the student's notice points: the set's page, or their loans. */
function studentLink(owner: ShortageOwner): string {
  return owner.setId !== undefined ? `/prenotazioni/${owner.setId}` : "/miei-prestiti";
}

/** "2 × Batteria, 1 × Tappo": how a list of missing accessories reads everywhere. */
export function missingText(missing: ReadonlyArray<{ nome: string; quantita: number }>): string {
  return missing.map((accessory) => `${accessory.quantita} × ${accessory.nome}`).join(", ");
}

/**
 * Opens a mancanza for each accessory that did not come back, inside the return's transaction, and tells
 * the student once. Answers the new mancanze's ids.
 */
export function openShortagesStep(
  tx: WriteTx,
  ctx: MailContext,
  owner: ShortageOwner,
  studentId: number | null,
  missing: ReadonlyArray<{ nome: string; quantita: number }>,
): number[] {
  if (missing.length === 0) return [];
  const now = ctx.clock.now().toISOString();
  const ids = missing.map(
    (accessory) =>
      tx
        .insert(mancanze)
        .values({
          prenotazioneId: owner.setId ?? null,
          prestitoId: owner.loanId ?? null,
          utenteId: studentId,
          nome: accessory.nome,
          quantita: accessory.quantita,
          createdAt: now,
        })
        .returning({ id: mancanze.id })
        .get().id,
  );
  if (studentId !== null)
    notifyStudent(tx, ctx, {
      userId: studentId,
      tipo: "mancanza",
      titolo: "Accessori mancanti",
      messaggio: `Alla restituzione ${owner.setId !== undefined ? "della" : "del"} ${ownerText(owner)} mancano: ${missingText(missing)}. Riportali al banco prestiti.`,
      link: studentLink(owner),
    });
  return ids;
}

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
 * Who gets the strike of a mancanza settled with a penalty. A deleted student's mancanza has nobody to
 * strike: refused, so the desk closes it another way instead of a penalty silently given to no one.
 */
function studentWhoOwes(shortage: { utenteId: number | null }): number {
  if (shortage.utenteId === null)
    throw conflict("Lo studente non esiste più: risolvi la mancanza come restituita o sostituita");
  return shortage.utenteId;
}

/**
 * Closes a missing accessory of a set or of a single loan: brought back, replaced, or settled with a
 * penalty, which gives its student one strike by the manual penalty's rule (audited, told, counted
 * towards the block), once: a mancanza is resolved only once.
 */
export function resolveShortage(ctx: AppContext, admin: Actor, id: number, input: ResolveShortageBody) {
  writeTransaction(ctx.db, (tx) => {
    const shortage = tx.select().from(mancanze).where(eq(mancanze.id, id)).get();
    if (!shortage) throw notFound("Mancanza non trovata");
    if (shortage.risoltaIl) throw conflict("La mancanza è già stata risolta");
    const strikeTo = input.esito === "penalita" ? studentWhoOwes(shortage) : null;
    const note = optionalText(input.nota, 1000);
    tx.update(mancanze)
      .set({ esito: input.esito, nota: note, risoltaIl: ctx.clock.now().toISOString(), risoltaDa: admin.id })
      .where(eq(mancanze.id, id))
      .run();
    const owner: ShortageOwner =
      shortage.prenotazioneId !== null ? { setId: shortage.prenotazioneId } : { loanId: shortage.prestitoId as number };
    const text = `${shortage.quantita} × ${shortage.nome} ${OUTCOME_TEXT[input.esito]}${note ? `: ${note}` : ""}`;
    if (owner.setId !== undefined)
      addHistory(tx, ctx, admin, owner.setId, "mancanza_risolta", `Mancanza risolta: ${text}`);
    if (strikeTo !== null)
      assignManualPenaltyStep(tx, ctx, admin, {
        userId: strikeTo,
        strikes: 1,
        motivo: `Accessorio non restituito: ${shortage.quantita} × ${shortage.nome} (${ownerText(owner)})`,
      });
    recordAudit(tx, ctx.clock, admin, {
      action: owner.setId !== undefined ? "set.shortage.resolve" : "loan.shortage.resolve",
      entity: owner.setId !== undefined ? "set" : "loan",
      entityId: owner.setId ?? owner.loanId,
      summary: `${ownerText(owner).replace(/^./, (first) => first.toUpperCase())}: ${text}`,
    });
  });
  const [view] = loadShortages(ctx.db, eq(mancanze.id, id));
  if (!view) throw notFound("Mancanza non trovata");
  return { message: "Mancanza risolta", mancanza: view };
}
