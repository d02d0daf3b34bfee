import { and, eq, sql } from "drizzle-orm";
import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { type AccessSettings, accountEndFrom } from "../../domain/academy-access";
import { isIsoDate } from "../../domain/dates";
import { forbidden } from "../../http/errors";
import { type AuditActor, recordAudit } from "../audit/service";
import { isActiveCourse } from "../courses/service";
import { NO_LOCAL_PASSWORD } from "./passwords";
import { countAdministrators } from "./service";

// Accounts owned by the academy's identity provider (OIDC) or directory (LDAP): created at the first
// sign-in from what the directory says, and brought back in line with it at every sign-in after.

export type DirectoryKind = "oidc" | "ldap";

/** Claims (OIDC) or attributes (LDAP) as received: a value, or a list of them. */
export type DirectoryClaims = Record<string, unknown>;

/** What the directory says about the person signing in, read through the settings' mapping. */
export interface DirectoryProfile {
  /** How the directory knows them for good: OIDC "issuer subject", LDAP DN. */
  directoryId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  surname: string;
  matricola: string | null;
  groups: string[];
  /** The last valid day the directory gives, if any. */
  validUntil: string | null;
}

export const NOT_MAPPED =
  "Il tuo account dell'Accademia non è in nessun gruppo collegato a un corso: chiedi al banco prestiti";
export const REMOVED_FROM_GROUPS =
  "Il tuo account dell'Accademia non fa più parte dei gruppi dei corsi: non puoi più accedere. Se è un errore, rivolgiti al banco prestiti";
export const EMAIL_NOT_VERIFIED =
  "Esiste già un account PrestaLab con questa e-mail, ma l'Accademia non la indica come verificata: non possiamo collegarli. Chiedi al banco prestiti";
export const NO_EMAIL = "L'account dell'Accademia non ha un indirizzo e-mail: chiedi al banco prestiti";
export const IDENTITY_TAKEN =
  "La matricola o l'e-mail del tuo account dell'Accademia è già usata da un altro account PrestaLab: chiedi al banco prestiti";

/** The first value of a claim or attribute, as text. */
function firstText(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (first instanceof Uint8Array) return Buffer.from(first).toString("utf8").trim() || null;
  return typeof first === "string" || typeof first === "number" ? String(first).trim() || null : null;
}

function allTexts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map(firstText).filter((text): text is string => text !== null);
}

/** A group as the mapping names it: a plain name, or for an LDAP DN also the value of its first part. */
function groupNames(group: string): string[] {
  const firstPart = /^[a-z]+=([^,]+),/i.exec(group)?.[1];
  return firstPart ? [group, firstPart] : [group];
}

export function profileFrom(
  access: AccessSettings,
  claims: DirectoryClaims,
  directoryId: string,
  emailVerified: boolean,
): DirectoryProfile {
  const email = firstText(claims[access.claim_email])?.toLowerCase();
  if (!email?.includes("@")) throw forbidden(NO_EMAIL);
  const matricola =
    access.claim_matricola === "email:local"
      ? email.slice(0, email.indexOf("@"))
      : access.claim_matricola === ""
        ? null
        : firstText(claims[access.claim_matricola]);
  const validUntil = access.claim_valido_fino_al ? firstText(claims[access.claim_valido_fino_al]) : null;
  return {
    directoryId,
    email,
    emailVerified,
    name: firstText(claims[access.claim_nome]) ?? email.slice(0, email.indexOf("@")),
    surname: firstText(claims[access.claim_cognome]) ?? "",
    matricola: matricola?.slice(0, 50) ?? null,
    groups: allTexts(claims[access.claim_gruppi]).flatMap(groupNames),
    validUntil: validUntil && isIsoDate(validUntil.slice(0, 10)) ? validUntil.slice(0, 10) : null,
  };
}

/** The course the groups map to (the first mapping listed wins), and whether they name the desk. */
function mappedStanding(access: AccessSettings, groups: string[]) {
  const course = Object.entries(access.gruppi_corsi).find(([group]) => groups.includes(group))?.[1] ?? null;
  const desk = access.gruppo_banco === null ? null : groups.includes(access.gruppo_banco);
  return { course, desk };
}

function refuse(ctx: AppContext, kind: DirectoryKind, who: AuditActor, message: string): never {
  writeTransaction(ctx.db, (tx) =>
    recordAudit(tx, ctx.clock, who, {
      action: "auth.directory-refused",
      entity: "user",
      entityId: who.id ?? undefined,
      summary: `Accesso ${kind.toUpperCase()} rifiutato a ${who.email}: ${message}`,
    }),
  );
  ctx.logger.info(`sign-in refused directory=${kind} identifier=${who.email}`);
  throw forbidden(message);
}

