import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { placeholderValue, preparedQuery } from "../../db/prepared";
import { prenotazioni, prenotazioniAccessori, prestiti, prestitiUnita, richieste, unita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { handoverProblem } from "../../domain/loan-rules";
import { SET_STATE, signatureProblem } from "../../domain/sets";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { assertUnitBookable } from "../loans/bookings";
import { markCancelled } from "../loans/cancel";
import type { HandOverSetBody, SignSetBody } from "./model";
import { renderSetReceipt } from "./receipt";
import { addHistory, setLoanUnits, setOrNotFound, setRowFor } from "./set-rows";
import { refreshSetState } from "./settle";

/** The set's loans not handed over yet, with their unit: what the desk can still tick. */
const linesToCollect = setLoanUnits(
  and(inArray(prestiti.stato, OPEN_LOAN_STATES), isNull(prestiti.consegnatoIl)),
  prestiti.id,
);
type LineToCollect = ReturnType<typeof linesToCollect>[number];

/** A PNG data URL drawn on the pad, checked before anything changes. */
function checkedSignature(signature: string | undefined): string | null {
  if (signature === undefined) return null;
  const problem = signatureProblem(signature);
  if (problem) throw badRequest(problem);
  return signature;
}

/**
 * Matches the scanned units to the set's lines: a line's own unit ticks it; another unit of the same model
 * takes the place of the first line of that model still unticked (a swap, checked free for the dates).
 */
function tickLines(tx: Db, lines: LineToCollect[], scanned: number[], today: string) {
  const ticked = new Map<number, { line: LineToCollect; unitId: number; code: string }>();
  const strangers: number[] = [];
  for (const unitId of new Set(scanned)) {
    const line = lines.find((candidate) => candidate.unitId === unitId);
    if (line) ticked.set(line.loanId, { line, unitId, code: line.code });
    else strangers.push(unitId);
  }
  const swaps: Array<{ line: LineToCollect; from: string; to: string }> = [];
  for (const unitId of strangers) {
    const unit = tx
      .select({ itemId: unita.inventarioId, code: unita.codiceUnivoco })
      .from(unita)
      .where(and(eq(unita.id, unitId), isNull(unita.archivedAt)))
      .get();
    if (!unit) throw notFound("Unità non trovata");
    const line = lines.find(
      (candidate) =>
        candidate.itemId === unit.itemId &&
        !ticked.has(candidate.loanId) &&
        !strangers.includes(candidate.unitId) &&
        !swaps.some((swap) => swap.line.loanId === candidate.loanId),
    );
    if (!line) throw badRequest(`L'unità ${unit.code} non fa parte di questa prenotazione`);
    assertUnitBookable(
      tx,
      { unitId, from: line.start, to: line.due, today },
      `L'unità ${unit.code} non è disponibile per le date della prenotazione`,
    );
    ticked.set(line.loanId, { line, unitId, code: unit.code });
    swaps.push({ line, from: line.code, to: unit.code });
  }
  return { ticked: [...ticked.values()], swaps };
}

/**
 * One hand-over for the whole set, in one transaction: the ticked lines leave the desk (with any swap
 * recorded), the lines cancelled with a reason free their units, the others stay "da ritirare". The
 * accessories ticked are counted out. A signature drawn on the pad signs the agreement at once.
 */
export async function handOverSet(ctx: AppContext, admin: Actor, id: number, input: HandOverSetBody) {
  const signature = checkedSignature(input.firma);
  const today = ctx.clock.today();
  writeTransaction(ctx.db, (tx) => {
    const set = setRowFor(tx, admin, id);
    if (set.stato !== SET_STATE.approved && set.stato !== SET_STATE.out)
      throw conflict("La prenotazione non ha nulla da consegnare");
    const lines = linesToCollect(tx, id);
    const cancellations = input.righe_annullate ?? [];
    if (input.unita_ids.length === 0 && cancellations.length === 0)
      throw badRequest("Scansiona almeno un'unità da consegnare");
    const { ticked, swaps } = tickLines(tx, lines, input.unita_ids, today);
    const now = ctx.clock.now().toISOString();
    for (const { line, unitId } of ticked) {
      const problem = handoverProblem({ stato: line.stato, startDate: line.start, handedOverAt: null, today });
      if (problem) throw conflict(problem);
      if (unitId !== line.unitId) {
        tx.update(prestitiUnita)
          .set({ unitId })
          .where(and(eq(prestitiUnita.prestitoId, line.loanId), eq(prestitiUnita.unitId, line.unitId)))
          .run();
        if (line.requestId !== null) tx.update(richieste).set({ unitId }).where(eq(richieste.id, line.requestId)).run();
      }
      markHandedOver(tx).run({ loanId: line.loanId, now, adminId: admin.id });
    }
    const cancelled: string[] = [];
    for (const cancellation of cancellations) {
      const line = lines.find((candidate) => candidate.requestId === cancellation.richiesta_id);
      if (!line) throw badRequest(`La riga ${cancellation.richiesta_id} non è da ritirare in questa prenotazione`);
      if (ticked.some((entry) => entry.line.loanId === line.loanId))
        throw badRequest(`L'unità ${line.code} è consegnata: non può essere anche annullata`);
      const reason = cancellation.motivo.trim();
      if (!reason) throw badRequest("Indica il motivo dell'annullamento");
      markCancelled(tx, line.loanId, now, admin.id);
      cancelled.push(`${line.code} (${reason})`);
    }
    countAccessoriesOut(tx, id, input.accessori ?? []);
    const stillToCollect = lines.length - ticked.length - cancelled.length;
    setHandedOverBy(tx).run({ id, adminId: admin.id });
    refreshSetState(tx, ctx, admin, id);
    const summary = [
      ticked.length ? `Consegnate ${ticked.map((entry) => entry.code).join(", ")}` : "",
      swaps.length ? `Sostituite ${swaps.map((swap) => `${swap.from} → ${swap.to}`).join(", ")}` : "",
      cancelled.length ? `Annullate ${cancelled.join(", ")}` : "",
      stillToCollect > 0 ? `${stillToCollect} unità ancora da ritirare` : "",
    ]
      .filter(Boolean)
      .join(". ");
    addHistory(tx, ctx, admin, id, "consegna", summary);
    for (const swap of swaps)
      addHistory(tx, ctx, admin, id, "sostituzione", `Consegnata l'unità ${swap.to} al posto di ${swap.from}`);
    recordAudit(tx, ctx.clock, admin, {
      action: "set.handover",
      entity: "set",
      entityId: id,
      summary: `Prenotazione #${id}: ${summary}`,
    });
  });
  if (signature) await storeSignature(ctx, admin, id, { tipo: "disegno", png: signature });
  return { message: "Consegna registrata", prenotazione: setOrNotFound(ctx, id) };
}

const markHandedOver = preparedQuery((db) =>
  db
    .update(prestiti)
    .set({ consegnatoIl: placeholderValue("now"), consegnatoDa: placeholderValue("adminId") })
    .where(eq(prestiti.id, sql.placeholder("loanId")))
    .prepare(),
);

const setHandedOverBy = preparedQuery((db) =>
  db
    .update(prenotazioni)
    .set({ consegnatoDa: placeholderValue("adminId") })
    .where(eq(prenotazioni.id, sql.placeholder("id")))
    .prepare(),
);

const accessoriesListed = preparedQuery((db) =>
  db
    .select()
    .from(prenotazioniAccessori)
    .where(eq(prenotazioniAccessori.prenotazioneId, sql.placeholder("setId")))
    .prepare(),
);

/** The accessories ticked at the counter: those of the kit are counted out, others are added to the set. */
function countAccessoriesOut(tx: Db, setId: number, ticked: Array<{ nome: string; quantita: number }>) {
  const listed = accessoriesListed(tx).all({ setId });
  for (const accessory of ticked) {
    const name = accessory.nome.trim();
    if (!name) throw badRequest("Nome dell'accessorio non valido");
    const known = listed.find((row) => row.nome.toLocaleLowerCase("it") === name.toLocaleLowerCase("it"));
    if (known)
      tx.update(prenotazioniAccessori)
        .set({ consegnati: accessory.quantita, quantita: Math.max(known.quantita, accessory.quantita) })
        .where(eq(prenotazioniAccessori.id, known.id))
        .run();
    else
      tx.insert(prenotazioniAccessori)
        .values({ prenotazioneId: setId, nome: name, quantita: accessory.quantita, consegnati: accessory.quantita })
        .run();
  }
}

/**
 * The student signs the agreement: drawn on the desk's pad (the desk sends it), or confirmed with their
 * own password on their phone. Either way the signed PDF is stored as signed and its SHA-256 audited.
 */
export async function signSet(ctx: AppContext, actor: Actor, id: number, input: SignSetBody) {
  const set = setRowFor(ctx.db, actor, id);
  if (isDesk(actor)) {
    const png = checkedSignature(input.firma);
    if (!png) throw badRequest("Disegna la firma dello studente");
    await storeSignature(ctx, actor, id, { tipo: "disegno", png });
  } else {
    if (!input.password) throw badRequest("Inserisci la tua password per firmare");
    const account = ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id)).get();
    // 403, not 401: a wrong password here must not send the student back to sign-in.
    if (!account || !(await ctx.passwords.verify(input.password, account.hash)))
      throw forbidden("Password non corretta");
    await storeSignature(ctx, actor, set.id, { tipo: "password", png: null });
  }
  return { message: "Ricevuta firmata", prenotazione: setOrNotFound(ctx, id) };
}

