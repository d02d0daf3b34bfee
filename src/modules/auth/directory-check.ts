import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { controlloDirectory, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { ldapConfigured } from "../../domain/academy-access";
import { readSettings } from "../settings/service";
import { DIRECTORY_CERTIFICATE_REFUSED, refusedCertificateCode } from "./certificate-failure";
import { beforeDeadline, escapedFilterValue, LDAP_DEADLINE_MS, serviceClient, withOpenedPassword } from "./ldap";

// The daily look at the directory: is every LDAP account's entry still there? The service account asks
// for the accounts' entries a batch at a time; the accounts whose entry is gone are marked
// (`directory_gone_at`) and listed on Sistema. A directory that does not answer marks nothing.

/** How many entries one search asks for: small enough for any server's size limit (slapd's is 500). */
export const DIRECTORY_CHECK_BATCH = 100;

export type DirectoryCheckOutcome = (typeof controlloDirectory.esito.enumValues)[number];

/** After a check that did not complete, the next round waits this long: a restart does not ask again at once. */
export const DIRECTORY_RETRY_MS = 15 * 60_000;

/** The last check, as Sistema shows it: kept in the database across restarts. */
export interface DirectoryCheck {
  /** When it ran (ISO timestamp) and on which day of the academy's calendar. */
  at: string;
  day: string;
  outcome: DirectoryCheckOutcome;
  checked: number;
  gone: number;
}

export function lastDirectoryCheck(ctx: AppContext): DirectoryCheck | null {
  const row = ctx.db.select().from(controlloDirectory).where(eq(controlloDirectory.id, 1)).get();
  if (!row) return null;
  return {
    at: row.eseguitoIl,
    day: row.giorno,
    outcome: row.esito,
    checked: row.accountControllati,
    gone: row.accountScomparsi,
  };
}

/** Replaces the kept check with this one (the one row, id 1). */
function keepCheck(tx: WriteTx, check: DirectoryCheck): void {
  const values = {
    eseguitoIl: check.at,
    giorno: check.day,
    esito: check.outcome,
    accountControllati: check.checked,
    accountScomparsi: check.gone,
  };
  tx.insert(controlloDirectory)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: controlloDirectory.id, set: values })
    .run();
}

/** A DN as the directory may spell it with other case or spaces: "UID=a, OU=x" is "uid=a,ou=x". */
function comparableDn(dn: string): string {
  return dn.toLowerCase().replace(/\s*([,=+])\s*/g, "$1");
}