/**
 * Signs in the person the directory vouched for: finds their account (by the directory's id, else by
 * a verified e-mail, which links it), or creates it; then name, matricola, course, role and expiry
 * follow the directory. Every sign-in, link, creation and refusal is audited.
 */
export function signInFromDirectory(
  ctx: AppContext,
  access: AccessSettings,
  kind: DirectoryKind,
  profile: DirectoryProfile,
): Actor {
  const byDirectory = ctx.db
    .select()
    .from(users)
    .where(and(eq(users.directory, kind), eq(users.directoryId, profile.directoryId)))
    .get();
  const byEmail = byDirectory ? undefined : ctx.db.select().from(users).where(eq(users.email, profile.email)).get();
  const existing = byDirectory ?? byEmail;
  const who: AuditActor = { id: existing?.id ?? null, email: profile.email };
  if (byEmail && !profile.emailVerified) refuse(ctx, kind, who, EMAIL_NOT_VERIFIED);

  const standing = mappedStanding(access, profile.groups);
  const course = standing.course !== null && isActiveCourse(ctx.db, standing.course) ? standing.course : null;
  const isDeskNow = standing.desk ?? (existing ? isDesk(existing) : false);
  const keepsChosenCourse = existing?.courseChosenByStudent === true && course === null;
  if (course === null && !isDeskNow && !keepsChosenCourse) {
    // A directory account that had a course from its groups and has none now left the mapped groups.
    if (byDirectory && byDirectory.corsoAccademico !== null) refuse(ctx, kind, who, REMOVED_FROM_GROUPS);
    if (access.corso_obbligatorio) refuse(ctx, kind, who, NOT_MAPPED);
  }
  const today = ctx.clock.today();
  const validUntil =
    profile.validUntil ?? (access.scadenza_account ? accountEndFrom(access.scadenza_account, today) : null);
  const now = ctx.clock.now().toISOString();
  const fields = {
    email: profile.email,
    name: profile.name,
    surname: profile.surname,
    matricola: profile.matricola,
    directory: kind,
    directoryId: profile.directoryId,
    directorySyncedAt: now,
    directoryGoneAt: null,
    validoFinoAl: isDeskNow ? null : validUntil,
    ...(keepsChosenCourse ? {} : { corsoAccademico: course, courseChosenByStudent: false }),
  };
  try {
    return writeTransaction(ctx.db, (tx) => {
      if (!existing) {
        const created = tx
          .insert(users)
          .values({
            ...fields,
            usernameChiave: null,
            passwordHash: NO_LOCAL_PASSWORD,
            ruolo: isDeskNow ? "admin" : "user",
            createdAt: now,
          })
          .returning()
          .get();
        recordAudit(tx, ctx.clock, created, {
          action: "auth.directory-create",
          entity: "user",
          entityId: created.id,
          summary: `Account creato al primo accesso ${kind.toUpperCase()}: ${created.email}${course ? ` (${course})` : " (senza corso)"}`,
        });
        return created;
      }
      // The last administrator keeps the role even when the desk group no longer lists them.
      const ruolo = isDeskNow || (isDesk(existing) && countAdministrators({ ...ctx, db: tx }) <= 1) ? "admin" : "user";
      const roleChanged = ruolo !== existing.ruolo;
      const updated = tx
        .update(users)
        .set({ ...fields, ruolo, ...(roleChanged ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
        .where(eq(users.id, existing.id))
        .returning()
        .get() as Actor;
      if (byEmail)
        recordAudit(tx, ctx.clock, updated, {
          action: "auth.directory-link",
          entity: "user",
          entityId: updated.id,
          summary: `Account locale ${updated.email} collegato all'account ${kind.toUpperCase()} (e-mail verificata)`,
        });
      if (roleChanged)
        recordAudit(tx, ctx.clock, updated, {
          action: "user.role",
          entity: "user",
          entityId: updated.id,
          summary: `Ruolo di ${updated.email} portato a ${isDesk({ ruolo }) ? "amministratore" : "studente"} dalla directory`,
        });
      recordAudit(tx, ctx.clock, updated, {
        action: "auth.directory-sign-in",
        entity: "user",
        entityId: updated.id,
        summary: `Accesso ${kind.toUpperCase()} di ${updated.email}`,
      });
      return updated;
    });
  } catch (error) {
    // Another account holds the e-mail or the matricola the directory gives.
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message))
      refuse(ctx, kind, who, IDENTITY_TAKEN);
    throw error;
  }
}
