import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Clock } from "../../clock";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { penalita, users } from "../../db/schema";
import {
  AUTOMATIC_BLOCK_REASON,
  BLOCK_AT_STRIKES,
  daysLate,
  lateReturnReason,
  strikesForDaysLate,
} from "../../domain/loan-rules";
import type { Actor } from "../../http/auth";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { notifyStudent } from "../notifications/service";

export interface LateReturnOutcome {
  daysLate: number;
  strikes: number;
  totalStrikes: number;
  blocked: boolean;
}

/**
 * Records the penalty of a late return and blocks the borrower at three strikes. Runs inside the
 * return's transaction; `penalty_strikes` always equals the uncleared penalties of the history.
 */
export function recordLateReturn(
  db: Db,
  clock: Clock,
  admin: Actor,
  loan: { loanId: number; userId: number | null; itemName: string; dueDate: string; returnedOn: string },
): LateReturnOutcome | null {
  const late = daysLate(loan.dueDate, loan.returnedOn);
  const strikes = strikesForDaysLate(late);
  if (strikes === 0 || loan.userId === null) return null;
  db.insert(penalita)
    .values({
      utenteId: loan.userId,
      prestitoId: loan.loanId,
      articoloNome: loan.itemName,
      motivo: lateReturnReason(late),
      giorniRitardo: late,
      strikeAssegnati: strikes,
      createdBy: admin.id,
      createdAt: clock.now().toISOString(),
    })
    .run();
  const user = db
    .update(users)
    .set({ penaltyStrikes: sql`${users.penaltyStrikes} + ${strikes}` })
    .where(eq(users.id, loan.userId))
    .returning()
    .get();
  notifyStudent(db, clock, {
    userId: user.id,
    tipo: "penalita",
    titolo: strikes === 1 ? "Hai ricevuto una penalità" : `Hai ricevuto ${strikes} penalità`,
    messaggio: `${lateReturnReason(late)} di ${loan.itemName}. Penalità totali: ${user.penaltyStrikes}.`,
    link: "/dashboard",
  });
  const blockNow = user.penaltyStrikes >= BLOCK_AT_STRIKES && !user.isBlocked;
  if (blockNow) {
    notifyStudent(db, clock, {
      userId: user.id,
      tipo: "account_bloccato",
      titolo: "Account bloccato",
      messaggio: `${AUTOMATIC_BLOCK_REASON}. Per sbloccarlo presentati di persona all'ufficio prestiti.`,
      link: "/dashboard",
    });
    db.update(users).set({ isBlocked: true, blockedReason: AUTOMATIC_BLOCK_REASON }).where(eq(users.id, user.id)).run();
    recordAudit(db, clock, admin, {
      action: "user.block",
      entity: "user",
      entityId: user.id,
      summary: `Bloccato automaticamente ${user.email}: ${user.penaltyStrikes} penalità`,
    });
  }
  return { daysLate: late, strikes, totalStrikes: user.penaltyStrikes, blocked: user.isBlocked || blockNow };
}

/** A user's penalty standing and history (newest first): for the user themselves or the desk. */
export function userPenalties(ctx: AppContext, actor: Actor, userId: number) {
  if (actor.ruolo !== "admin" && actor.id !== userId) throw notFound("Utente non trovato");
  const user = ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("Utente non trovato");
  const recorder = alias(users, "recorder");
  const penalties = ctx.db
    .select({
      id: penalita.id,
      prestito_id: penalita.prestitoId,
      articolo_nome: penalita.articoloNome,
      motivo: penalita.motivo,
      strike_assegnati: penalita.strikeAssegnati,
      giorni_ritardo: penalita.giorniRitardo,
      created_at: penalita.createdAt,
      created_by_name: recorder.name,
      created_by_surname: recorder.surname,
      azzerata_at: penalita.azzerataAt,
    })
    .from(penalita)
    .leftJoin(recorder, eq(recorder.id, penalita.createdBy))
    .where(eq(penalita.utenteId, userId))
    .orderBy(desc(penalita.createdAt), desc(penalita.id))
    .all();
  return {
    userInfo: {
      id: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      penalty_strikes: user.penaltyStrikes,
      is_blocked: user.isBlocked,
      blocked_reason: user.blockedReason,
    },
    penalties,
  };
}

/** Unblocks a user at the desk, keeping their strikes or clearing them (history is kept either way). */
export function unblockUser(ctx: AppContext, admin: Actor, userId: number, resetStrikes: boolean) {
  return ctx.db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw notFound("Utente non trovato");
    if (!user.isBlocked && !resetStrikes) throw conflict("L'utente non è bloccato");
    if (resetStrikes)
      tx.update(penalita)
        .set({ azzerataAt: ctx.clock.now().toISOString() })
        .where(and(eq(penalita.utenteId, userId), isNull(penalita.azzerataAt)))
        .run();
    const updated = tx
      .update(users)
      .set({ isBlocked: false, blockedReason: null, ...(resetStrikes ? { penaltyStrikes: 0 } : {}) })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (user.isBlocked)
      notifyStudent(tx, ctx.clock, {
        userId,
        tipo: "account_sbloccato",
        titolo: "Account sbloccato",
        messaggio: resetStrikes
          ? "Il tuo account è di nuovo attivo e le penalità sono state azzerate."
          : `Il tuo account è di nuovo attivo. Penalità attuali: ${user.penaltyStrikes}: un altro ritardo lo blocca di nuovo.`,
        link: "/dashboard",
      });
    recordAudit(tx, ctx.clock, admin, {
      action: "user.unblock",
      entity: "user",
      entityId: userId,
      summary: `Sbloccato ${user.email}${resetStrikes ? " azzerando le penalità" : ` mantenendo ${user.penaltyStrikes} penalità`}`,
    });
    return {
      message: resetStrikes ? "Utente sbloccato e penalità azzerate" : "Utente sbloccato",
      user: { id: updated.id, penalty_strikes: updated.penaltyStrikes, is_blocked: updated.isBlocked },
    };
  });
}
