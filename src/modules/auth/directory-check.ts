import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { ldapConfigured } from "../../domain/academy-access";
import { readSettings } from "../settings/service";
import { beforeDeadline, escapedFilterValue, LDAP_DEADLINE_MS, serviceClient, withOpenedPassword } from "./ldap";

// The daily look at the directory: is every LDAP account's entry still there? The service account asks
// for the accounts' entries a batch at a time; the accounts whose entry is gone are marked
// (`directory_gone_at`) and listed on Sistema. A directory that does not answer marks nothing.

/** How many entries one search asks for: small enough for any server's size limit (slapd's is 500). */
export const DIRECTORY_CHECK_BATCH = 100;

export type DirectoryCheckOutcome = "completato" | "directory_non_raggiungibile";

/** The last check of this process, as Sistema shows it. */
export interface DirectoryCheck {
  /** When it ran (ISO timestamp) and on which day of the academy's calendar. */
  at: string;
  day: string;
  outcome: DirectoryCheckOutcome;
  checked: number;
  gone: number;
}

const lastChecks = new WeakMap<AppContext, DirectoryCheck>();

export function lastDirectoryCheck(ctx: AppContext): DirectoryCheck | null {
  return lastChecks.get(ctx) ?? null;
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
  const record = (outcome: DirectoryCheckOutcome, gone: number) =>
    lastChecks.set(ctx, {
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
    ctx.logger.warn(`directory check skipped, the directory did not answer: ${(error as Error).message}`);
    record("directory_non_raggiungibile", 0);
    return "directory non raggiungibile: nessun account segnato";
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
    }),
  );
  record("completato", gone.length);
  return `${accounts.length} account LDAP controllati, ${gone.length} non più nella directory (${newlyGone.length} nuovi, ${back.length} tornati)`;
}

/** The daily run: once a completed check of today exists, later rounds of the day leave the directory alone. */
export async function dailyDirectoryCheck(ctx: AppContext): Promise<string> {
  const last = lastDirectoryCheck(ctx);
  if (last?.outcome === "completato" && last.day === ctx.clock.today()) return "già controllati oggi";
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
