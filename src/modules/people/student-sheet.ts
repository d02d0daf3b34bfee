import { and, count, eq, inArray, isNull, notInArray, type SQL } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { mancanze, prenotazioni, prestiti, richieste, users } from "../../db/schema";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { SET_STATE } from "../../domain/sets";
import { notFound } from "../../http/errors";
import { publicUser } from "../auth/users";
import { pendingExtensionsOfStudent } from "../loans/extension";
import { overdueLoanCondition } from "../loans/overdue";
import { loadLoanViews, loadRequestViews } from "../loans/views";
import { userPenalties } from "../penalties/service";
import { loadSetSummaries, loadShortages } from "../sets/views";
import type { StudentSheet } from "./model";

/** A set still to decide, to hand over or to bring back. */
const OPEN_SET_STATES = [SET_STATE.pending, SET_STATE.approved, SET_STATE.out];

/** How many closed loans and sets the history shows: the latest ones, enough for a conversation at the desk. */
const HISTORY_LENGTH = 20;

/** Everything the desk needs about one person, in one answer (the student page, the Banco's warning). */
export function studentSheet(ctx: AppContext, admin: Actor, userId: number): StudentSheet {
  const user = ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("Utente non trovato");
  const today = ctx.clock.today();
  const ownLoan = and(eq(prestiti.utenteId, userId), isNull(prestiti.prenotazioneId));
  const openLoan = inArray(prestiti.stato, [...OPEN_LOAN_STATES]);
  const ownSet = eq(prenotazioni.utenteId, userId);
  // The mancanze the person owes: of their sets and of their single loans alike.
  const shortages = loadShortages(ctx.db, eq(mancanze.utenteId, userId));
  return {
    utente: publicUser(user),
    prestiti_aperti: loadLoanViews(ctx.db, today, { where: and(ownLoan, openLoan) }),
    prenotazioni_aperte: loadSetSummaries(ctx.db, today, {
      where: and(ownSet, inArray(prenotazioni.stato, OPEN_SET_STATES)),
    }),
    richieste_in_attesa: loadRequestViews(ctx.db, {
      where: and(
        eq(richieste.utenteId, userId),
        isNull(richieste.prenotazioneId),
        eq(richieste.stato, REQUEST_STATE.pending),
      ),
    }),
    proroghe_in_attesa: pendingExtensionsOfStudent(ctx.db, userId),
    storico_prestiti: loadLoanViews(ctx.db, today, {
      where: and(ownLoan, notInArray(prestiti.stato, [...OPEN_LOAN_STATES])),
      limit: HISTORY_LENGTH,
    }),
    storico_prenotazioni: loadSetSummaries(ctx.db, today, {
      where: and(ownSet, notInArray(prenotazioni.stato, OPEN_SET_STATES)),
      limit: HISTORY_LENGTH,
    }),
    penalita: userPenalties(ctx, admin, userId).penalties,
    // Open ones first, each part newest first as the desk's list orders them.
    mancanze: [...shortages.filter((row) => !row.risolta_il), ...shortages.filter((row) => row.risolta_il)],
    prestiti_in_ritardo: countOf(ctx, and(eq(prestiti.utenteId, userId), overdueLoanCondition(today)) as SQL),
    mancanze_aperte: shortages.filter((row) => !row.risolta_il).length,
  };
}

function countOf(ctx: AppContext, where: SQL): number {
  return ctx.db.select({ count: count() }).from(prestiti).where(where).get()?.count ?? 0;
}