/**
 * Draws the signed agreement, then stores it with its SHA-256, once: a set handed over and not yet signed.
 * The drawing happens outside the transaction (it takes a worker); the state is checked again inside.
 */
async function storeSignature(
  ctx: AppContext,
  actor: Actor,
  id: number,
  signature: { tipo: "disegno" | "password"; png: string | null },
) {
  const assertSignable = (set: { stato: string; firmatoIl: string | null }) => {
    if (set.stato !== SET_STATE.out) throw conflict("La prenotazione non è stata consegnata: non c'è nulla da firmare");
    if (set.firmatoIl) throw conflict("La ricevuta è già firmata");
  };
  assertSignable(setRowFor(ctx.db, actor, id));
  const signedAt = ctx.clock.now().toISOString();
  const pdf = await renderSetReceipt(ctx, id, { ...signature, signedAt, signer: actor });
  const sha256 = new Bun.CryptoHasher("sha256").update(pdf).digest("hex");
  writeTransaction(ctx.db, (tx) => {
    assertSignable(setRowFor(tx, actor, id));
    tx.update(prenotazioni)
      .set({
        firmaTipo: signature.tipo,
        firmaPng: signature.png,
        firmatoIl: signedAt,
        ricevutaPdf: Buffer.from(pdf),
        ricevutaSha256: sha256,
      })
      .where(eq(prenotazioni.id, id))
      .run();
    const how = signature.tipo === "disegno" ? "firmata sul banco" : "confermata con la password dello studente";
    addHistory(tx, ctx, actor, id, "firma", `Ricevuta ${how}`);
    recordAudit(tx, ctx.clock, actor, {
      action: "set.sign",
      entity: "set",
      entityId: id,
      summary: `Ricevuta della prenotazione #${id} ${how}; SHA-256 ${sha256}`,
    });
  });
}
