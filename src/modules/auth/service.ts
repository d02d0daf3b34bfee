import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { deskAccounts, isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { passwordResetRequests, prestiti, richieste, segnalazioni, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { signUpDomainProblem } from "../../domain/academy-settings";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { textKey } from "../../domain/text-key";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { isActiveCourse } from "../courses/service";
import { readSettings } from "../settings/service";
import { normalizedEmail, optionalText, requiredText } from "../text-fields";
import type { ProfileInput, RegistrationInput, Role } from "./model";
import { assertPasswordAcceptable, type MaybeText, replacePassword } from "./password-change";
import { hasLocalPassword } from "./passwords";
import { mailResetLink } from "./reset-link";

/** A course open to registrations; an archived one only when the student already follows it. */
function courseOrNull(db: Db, value: MaybeText, required: boolean, currentCourse?: string | null): string | null {
  const course = optionalText(value);
  if (course === null) {
    if (required) throw badRequest("Seleziona il corso accademico");
    return null;
  }
  if (course !== currentCourse && !isActiveCourse(db, course)) throw badRequest("Corso accademico non valido");
  return course;
}

/** Validated profile fields shared by registration and editing. */
function profileFields(
  db: Db,
  input: ProfileInput,
  options: { courseRequired: boolean; currentCourse?: string | null },
) {
  return {
    name: requiredText(input.name, "Il nome è obbligatorio"),
    surname: requiredText(input.surname, "Il cognome è obbligatorio"),
    email: normalizedEmail(input.email),
    matricola: requiredText(input.matricola, "La matricola è obbligatoria", 50),
    phone: optionalText(input.phone, 50),
    corsoAccademico: courseOrNull(db, input.corso_accademico, options.courseRequired, options.currentCourse),
  };
}

/** 409 when another account already uses this email, username or matricola. */
function assertIdentityFree(
  ctx: AppContext,
  fields: { email: string; matricola: string | null; username?: string | null },
  exceptUserId?: number,
) {
  const others = (condition: ReturnType<typeof eq>) =>
    ctx.db
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(condition, sql`${users.id} <> ${exceptUserId}`) : condition)
      .get();
  if (others(eq(users.email, fields.email))) throw conflict("Email già registrata");
  if (fields.username && others(eq(users.usernameChiave, textKey(fields.username))))
    throw conflict("Nome utente già in uso");
  if (fields.matricola && others(eq(users.matricola, fields.matricola))) throw conflict("Matricola già registrata");
}

function findUser(ctx: AppContext, id: number): Actor {
  const user = ctx.db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("Utente non trovato");
  return user;
}

export const SIGN_UP_CLOSED =
  "La registrazione non è aperta: accedi con l'account dell'Accademia o chiedi al banco prestiti di creare il tuo account";

/**
 * Public registration always creates a student. Called by an administrator, it follows the admin's
 * new-user form instead: the role is chosen, and course and phone are optional.
 */
export async function registerUser(ctx: AppContext, admin: Actor | null, input: RegistrationInput): Promise<Actor> {
  const byAdmin = admin !== null && isDesk(admin);
  const fields = profileFields(ctx.db, input, { courseRequired: !byAdmin });
  // The academy may open self-registration to its own e-mail domains only; the desk adds anyone.
  if (!byAdmin) {
    const access = readSettings(ctx.db).accesso;
    if (!access.registrazione_aperta) throw forbidden(SIGN_UP_CLOSED);
    const domainProblem = signUpDomainProblem(access, fields.email);
    if (domainProblem) throw badRequest(domainProblem);
  }
  const username = optionalText(input.username, 50);
  const password = assertPasswordAcceptable(input.password);
  const ruolo: Role = byAdmin ? (input.ruolo ?? input.role ?? "user") : "user";
  assertIdentityFree(ctx, { ...fields, username });
  const passwordHash = await ctx.passwords.hash(password);
  return writeTransaction(ctx.db, (tx) => {
    // Checked again inside the write: two registrations racing for one email cannot both pass.
    assertIdentityFree({ ...ctx, db: tx }, { ...fields, username });
    const created = tx
      .insert(users)
      .values({
        ...fields,
        username,
        usernameChiave: username === null ? null : textKey(username),
        passwordHash,
        ruolo,
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning()
      .get();
    if (admin && byAdmin)
      recordAudit(tx, ctx.clock, admin, {
        action: "user.create",
        entity: "user",
        entityId: created.id,
        summary: `Creato ${isDesk({ ruolo }) ? "amministratore" : "utente"} ${created.name} ${created.surname} (${created.email})`,
      });
    return created;
  });
}

/** The user for these credentials, or null. Unknown identifiers cost as much time as wrong passwords. */
export async function verifyCredentials(ctx: AppContext, identifier: string, password: string): Promise<Actor | null> {
  const key = textKey(identifier.trim());
  // An email wins over someone else's username spelled the same, so its owner can always sign in.
  const user =
    ctx.db.select().from(users).where(eq(users.email, key)).get() ??
    ctx.db.select().from(users).where(eq(users.usernameChiave, key)).get();
  if (!user || !hasLocalPassword(user)) {
    await ctx.passwords.verifyNoAccount(password);
    return null;
  }
  return (await ctx.passwords.verify(password, user.passwordHash)) ? user : null;
}

/**
 * Queues one pending reset request per account for the desk and, while reset links are on, mails a
 * one-time link too. Unknown emails are silently ignored.
 */
export function requestPasswordReset(ctx: AppContext, email: string): void {
  const user = ctx.db.select().from(users).where(eq(users.email, email)).get();
  if (!user) return;
  writeTransaction(ctx.db, (tx) => {
    tx.insert(passwordResetRequests)
      .values({ userId: user.id, requestedAt: ctx.clock.now().toISOString() })
      .onConflictDoNothing()
      .run();
    mailResetLink(tx, ctx, user);
  });
}

export function listPendingResetRequests(ctx: AppContext) {
  return ctx.db
    .select({
      id: passwordResetRequests.id,
      email: users.email,
      user_name: users.name,
      user_surname: users.surname,
      user_email: users.email,
      requested_at: passwordResetRequests.requestedAt,
    })
    .from(passwordResetRequests)
    .innerJoin(users, eq(users.id, passwordResetRequests.userId))
    .where(eq(passwordResetRequests.stato, "pending"))
    .orderBy(asc(passwordResetRequests.requestedAt))
    .all();
}

/** Sets a new password chosen by the desk, ends the user's sessions and closes their reset requests. */
export async function setPasswordByAdmin(ctx: AppContext, admin: Actor, target: Actor, newPassword: MaybeText) {
  const password = assertPasswordAcceptable(newPassword);
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.clock.now().toISOString();
  writeTransaction(ctx.db, (tx) => {
    replacePassword(tx, target.id, passwordHash, now, admin.id);
    recordAudit(tx, ctx.clock, admin, {
      action: "user.reset-password",
      entity: "user",
      entityId: target.id,
      summary: `Password reimpostata per ${target.email}`,
    });
  });
  ctx.events.closeEndedSessions();
}

export const ACADEMY_MANAGED_PASSWORD =
  "Entri con l'account dell'Accademia: la password si cambia nel sistema dell'Accademia, non in PrestaLab";

export const WRONG_CURRENT_PASSWORD = "La password attuale non è corretta";

/**
 * A signed-in user chooses a new password, proving the current one. Every session ends, the caller's
 * too: the route signs the returned user (with the new session version) in again.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  user: Actor,
  input: { password_attuale?: MaybeText; nuova_password?: MaybeText },
): Promise<Actor> {
  const current = input.password_attuale;
  if (!current) throw badRequest("Inserisci la password attuale", { campo: "password_attuale" });
  let password: string;
  try {
    password = assertPasswordAcceptable(input.nuova_password);
  } catch (error) {
    if (error instanceof HttpError) throw badRequest(error.message, { campo: "nuova_password" });
    throw error;
  }
  if (!hasLocalPassword(user)) throw badRequest(ACADEMY_MANAGED_PASSWORD, { campo: "password_attuale" });
  if (!(await ctx.passwords.verify(current, user.passwordHash)))
    throw badRequest(WRONG_CURRENT_PASSWORD, { campo: "password_attuale" });
  if (password === current)
    throw badRequest("La nuova password deve essere diversa da quella attuale", { campo: "nuova_password" });
  const passwordHash = await ctx.passwords.hash(password);
  const changed = writeTransaction(ctx.db, (tx) => {
    replacePassword(tx, user.id, passwordHash, ctx.clock.now().toISOString(), null);
    recordAudit(tx, ctx.clock, user, {
      action: "user.change-password",
      entity: "user",
      entityId: user.id,
      summary: `Password cambiata da ${user.email}`,
    });
    return tx.select().from(users).where(eq(users.id, user.id)).get() as Actor;
  });
  ctx.events.closeEndedSessions();
  return changed;
}

export function findUserById(ctx: AppContext, id: number): Actor {
  return findUser(ctx, id);
}

export function findUserByEmail(ctx: AppContext, email: MaybeText): Actor {
  const user = ctx.db
    .select()
    .from(users)
    .where(eq(users.email, normalizedEmail(email)))
    .get();
  if (!user) throw notFound("Utente non trovato");
  return user;
}

/** Edits the profile only: the role and the password have their own actions. */
export function updateUserProfile(ctx: AppContext, admin: Actor, id: number, input: ProfileInput): Actor {
  const target = findUser(ctx, id);
  const fields = profileFields(ctx.db, input, { courseRequired: false, currentCourse: target.corsoAccademico });
  return writeTransaction(ctx.db, (tx) => {
    assertIdentityFree({ ...ctx, db: tx }, fields, id);
    const updated = tx.update(users).set(fields).where(eq(users.id, id)).returning().get();
    recordAudit(tx, ctx.clock, admin, {
      action: "user.update",
      entity: "user",
      entityId: id,
      summary: `Modificato il profilo di ${target.email}`,
    });
    return updated as Actor;
  });
}

/** What still ties a user to the desk: deleting them is refused while any of these is open. */
function openCommitments(ctx: AppContext, userId: number): string[] {
  const reasons: string[] = [];
  const hasLoan = ctx.db
    .select({ id: prestiti.id })
    .from(prestiti)
    .where(and(eq(prestiti.utenteId, userId), inArray(prestiti.stato, OPEN_LOAN_STATES)))
    .get();
  if (hasLoan) reasons.push("prestiti in corso");
  const hasRequest = ctx.db
    .select({ id: richieste.id })
    .from(richieste)
    .where(and(eq(richieste.utenteId, userId), eq(richieste.stato, REQUEST_STATE.pending)))
    .get();
  if (hasRequest) reasons.push("richieste in attesa");
  const hasReport = ctx.db
    .select({ id: segnalazioni.id })
    .from(segnalazioni)
    .where(and(eq(segnalazioni.userId, userId), inArray(segnalazioni.stato, ["aperta", "in_corso"])))
    .get();
  if (hasReport) reasons.push("segnalazioni aperte");
  return reasons;
}

/** Deletes a student account. Loans keep the borrower's name and email as they were. */
export function deleteUser(ctx: AppContext, admin: Actor, id: number): void {
  const target = findUser(ctx, id);
  if (isDesk(target)) throw forbidden("Gli account amministratore non possono essere eliminati");
  writeTransaction(ctx.db, (tx) => {
    const reasons = openCommitments({ ...ctx, db: tx }, id);
    if (reasons.length) throw conflict(`Impossibile eliminare l'utente: ha ${reasons.join(", ")}`);
    tx.delete(users).where(eq(users.id, id)).run();
    recordAudit(tx, ctx.clock, admin, {
      action: "user.delete",
      entity: "user",
      entityId: id,
      summary: `Eliminato l'utente ${target.name} ${target.surname} (${target.email})`,
    });
  });
}

export function countAdministrators(ctx: AppContext): number {
  return ctx.db.select({ n: count() }).from(users).where(deskAccounts).get()?.n ?? 0;
}

/**
 * Creates an administrator, or promotes an existing account (and sets its password when one is
 * given). Used by `create-admin` and by the first start of an empty database.
 */
export async function createOrPromoteAdmin(
  ctx: AppContext,
  input: { email: string; password?: string; name?: string; surname?: string },
): Promise<{ user: Actor; created: boolean; passwordChanged: boolean; generatedPassword?: string }> {
  const email = normalizedEmail(input.email);
  const existing = ctx.db.select().from(users).where(eq(users.email, email)).get();
  const generatedPassword = input.password ? undefined : existing ? undefined : generatePassword();
  const password = input.password ?? generatedPassword;
  const passwordHash = password ? await ctx.passwords.hash(assertPasswordAcceptable(password)) : undefined;
  if (existing) {
    const user = writeTransaction(ctx.db, (tx) => {
      // A promotion ends the old sessions too, so no token carries a stale role; a new password does it itself.
      if (passwordHash) replacePassword(tx, existing.id, passwordHash, ctx.clock.now().toISOString(), null);
      return tx
        .update(users)
        .set({ ruolo: "admin", ...(passwordHash ? {} : { sessionVersion: sql`${users.sessionVersion} + 1` }) })
        .where(eq(users.id, existing.id))
        .returning()
        .get() as Actor;
    });
    ctx.events.closeEndedSessions();
    return { user, created: false, passwordChanged: passwordHash !== undefined };
  }
  const user = ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: passwordHash as string,
      name: input.name ?? "Amministratore",
      surname: input.surname ?? "PrestaLab",
      ruolo: "admin",
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning()
    .get();
  return { user, created: true, passwordChanged: true, generatedPassword };
}

/** A random password from an unambiguous alphabet (20 characters: about 115 bits). */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (out.length < length && byte < limit) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
