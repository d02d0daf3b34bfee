import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { prenotazioni, richieste } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { REQUEST_STATE } from "../../domain/bookings";
import { datesText } from "../../domain/dates";
import { DEMAND_EVENT } from "../../domain/demand";
import { SET_STATE, type SetState } from "../../domain/sets";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { recordDemandStep } from "../demand/events";
import { offerFreedUnitsStep } from "../demand/offers";
import { bookingLabel, borrowerOfRequest, loanFromRequest, penaltyInfo } from "../loans/approval";
import { assertReasonGiven, refusedBy } from "../loans/refusal";
import { notifyStudent } from "../notifications/service";
import { pageOf } from "../paging";
import { optionalText } from "../text-fields";
import type { ApproveSetBody, RejectSetBody, SetListQuery, SetSummary, SetView } from "./model";
import { addHistory, SET_NOT_FOUND, setOrNotFound, setRowFor } from "./set-rows";
import { refreshSetState } from "./settle";
import { loadSetSummaries } from "./views";

export const SET_ALREADY_HANDLED = "La prenotazione è già stata gestita";

/** The desk decides a set once, while it waits. */
function assertPending(set: { stato: SetState }) {
  if (set.stato !== SET_STATE.pending) throw conflict(SET_ALREADY_HANDLED);
}

/** Each refused line of a set is a refused request of its item, with the set's reason, as demand. */
function recordRefusedLines(
  tx: Db,
  ctx: AppContext,
  set: { id: number; utenteId: number | null; kitId: number | null },
  lines: Array<{ inventarioId: number; dal: string; al: string }>,
  reason: string,
) {
  for (const line of lines)
    recordDemandStep(tx, ctx, {
      tipo: DEMAND_EVENT.refused,
      studentId: set.utenteId,
      itemId: line.inventarioId,
      kitId: set.kitId,
      dal: line.dal,
      al: line.al,
      testo: reason,
      riferimentoId: set.id,
    });
}

/** A set: the desk sees any, a student only their own. */
export function readSet(ctx: AppContext, actor: Actor, id: number): SetView {
  setRowFor(ctx.db, actor, id);
  return setOrNotFound(ctx, id);
}

/** The words a search matches: the student (name, surname, e-mail, matricola), the kit, or a model booked. */
function searchCondition(text: string): SQL {
  const like = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(
    sql`${prenotazioni.kitNome} like ${like} escape '\\'`,
    sql`exists (select 1 from users u where u.id = ${prenotazioni.utenteId} and (u.name || ' ' || u.surname like ${like} escape '\\' or u.email like ${like} escape '\\' or u.matricola like ${like} escape '\\'))`,
    sql`exists (select 1 from richieste r join inventario i on i.id = r.inventario_id where r.prenotazione_id = ${prenotazioni.id} and i.nome like ${like} escape '\\')`,
  ) as SQL;
}

/** The desk's list of sets, newest first: the whole list, or one page with `pagina`/`per_pagina`. */
export function listSets(ctx: AppContext, _admin: Actor, query: SetListQuery) {
  const text = query.cerca?.trim();
  const where = and(
    query.stato ? eq(prenotazioni.stato, query.stato) : undefined,
    text ? searchCondition(text) : undefined,
  );
  const today = ctx.clock.today();
  const page = pageOf(query);
  if (!page) return loadSetSummaries(ctx.db, today, { where });
  const total = ctx.db.select({ count: sql<number>`count(*)` }).from(prenotazioni).where(where).get()?.count ?? 0;
  return {
    elementi: loadSetSummaries(ctx.db, today, { where, limit: page.size, offset: (page.number - 1) * page.size }),
    totale: total,
    pagina: page.number,
    per_pagina: page.size,
  };
}

/** The signed-in student's own sets, newest first. */
export function mySets(ctx: AppContext, actor: Actor): SetSummary[] {
  return loadSetSummaries(ctx.db, ctx.clock.today(), { where: eq(prenotazioni.utenteId, actor.id) });
}

function pendingLines(db: Db, setId: number) {
  return db
    .select()
    .from(richieste)
    .where(and(eq(richieste.prenotazioneId, setId), eq(richieste.stato, REQUEST_STATE.pending)))
    .orderBy(richieste.id)
    .all();
}

/** The student withdraws their own pending set: every line is cancelled, the units are free again. */
export function cancelSet(ctx: AppContext, student: Actor, id: number) {
  writeTransaction(ctx.db, (tx) => {
    const set = setRowFor(tx, student, id);
    // The desk refuses a set instead: only its student withdraws it.
    if (set.utenteId !== student.id) throw notFound(SET_NOT_FOUND);
    // Approved sets are not withdrawn by the student: the desk cancels what nobody collects.
    assertPending(set);
    const now = ctx.clock.now().toISOString();
    const lines = pendingLines(tx, id);
    tx.update(richieste)
      .set({ stato: REQUEST_STATE.cancelled, handledAt: now })
      .where(and(eq(richieste.prenotazioneId, id), eq(richieste.stato, REQUEST_STATE.pending)))
      .run();
    refreshSetState(tx, ctx, student, id);
    offerFreedUnitsStep(tx, ctx, itemsOf(lines));
    addHistory(tx, ctx, student, id, "annullata", "Prenotazione annullata dallo studente");
  });
  return { message: "Prenotazione annullata", prenotazione: setOrNotFound(ctx, id) };
}

/** The items a set's lines book, each once: what a waiting list may now get when those lines let go. */
const itemsOf = (lines: Array<{ inventarioId: number }>) => [...new Set(lines.map((line) => line.inventarioId))];

