import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { mancanze, prenotazioni, prenotazioniAccessori, prestiti, unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { SET_STATE } from "../../domain/sets";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { returnLoanStep } from "../loans/return";
import { unitsToTakeBack } from "../loans/units-to-return";
import type { ReturnSetBody, SetReturnPreview } from "./model";
import { addHistory, SET_NOT_FOUND, setLoanUnits, setOrNotFound, setRowFor } from "./set-rows";
import { returnedLines, setReturnConsequences } from "./settle";
import { missingText, openShortagesStep } from "./shortages";
import { loadShortages } from "./views";

const NOT_OUT = "La prenotazione non è in corso: non c'è nulla da restituire";

/** Every unit of the set handed over, with its loan and whether it is back. */
const handedOverUnits = setLoanUnits(
  and(isNotNull(prestiti.consegnatoIl), isNull(prestiti.annullatoIl)),
  unita.codiceUnivoco,
);

/** The units a return takes back: each must be one of the set's units still out. */
function chosenUnits(db: Db, setId: number, unitIds: number[] | undefined) {
  return unitsToTakeBack(
    handedOverUnits(db, setId),
    (unit) => unit.unitId,
    unitIds,
    "Le unità scelte non appartengono a questa prenotazione",
  );
}

/** What returning these units (all those still out by default) does: the same rule the return applies. */
export function returnSetPreview(ctx: AppContext, id: number, unitIds: number[] | undefined): SetReturnPreview {
  const today = ctx.clock.today();
  const set = ctx.db.select().from(prenotazioni).where(eq(prenotazioni.id, id)).get();
  if (!set) throw notFound(SET_NOT_FOUND);
  if (set.stato !== SET_STATE.out) throw conflict(NOT_OUT);
  const { out, returning } = chosenUnits(ctx.db, id, unitIds);
  const ending = returning.length === out.length;
  const lines = [
    ...returnedLines(ctx.db, id),
    ...returning.map((unit) => ({
      loanId: unit.loanId,
      due: unit.due,
      keptLateDays: unit.keptLateDays,
      returnedOn: today,
    })),
  ];
  const { loanId: _loan, ...consequences } = setReturnConsequences(ctx.db, id, lines, ending);
  return { ...consequences, unita_rimanenti: out.length - returning.length };
}

/** The accessories said missing must be some of those handed out with the set. */
function checkedShortages(db: Db, setId: number, missing: Array<{ nome: string; quantita: number }>) {
  const handedOut = db
    .select()
    .from(prenotazioniAccessori)
    .where(eq(prenotazioniAccessori.prenotazioneId, setId))
    .all();
  return missing.map((accessory) => {
    const name = accessory.nome.trim().toLocaleLowerCase("it");
    const listed = handedOut.find((row) => row.nome.toLocaleLowerCase("it") === name);
    if (!listed || listed.consegnati === 0)
      throw badRequest(`L'accessorio ${accessory.nome} non è stato consegnato con questa prenotazione`);
    if (accessory.quantita > listed.consegnati)
      throw badRequest(`Sono stati consegnati solo ${listed.consegnati} × ${listed.nome}`);
    return { nome: listed.nome, quantita: accessory.quantita };
  });
}

/**
 * Takes back some or all units of a set in one transaction, each through the spec's loan return (so a
 * damaged unit goes to repair as there). The set ends with its last unit and is late once. Accessories
 * not returned stay open as `mancanze`, and the student is told once.
 */
export function returnSet(ctx: AppContext, admin: Actor, id: number, input: ReturnSetBody) {
  const outcome = writeTransaction(ctx.db, (tx) => {
    const set = setRowFor(tx, admin, id);
    if (set.stato !== SET_STATE.out) throw conflict(NOT_OUT);
    const { returning } = chosenUnits(tx, id, input.unita_ids);
    const conditions = new Map((input.condizioni ?? []).map((entry) => [entry.unit_id, entry]));
    for (const unitId of conditions.keys())
      if (!returning.some((unit) => unit.unitId === unitId))
        throw badRequest("Una condizione riguarda un'unità che non stai restituendo");
    const shortages = checkedShortages(tx, id, input.accessori_mancanti ?? []);
    let penalty: { strike: number; blocked: boolean } | null = null;
    for (const unit of returning) {
      const condition = conditions.get(unit.unitId);
      const outcome = returnLoanStep(tx, ctx, admin, unit.loanId, {
        unita_ids: [unit.unitId],
        condizione: condition?.condizione,
        nota: condition?.nota,
      });
      if (!outcome.cancelled && outcome.penalty)
        penalty = { strike: outcome.penalty.strikes, blocked: outcome.penalty.blocked };
    }
    const opened = openShortagesStep(tx, ctx, { setId: id }, set.utenteId, shortages);
    const missing = missingText(shortages);
    const codes = returning.map((unit) => unit.code).join(", ");
    addHistory(tx, ctx, admin, id, "restituzione", `Restituite ${codes}${missing ? `. Mancano: ${missing}` : ""}`);
    recordAudit(tx, ctx.clock, admin, {
      action: "set.return",
      entity: "set",
      entityId: id,
      summary: `Restituzione della prenotazione #${id}: ${codes}${missing ? `; mancano ${missing}` : ""}`,
    });
    const after = tx.select({ stato: prenotazioni.stato }).from(prenotazioni).where(eq(prenotazioni.id, id)).get();
    return { ended: after?.stato === SET_STATE.closed, penalty, opened };
  });
  const lines = returnedLines(ctx.db, id);
  const { loanId: _loan, ...consequences } = setReturnConsequences(ctx.db, id, lines, outcome.ended);
  const penalty = outcome.penalty;
  return {
    message: outcome.ended ? "Prenotazione conclusa" : "Restituzione parziale registrata",
    concluso: outcome.ended,
    giorni_ritardo: consequences.giorni_ritardo,
    strike: penalty?.strike ?? 0,
    blocco: penalty?.blocked ?? false,
    mancanze: outcome.opened.length ? loadShortages(ctx.db, inArray(mancanze.id, outcome.opened)) : [],
    prenotazione: setOrNotFound(ctx, id),
  };
}
