import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { canSeeUser, isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { penalita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { automaticBlockReason, strikesExpired } from "../../domain/academy-settings";
import { calendarDateIn } from "../../domain/dates";
import { lateReturnReason, UNBLOCK_HELP } from "../../domain/loan-rules";
import { badRequest, conflict, notFound } from "../../http/errors";
import { type AuditActor, recordAudit } from "../audit/service";
import type { MailContext } from "../mail/service";
import { notifyStudent } from "../notifications/service";
import { readSettings } from "../settings/service";
import type {
  ManualPenaltyInput,
  PenaltyChangeAnswer,
  PenaltyChangeInput,
  PenaltyStats,
  PenaltyView,
  UnblockAnswer,
  UnblockInput,
  UserPenalties,
} from "./model";

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
  admin: AuditActor,
  loan: { loanId: number; userId: number | null; itemName: string; daysLate: number; strikes: number },
): LateReturnOutcome | null {
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
  const { user, blockedNow } = changeStrikes(db, ctx, admin, loan.userId, strikes, {
    titolo: strikes === 1 ? "Hai ricevuto una penalità" : `Hai ricevuto ${strikes} penalità`,
    messaggio: (total) => `${lateReturnReason(late)} di ${loan.itemName}. Penalità totali: ${total}.`,
  });
  return {
    daysLate: late,
    strikes,
    totalStrikes: user.penaltyStrikes,
    blocked: user.isBlocked,
    blockedNow,
    userId: user.id,
  };
}

/**
 * Adds `delta` strikes (negative to take some back) to a student's standing, tells the student, and blocks
 * them when the total reaches the academy's threshold (`soglia_blocco`). The one place where strikes change
 * with the penalty history, so `penalty_strikes` always equals the uncleared penalties. Taking strikes back
 * never unblocks: unblocking stays a conversation at the desk.
 */
function changeStrikes(
  db: Db,
  ctx: MailContext,
  admin: AuditActor,
  userId: number,
  delta: number,
  notice: { titolo: string; messaggio: (total: number) => string },
) {
  const settings = readSettings(db);
  const user = db
    .update(users)
    .set({ penaltyStrikes: sql`${users.penaltyStrikes} + ${delta}` })
    .where(eq(users.id, userId))
    .returning()
    .get();
  notifyStudent(db, ctx, {
    userId: user.id,
    tipo: "penalita",
    titolo: notice.titolo,
    messaggio: notice.messaggio(user.penaltyStrikes),
    link: "/dashboard",
  });
  const blockedNow = delta > 0 && user.penaltyStrikes >= settings.soglia_blocco && !user.isBlocked;
  if (blockedNow) {
    notifyStudent(db, ctx, {
      userId: user.id,
      tipo: "account_bloccato",
      titolo: "Account bloccato",
      messaggio: `${automaticBlockReason(settings.soglia_blocco)}. ${UNBLOCK_HELP}`,
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
  return { user: { ...user, isBlocked: user.isBlocked || blockedNow }, blockedNow };
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
  if (!canSeeUser(actor, userId)) throw notFound("Utente non trovato");
  const user = ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("Utente non trovato");
  const penalties = penaltyViews(ctx.db)
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

/** A student's standing, as every penalty change answers it. */
function standingOf(user: { id: number; penaltyStrikes: number; isBlocked: boolean }) {
  return { id: user.id, penalty_strikes: user.penaltyStrikes, is_blocked: user.isBlocked };
}

function requiredReason(text: string | undefined): string {
  const reason = text?.trim() ?? "";
  if (!reason) throw badRequest("Indica il motivo della penalità");
  return reason;
}

function penaltyOrNotFound(db: Db, id: number) {
  const penalty = db.select().from(penalita).where(eq(penalita.id, id)).get();
  if (!penalty) throw notFound("Penalità non trovata");
  return penalty;
}

/** Penalties as the desk and the student read them, with who recorded each. */
function penaltyViews(db: Db) {
  const recorder = alias(users, "recorder");
  return db
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
    .$dynamic();
}

function penaltyViewOf(db: Db, id: number): PenaltyView | null {
  return penaltyViews(db).where(eq(penalita.id, id)).get() ?? null;
}

const strikesText = (strikes: number) => (strikes === 1 ? "1 penalità" : `${strikes} penalità`);

/**
 * The desk gives strikes by hand, for damage or misuse: recorded in the history like a late return's,
 * counted towards the block, told to the student and audited, all in one transaction.
 */
export function assignManualPenalty(ctx: AppContext, admin: Actor, input: ManualPenaltyInput): PenaltyChangeAnswer {
  return writeTransaction(ctx.db, (tx) => assignManualPenaltyStep(tx, ctx, admin, input));
}

/**
 * The manual penalty inside the caller's transaction: for another module's decision that costs strikes
 * by the same rule (a lost accessory settled with a penalty).
 */
export function assignManualPenaltyStep(
  tx: Db,
  ctx: MailContext,
  admin: Actor,
  input: ManualPenaltyInput,
): PenaltyChangeAnswer {
  const userId = Number(input.userId);
  const reason = requiredReason(input.motivo);
  const student = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!student) throw notFound("Utente non trovato");
  if (isDesk(student)) throw badRequest("Gli amministratori non ricevono penalità");
  const { id } = tx
    .insert(penalita)
    .values({
      utenteId: userId,
      prestitoId: null,
      articoloNome: "",
      motivo: reason,
      giorniRitardo: 0,
      strikeAssegnati: input.strikes,
      createdBy: admin.id,
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning({ id: penalita.id })
    .get();
  recordAudit(tx, ctx.clock, admin, {
    action: "penalty.assign",
    entity: "user",
    entityId: userId,
    summary: `Penalità #${id} a ${student.email}: ${strikesText(input.strikes)} (${reason})`,
  });
  const { user } = changeStrikes(tx, ctx, admin, userId, input.strikes, {
    titolo: input.strikes === 1 ? "Hai ricevuto una penalità" : `Hai ricevuto ${input.strikes} penalità`,
    messaggio: (total) => `${reason}. Penalità totali: ${total}.`,
  });
  return { message: "Penalità assegnata", penalty: penaltyViewOf(tx, id), user: standingOf(user) };
}

/**
 * Corrects a penalty's strikes or reason. The student's total moves by the difference while the
 * penalty counts (one cleared by a reset or by expiry no longer does); reaching the threshold blocks.
 */
export function changePenalty(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: PenaltyChangeInput,
): PenaltyChangeAnswer {
  return writeTransaction(ctx.db, (tx) => {
    const penalty = penaltyOrNotFound(tx, id);
    const strikes = input.strike_assegnati ?? penalty.strikeAssegnati;
    const reason = input.motivo === undefined ? penalty.motivo : requiredReason(input.motivo);
    tx.update(penalita).set({ strikeAssegnati: strikes, motivo: reason }).where(eq(penalita.id, id)).run();
    const counted = penalty.azzerataAt === null ? strikes - penalty.strikeAssegnati : 0;
    recordAudit(tx, ctx.clock, admin, {
      action: "penalty.update",
      entity: "user",
      entityId: penalty.utenteId,
      summary: `Penalità #${id} modificata: ${strikesText(penalty.strikeAssegnati)} → ${strikesText(strikes)} (${reason})`,
    });
    const { user } = changeStrikes(tx, ctx, admin, penalty.utenteId, counted, {
      titolo: "Penalità modificata",
      messaggio: (total) =>
        `Una tua penalità è stata corretta: ${strikesText(strikes)} (${reason}). Penalità totali: ${total}.`,
    });
    return { message: "Penalità modificata", penalty: penaltyViewOf(tx, id), user: standingOf(user) };
  });
}

/** Removes a penalty from the history; while it counted, its strikes come off the student's total. */
export function deletePenalty(ctx: AppContext, admin: Actor, id: number): PenaltyChangeAnswer {
  return writeTransaction(ctx.db, (tx) => {
    const penalty = penaltyOrNotFound(tx, id);
    tx.delete(penalita).where(eq(penalita.id, id)).run();
    const counted = penalty.azzerataAt === null ? penalty.strikeAssegnati : 0;
    recordAudit(tx, ctx.clock, admin, {
      action: "penalty.delete",
      entity: "user",
      entityId: penalty.utenteId,
      summary: `Penalità #${id} eliminata: ${strikesText(penalty.strikeAssegnati)} (${penalty.motivo})`,
    });
    const { user } = changeStrikes(tx, ctx, admin, penalty.utenteId, -counted, {
      titolo: "Penalità annullata",
      messaggio: (total) => `La penalità "${penalty.motivo}" è stata annullata. Penalità totali: ${total}.`,
    });
    return { message: "Penalità eliminata", penalty: null, user: standingOf(user) };
  });
}

/** The desk's penalty figures, as an existing desk client's penalty screen reads them. */
export function penaltyStats(ctx: AppContext): PenaltyStats {
  const [withStrikes, blocked] = ctx.db.values<[number, number]>(
    sql`SELECT count(*) FILTER (WHERE penalty_strikes > 0), count(*) FILTER (WHERE is_blocked = 1)
      FROM users WHERE ruolo = 'user'`,
  )[0] ?? [0, 0];
  const [penalties, strikes, averageDelay] = ctx.db.values<[number, number | null, number | null]>(
    sql`SELECT count(*), sum(strike_assegnati), avg(CASE WHEN giorni_ritardo > 0 THEN giorni_ritardo END) FROM penalita`,
  )[0] ?? [0, 0, null];
  return {
    total_users_with_penalties: withStrikes,
    blocked_users: blocked,
    total_penalties: penalties,
    avg_delay_days: Math.round((averageDelay ?? 0) * 10) / 10,
    total_strikes_assigned: strikes ?? 0,
  };
}
