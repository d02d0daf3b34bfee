import { eq, or } from "drizzle-orm";
import { Client, InvalidCredentialsError } from "ldapts";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { type AccessSettings, ldapConfigured } from "../../domain/academy-access";
import { textKey } from "../../domain/text-key";
import { forbidden, HttpError } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { openSecret } from "../settings/secret-box";
import { DIRECTORY_CERTIFICATE_REFUSED, refusedCertificateCode } from "./certificate-failure";
import { profileFrom, signInFromDirectory } from "./directory-accounts";

// Sign-in through the academy's LDAP or Active Directory: the service account searches for the person
// by `ldap_filtro` under `ldap_base_dn`, then PrestaLab binds as them with the password they typed.

/** A slow or unreachable directory never holds a sign-in longer than this. */
export const LDAP_DEADLINE_MS = 5000;

export const DIRECTORY_DOWN =
  "La directory dell'Accademia non risponde: riprova tra poco. Gli amministratori possono sempre entrare con la password di PrestaLab";
export const REMOVED_FROM_DIRECTORY =
  "Il tuo account non è più nella directory dell'Accademia: non puoi più accedere. Se è un errore, rivolgiti al banco prestiti";

/** RFC 4515: what the person typed, as a literal value inside the search filter. */
export function escapedFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (character) => `\\${character.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

function clientFor(access: AccessSettings, deadline: number): Client {
  const ca = access.ldap_ca ? [access.ldap_ca] : undefined;
  const remaining = Math.max(1, deadline - Date.now());
  return new Client({
    url: access.ldap_url as string,
    timeout: remaining,
    connectTimeout: remaining,
    // For ldaps:// only: given to a client of an ldap:// address, ldapts' StartTLS handshake is cut off.
    tlsOptions: ca && access.ldap_url?.startsWith("ldaps:") ? { ca } : undefined,
    strictDN: false,
  });
}

/** Connected, over TLS when the address is ldap:// and a CA is set (StartTLS), ldaps:// being TLS already. */
async function connected(access: AccessSettings, deadline: number): Promise<Client> {
  const client = clientFor(access, deadline);
  if (access.ldap_url?.startsWith("ldap:") && access.ldap_ca) await client.startTLS({ ca: [access.ldap_ca] });
  return client;
}

/** Runs `work` but gives up at the deadline, whatever the directory is doing. */
export async function beforeDeadline<T>(deadline: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("deadline")), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The attributes the mapping reads. */
function mappedAttributes(access: AccessSettings): string[] {
  const names = [access.claim_email, access.claim_nome, access.claim_cognome, access.claim_gruppi];
  if (access.claim_matricola && access.claim_matricola !== "email:local") names.push(access.claim_matricola);
  if (access.claim_valido_fino_al) names.push(access.claim_valido_fino_al);
  return [...new Set(names)];
}

/**
 * A connection bound as the service account (anonymous without one), its bind password already opened.
 * The caller unbinds it.
 */
export async function serviceClient(access: AccessSettings, deadline: number): Promise<Client> {
  const client = await connected(access, deadline);
  try {
    if (access.ldap_bind_dn) await client.bind(access.ldap_bind_dn, access.ldap_bind_password ?? "");
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/** The settings with the service account's password opened from its sealed form, for `serviceClient`. */
export function withOpenedPassword(ctx: AppContext, access: AccessSettings): AccessSettings {
  return { ...access, ldap_bind_password: openSecret(ctx.jwtSecret, access.ldap_bind_password) };
}

/** The directory's entry for `login`, found by the service account, or null when there is none. */
async function findEntry(access: AccessSettings, login: string, deadline: number) {
  const client = await serviceClient(access, deadline);
  try {
    const { searchEntries } = await client.search(access.ldap_base_dn as string, {
      scope: "sub",
      filter: access.ldap_filtro.replaceAll("{{login}}", escapedFilterValue(login)),
      attributes: mappedAttributes(access),
      sizeLimit: 2,
    });
    // Two people for one login is a directory to fix, not a guess to make.
    return searchEntries.length === 1 ? (searchEntries[0] ?? null) : null;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Whether `password` is the person's own: a bind as them. */
async function passwordIsTheirs(access: AccessSettings, dn: string, password: string, deadline: number) {
  const client = await connected(access, deadline);
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Signs in through the directory, after the local password did not: the person's account (created or
 * brought in line with the directory), null for a wrong login or password. A directory that does not
 * answer in time is a 503 with an Italian message; local sign-in is not affected.
 */
export async function signInWithDirectory(
  ctx: AppContext,
  access: AccessSettings,
  login: string,
  password: string,
): Promise<Actor | null> {
  if (!ldapConfigured(access) || password === "") return null;
  const opened = withOpenedPassword(ctx, access);
  const deadline = Date.now() + LDAP_DEADLINE_MS;
  let entry: Awaited<ReturnType<typeof findEntry>>;
  try {
    entry = await beforeDeadline(deadline, findEntry(opened, login, deadline));
    if (entry && !(await beforeDeadline(deadline, passwordIsTheirs(opened, entry.dn, password, deadline)))) return null;
  } catch (error) {
    // The desk reads the cause in the log; the person signing in gets the same neutral message either way.
    const certificate = refusedCertificateCode(error);
    if (certificate) ctx.logger.warn(`ldap sign-in failed: ${DIRECTORY_CERTIFICATE_REFUSED} (${certificate})`);
    else ctx.logger.warn(`ldap sign-in failed: ${(error as Error).name} ${(error as Error).message}`);
    throw new HttpError(503, DIRECTORY_DOWN);
  }
  if (!entry) {
    refuseIfRemoved(ctx, login);
    return null;
  }
  // The directory's own e-mail is its record: an existing account with it is linked.
  const profile = profileFrom(access, entry, entry.dn, true);
  return signInFromDirectory(ctx, access, "ldap", profile);
}

/** A directory account whose entry is no longer found is refused, saying so. */
function refuseIfRemoved(ctx: AppContext, login: string): void {
  const key = textKey(login.trim());
  const account = ctx.db
    .select()
    .from(users)
    .where(or(eq(users.email, key), eq(users.usernameChiave, key)))
    .get();
  if (account?.directory !== "ldap") return;
  writeTransaction(ctx.db, (tx) =>
    recordAudit(tx, ctx.clock, account, {
      action: "auth.directory-refused",
      entity: "user",
      entityId: account.id,
      summary: `Accesso LDAP rifiutato a ${account.email}: non è più nella directory`,
    }),
  );
  throw forbidden(REMOVED_FROM_DIRECTORY);
}