const linesText = (db: Db, unitIds: number[]) => unitIds.map((unitId) => bookingLabel(db, unitId)).join(", ");

/**
 * The desk approves a set in one go: every line becomes a spec loan, except those refused with a reason.
 * One notification (and one e-mail) tells the student the whole decision.
 */
export function approveSet(ctx: AppContext, admin: Actor, id: number, input: ApproveSetBody) {
  const refusals = input?.righe_rifiutate ?? [];
  const { strikes } = writeTransaction(ctx.db, (tx) => {
    const set = setRowFor(tx, admin, id);
    assertPending(set);
    const lines = pendingLines(tx, id);
    const reasons = new Map<number, string>();
    for (const refusal of refusals) {
      if (!lines.some((line) => line.id === refusal.richiesta_id))
        throw badRequest(`La riga ${refusal.richiesta_id} non appartiene a questa prenotazione`);
      const reason = optionalText(refusal.motivo, 1000);
      assertReasonGiven(reason);
      reasons.set(refusal.richiesta_id, reason);
    }
    if (reasons.size === lines.length) throw badRequest("Per rifiutare tutte le righe usa «Rifiuta»");
    const borrower = borrowerOfRequest(tx, set);
    const now = ctx.clock.now().toISOString();
    const approvedUnits: number[] = [];
    const refusedUnits: string[] = [];
    for (const request of lines) {
      const reason = reasons.get(request.id);
      if (reason === undefined) {
        approvedUnits.push(loanFromRequest(tx, ctx, admin, { request, borrower }).unitId);
        continue;
      }
      tx.update(richieste)
        .set({ stato: REQUEST_STATE.refused, ...refusedBy(admin, reason, now) })
        .where(eq(richieste.id, request.id))
        .run();
      recordRefusedLines(tx, ctx, set, [request], reason);
      refusedUnits.push(`${bookingLabel(tx, request.unitId)} (${reason})`);
    }
    tx.update(prenotazioni).set({ handledBy: admin.id }).where(eq(prenotazioni.id, id)).run();
    refreshSetState(tx, ctx, admin, id);
    if (reasons.size > 0) offerFreedUnitsStep(tx, ctx, itemsOf(lines.filter((line) => reasons.has(line.id))));
    const approvedText = linesText(tx, approvedUnits);
    const refusedText = refusedUnits.length ? ` Rifiutate: ${refusedUnits.join(", ")}.` : "";
    addHistory(tx, ctx, admin, id, "approvata", `Approvate ${approvedUnits.length} unità.${refusedText}`);
    recordAudit(tx, ctx.clock, admin, {
      action: "set.approve",
      entity: "set",
      entityId: id,
      summary: `Approvata la prenotazione #${id} di ${borrower.name} ${borrower.surname}: ${approvedText}.${refusedText}`,
    });
    notifyStudent(tx, ctx, {
      userId: borrower.id,
      tipo: "richiesta_approvata",
      titolo: "Prenotazione approvata",
      messaggio: `La tua prenotazione ${datesText(set.dal, set.al)} è stata approvata: ${approvedText}.${refusedText}`,
      link: `/prenotazioni/${id}`,
    });
    return { strikes: borrower.penaltyStrikes };
  });
  return {
    message: refusals.length ? "Prenotazione approvata in parte" : "Prenotazione approvata",
    prenotazione: setOrNotFound(ctx, id),
    penaltyInfo: penaltyInfo(ctx.db, strikes),
  };
}

/** The desk refuses the whole set with one reason the student reads once. */
export function rejectSet(ctx: AppContext, admin: Actor, id: number, input: RejectSetBody) {
  const reason =
    optionalText(input.motivo, 1000) ??
    optionalText(input.motivo_rifiuto, 1000) ??
    optionalText(input.motivazione, 1000);
  writeTransaction(ctx.db, (tx) => {
    const set = setRowFor(tx, admin, id);
    assertPending(set);
    assertReasonGiven(reason);
    const now = ctx.clock.now().toISOString();
    const lines = pendingLines(tx, id);
    tx.update(richieste)
      .set({ stato: REQUEST_STATE.refused, ...refusedBy(admin, reason, now) })
      .where(
        inArray(
          richieste.id,
          lines.map((line) => line.id),
        ),
      )
      .run();
    tx.update(prenotazioni).set({ motivoRifiuto: reason, handledBy: admin.id }).where(eq(prenotazioni.id, id)).run();
    recordRefusedLines(tx, ctx, set, lines, reason);
    offerFreedUnitsStep(tx, ctx, itemsOf(lines));
    refreshSetState(tx, ctx, admin, id);
    addHistory(tx, ctx, admin, id, "rifiutata", `Prenotazione rifiutata: ${reason}`);
    recordAudit(tx, ctx.clock, admin, {
      action: "set.reject",
      entity: "set",
      entityId: id,
      summary: `Rifiutata la prenotazione #${id}: ${reason}`,
    });
    if (set.utenteId !== null)
      notifyStudent(tx, ctx, {
        userId: set.utenteId,
        tipo: "richiesta_rifiutata",
        titolo: "Prenotazione rifiutata",
        messaggio: `La tua prenotazione ${datesText(set.dal, set.al)} (${linesText(
          tx,
          lines.map((line) => line.unitId),
        )}) è stata rifiutata. Motivo: ${reason}`,
        link: `/prenotazioni/${id}`,
      });
  });
  return { message: "Prenotazione rifiutata", prenotazione: setOrNotFound(ctx, id) };
}
