import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { keptPerTerm, rowsContaining } from "../../db/search";
import { inIds, qualified } from "../../db/sql";
import { wholeList } from "../../read-model";
import { pageOf } from "../paging";
import type { PublicUser, UserListQuery, UserPage } from "./model";
import { publicUser, publicUserTexts } from "./users";

/** The list's order: surname, then name, ignoring case. */
const orderBy = [
  asc(sql`${qualified(users.surname)} collate nocase`),
  asc(sql`${qualified(users.name)} collate nocase`),
  asc(users.id),
];

/** The accounts a term matches, in the list's order, with their roles: kept until the searched text changes. */
const accountsMatching = keptPerTerm(
  (db, term) =>
    db
      .select({ id: users.id, ruolo: users.ruolo })
      .from(users)
      .where(sql`${users.id} IN (${rowsContaining("users_fts", term)})`)
      .orderBy(...orderBy)
      .all(),
  (accounts) => accounts.length,
);

/**
 * The users list of Gestione Utenti on the server: the spec's plain call answers every user; with
 * `pagina` it answers one page of a tab (`ruolo`: students or administrators) matching `cerca` (name,
 * surname, email, matricola), plus how many users each tab holds.
 */
export function listUsers(
  { db, sqlite }: Pick<AppContext, "db" | "sqlite">,
  query: UserListQuery = {},
): PublicUser[] | UserPage | Response {
  const page = pageOf(query);
  const term = query.cerca?.trim() || null;
  const role = query.ruolo || null;
  const matching = term ? rowsContaining("users_fts", term) : null;
  const where: SQL | undefined = and(
    role ? eq(users.ruolo, role) : undefined,
    matching ? sql`${users.id} IN (${matching})` : undefined,
  );
  const load = (selection: SQL | undefined) =>
    db
      .select()
      .from(users)
      .where(selection)
      .orderBy(...orderBy)
      .all()
      .map(publicUser);
  if (!page)
    return wholeList({
      db,
      table: users,
      id: users.id,
      where,
      orderBy,
      textsOf: (ids) => publicUserTexts(sqlite, ids),
    });
  const offset = (page.number - 1) * page.size;
  const { ids, total } = term
    ? searchedPage(accountsMatching(db, term), role, offset, page.size)
    : {
        // The page's ids first, sorted on the names alone; then only its rows are read whole: sorting whole
        // rows carried every match's columns through the sort.
        ids: db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(...orderBy)
          .limit(page.size)
          .offset(offset)
          .all()
          .map((row) => row.id),
        total: db.select({ n: count() }).from(users).where(where).get()?.n ?? 0,
      };
  const rows = ids.length ? load(inIds(users.id, ids)) : [];
  return { elementi: rows, totale: total, pagina: page.number, per_pagina: page.size, per_ruolo: accountsPerRole(db) };
}

/** One page of a search's kept matches, of one tab when `role` is given, and how many there are. */
function searchedPage(
  matches: ReadonlyArray<{ id: number; ruolo: string }>,
  role: string | null,
  offset: number,
  size: number,
): { ids: number[]; total: number } {
  const inTab = role ? matches.filter((account) => account.ruolo === role) : matches;
  return { ids: inTab.slice(offset, offset + size).map((account) => account.id), total: inTab.length };
}

/** How many accounts each role holds, kept by triggers (migration 0015): counting them walked every account. */
export function accountsPerRole(db: Db): Record<"user" | "admin", number> {
  const perRole = { user: 0, admin: 0 };
  for (const [role, accounts] of db.values<[keyof typeof perRole, number]>(
    sql`SELECT ruolo, quanti FROM users_per_ruolo`,
  ))
    perRole[role] = accounts;
  return perRole;
}