/** RFC 4514's escapes in a DN's value ("\,", "\2C", "\C3\A8") read back as the text they stand for. */
function unescapedDnValue(value: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const character = value[index] as string;
    const hex = value.slice(index + 1, index + 3);
    if (character === "\\" && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (character === "\\") {
      index++;
      bytes.push(...Buffer.from(value[index] ?? ""));
    } else bytes.push(...Buffer.from(character));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The filter that finds the entry named by `dn`: its first RDN ("uid=anna,ou=…" → "(uid=anna)"). */
export function filterForDn(dn: string): string | null {
  const rdn = /^\s*([A-Za-z][A-Za-z0-9-]*|[0-9.]+)\s*=((?:\\.|[^,+\\])*)/.exec(dn);
  if (!rdn) return null;
  return `(${rdn[1]}=${escapedFilterValue(unescapedDnValue((rdn[2] as string).trim()))})`;
}

/** The DNs among `dns` that the directory still has, asked in batches on one service connection. */
async function entriesStillThere(ctx: AppContext, dns: string[]): Promise<Set<string>> {
  const access = withOpenedPassword(ctx, readSettings(ctx.db).accesso);
  const found = new Set<string>();
  const client = await beforeDeadline(
    Date.now() + LDAP_DEADLINE_MS,
    serviceClient(access, Date.now() + LDAP_DEADLINE_MS),
  );
  try {
    for (let start = 0; start < dns.length; start += DIRECTORY_CHECK_BATCH) {
      const filters = dns.slice(start, start + DIRECTORY_CHECK_BATCH).flatMap((dn) => filterForDn(dn) ?? []);
      if (filters.length === 0) continue;
      const { searchEntries } = await beforeDeadline(
        Date.now() + LDAP_DEADLINE_MS,
        client.search(access.ldap_base_dn as string, {
          scope: "sub",
          filter: `(|${filters.join("")})`,
          // "1.1": no attributes, the DNs alone.
          attributes: ["1.1"],
        }),
      );
      for (const entry of searchEntries) found.add(comparableDn(entry.dn));
    }
  } finally {
    await client.unbind().catch(() => undefined);
  }
  return found;
}

/**
 * Looks up every LDAP account's entry in the directory: marks those whose entry is gone, and clears the
 * mark of those whose entry is back. Answers what it did in a line for the log. A directory that does
 * not answer (each step has LDAP_DEADLINE_MS) is logged and marks nothing.
 */
export async function checkDirectoryAccounts(ctx: AppContext): Promise<string> {
  if (!ldapConfigured(readSettings(ctx.db).accesso)) return "LDAP non configurato: nessun controllo";
  const accounts = ctx.db
    .select({ id: users.id, dn: users.directoryId, goneAt: users.directoryGoneAt })
    .from(users)
    .where(and(eq(users.directory, "ldap"), isNotNull(users.directoryId)))
    .all();
  const check = (outcome: DirectoryCheckOutcome, gone: number): DirectoryCheck => ({
    at: ctx.clock.now().toISOString(),
    day: ctx.clock.today(),
    outcome,
    checked: accounts.length,
    gone,
  });
  let stillThere: Set<string>;
  try {
    stillThere = await entriesStillThere(
      ctx,
      accounts.map((account) => account.dn as string),
    );
  } catch (error) {
    const certificate = refusedCertificateCode(error);
    if (certificate) ctx.logger.warn(`directory check skipped: ${DIRECTORY_CERTIFICATE_REFUSED} (${certificate})`);
    else ctx.logger.warn(`directory check skipped, the directory did not answer: ${(error as Error).message}`);
    const failed = check(certificate ? "certificato_non_valido" : "directory_non_raggiungibile", 0);
    await ctx.writes.hold(() => writeTransaction(ctx.db, (tx) => keepCheck(tx, failed)));
    return certificate
      ? `certificato della directory non accettato (${certificate}): nessun account segnato`
      : "directory non raggiungibile: nessun account segnato";
  }
  const gone = accounts.filter((account) => !stillThere.has(comparableDn(account.dn as string)));
  const newlyGone = gone.filter((account) => account.goneAt === null).map((account) => account.id);
  const back = accounts
    .filter((account) => account.goneAt !== null && stillThere.has(comparableDn(account.dn as string)))
    .map((account) => account.id);
  const now = ctx.clock.now().toISOString();
  await ctx.writes.hold(() =>
    writeTransaction(ctx.db, (tx) => {
      for (const id of newlyGone) tx.update(users).set({ directoryGoneAt: now }).where(eq(users.id, id)).run();
      for (const id of back) tx.update(users).set({ directoryGoneAt: null }).where(eq(users.id, id)).run();
      keepCheck(tx, check("completato", gone.length));
    }),
  );
  return `${accounts.length} account LDAP controllati, ${gone.length} non più nella directory (${newlyGone.length} nuovi, ${back.length} tornati)`;
}

/**
 * The daily run, at each round of the jobs (the first one at start): once a check of today completed,
 * later rounds of the day leave the directory alone; after one that did not, the rounds of the next
 * DIRECTORY_RETRY_MS do. The last check is in the database, so a restart follows the same rule.
 */
export async function dailyDirectoryCheck(ctx: AppContext): Promise<string> {
  const last = lastDirectoryCheck(ctx);
  if (last?.outcome === "completato" && last.day === ctx.clock.today()) return "già controllati oggi";
  if (last && last.outcome !== "completato" && ctx.clock.now().getTime() - Date.parse(last.at) < DIRECTORY_RETRY_MS)
    return `ultimo controllo non riuscito da meno di ${DIRECTORY_RETRY_MS / 60_000} minuti: nuovo tentativo più tardi`;
  return checkDirectoryAccounts(ctx);
}

/** The accounts whose directory entry is gone, by surname, for Sistema. */
export function accountsGoneFromDirectory(ctx: AppContext) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      matricola: users.matricola,
      corso_accademico: users.corsoAccademico,
      scomparso_il: sql<string>`${users.directoryGoneAt}`,
    })
    .from(users)
    .where(isNotNull(users.directoryGoneAt))
    .orderBy(asc(sql`${users.surname} collate nocase`), asc(sql`${users.name} collate nocase`))
    .all();
}
