import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { penalita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { automaticBlockReason, strikesExpired } from "../../domain/academy-settings";
import { calendarDateIn } from "../../domain/dates";
import { lateReturnReason } from "../../domain/loan-rules";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import type { MailContext } from "../mail/service";
import { notifyStudent } from "../notifications/service";
import { readSettings } from "../settings/service";
import type { UnblockAnswer, UnblockInput, UserPenalties } from "./model";

export interface LateReturnOutcome {
  daysLate: number;
  strikes: number;
  totalStrikes: number;
  blocked: boolean;
  /** This return is what blocked the borrower. */
  blockedNow: boolean;
  userId: number;
}

/**
 * Records the penalty of a late return (its days and strikes come from `returnConsequences`, on the
 * academy's scale) and blocks the borrower at the academy's threshold (`soglia_blocco`). Runs inside
 * the return's transaction; `penalty_strikes` always equals the uncleared penalties of the history.
 */
export function recordLateReturn(
  db: Db,
  ctx: MailContext,
  admin: Actor,
  loan: { loanId: number; userId: number | null; itemName: string; daysLate: number; strikes: number },
): LateReturnOutcome | null {
  const settings = readSettings(db);
  const { daysLate: late, strikes } = loan;
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
      createdAt: ctx.clock.now().toISOString(),
    })
    .run();
  const user = db
    .update(users)
    .set({ penaltyStrikes: sql`${users.penaltyStrikes} + ${strikes}` })
    .where(eq(users.id, loan.userId))
    .returning()
    .get();
  notifyStudent(db, ctx, {
    userId: user.id,
    tipo: "penalita",
    titolo: strikes === 1 ? "Hai ricevuto una penalità" : `Hai ricevuto ${strikes} penalità`,
    messaggio: `${lateReturnReason(late)} di ${loan.itemName}. Penalità totali: ${user.penaltyStrikes}.`,
    link: "/dashboard",
  });
  const blockNow = user.penaltyStrikes >= settings.soglia_blocco && !user.isBlocked;
  if (blockNow) {
    notifyStudent(db, ctx, {
      userId: user.id,
      tipo: "account_bloccato",
      titolo: "Account bloccato",
      messaggio: `${automaticBlockReason(settings.soglia_blocco)}. Per sbloccarlo presentati di persona all'ufficio prestiti.`,
      link: "/dashboard",
    });
    db.update(users)
      .set({ isBlocked: true, blockedReason: automaticBlockReason(settings.soglia_blocco) })
      .where(eq(users.id, user.id))
      .run();
    recordAudit(db, ctx.clock, admin, {
      action: "user.block",
      entity: "user",
      entityId: user.id,
      summary: `Bloccato automaticamente ${user.email}: ${user.penaltyStrikes} penalità`,
    });
  }
  return {
    daysLate: late,
    strikes,
    totalStrikes: user.penaltyStrikes,
    blocked: user.isBlocked || blockNow,
    blockedNow: blockNow,
    userId: user.id,
  };
}

/**
 * The periodic job: strikes expire after `scadenza_penalita_mesi` months without a late return (never
 * when 0). Their penalties stay in the history, cleared like a reset at the desk; an automatic block is
 * not lifted, as unblocking stays a conversation at the desk. Returns how many students it cleared.
 */
export function expireStrikes(ctx: AppContext): number {
  const settings = readSettings(ctx.db);
  if (settings.scadenza_penalita_mesi === 0) return 0;
  const today = ctx.clock.today();
  const standing = ctx.db
    .select({ userId: penalita.utenteId, lastAt: sql<string>`max(${penalita.createdAt})` })
    .from(penalita)
    .where(isNull(penalita.azzerataAt))
    .groupBy(penalita.utenteId)
    .all();
  const expired = standing.filter((row) =>
    strikesExpired(settings, calendarDateIn(ctx.clock.timeZone, new Date(row.lastAt)), today),
  );
  if (expired.length === 0) return 0;
  const now = ctx.clock.now().toISOString();
  writeTransaction(ctx.db, (tx) => {
    for (const { userId } of expired) {
      tx.update(penalita)
        .set({ azzerataAt: now })
        .where(and(eq(penalita.utenteId, userId), isNull(penalita.azzerataAt)))
        .run();
      tx.update(users).set({ penaltyStrikes: 0 }).where(eq(users.id, userId)).run();
    }
  });
  return expired.length;
}

/** A user's penalty standing and history (newest first): for the user themselves or the desk. */
export function userPenalties(ctx: AppContext, actor: Actor, userId: number): UserPenalties {
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
export function unblockUser(ctx: AppContext, admin: Actor, input: UnblockInput): UnblockAnswer {
  const userId = Number(input.userId);
  const resetStrikes = input.resetStrikes === true;
  return writeTransaction(ctx.db, (tx) => {
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
      notifyStudent(tx, ctx, {
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
