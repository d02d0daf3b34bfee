import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { inIds, qualified } from "../../db/sql";
import { pageOf } from "../paging";
import { wholeList } from "../whole-list";
import type { PublicUser, UserListQuery, UserPage } from "./model";
import { publicUser } from "./users";

/**
 * The users list of Gestione Utenti on the server: the spec's plain call answers every user; with
 * `pagina` it answers one page of a tab (`ruolo`: students or administrators) matching `cerca` (name,
 * surname, email, matricola), plus how many users each tab holds.
 */
export function listUsers(db: Db, query: UserListQuery = {}): PublicUser[] | UserPage | Response {
  const page = pageOf(query);
  const term = query.cerca?.trim() || null;
  const role = query.ruolo || null;
  const matching = term ? rowsContaining("users_fts", term) : null;
  const where: SQL | undefined = and(
    role ? eq(users.ruolo, role) : undefined,
    matching ? sql`${users.id} IN (${matching})` : undefined,
  );
  const orderBy = [
    asc(sql`${qualified(users.surname)} collate nocase`),
    asc(sql`${qualified(users.name)} collate nocase`),
    asc(users.id),
  ];
  const load = (selection: SQL | undefined) =>
    db
      .select()
      .from(users)
      .where(selection)
      .orderBy(...orderBy)
      .all()
      .map(publicUser);
  if (!page) return wholeList({ db, table: users, id: users.id, where, orderBy, load });
  // The page's ids first, sorted on the names alone; then only its rows are read whole: sorting whole
  // rows carried every match's columns through the sort.
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .all()
    .map((row) => row.id);
  const rows = ids.length ? load(inIds(users.id, ids)) : [];
  // Every account is in the search index (triggers keep it so): a search alone is counted there, by rowid.
  const total =
    matching && !role ? countOf(db, matching) : (db.select({ n: count() }).from(users).where(where).get()?.n ?? 0);
  return { elementi: rows, totale: total, pagina: page.number, per_pagina: page.size, per_ruolo: accountsPerRole(db) };
}

const countOf = (db: Db, rows: SQL) => db.values<[number]>(sql`SELECT count(*) FROM (${rows})`)[0]?.[0] ?? 0;

/** How many accounts each role holds, kept by triggers (migration 0015): counting them walked every account. */
export function accountsPerRole(db: Db): Record<"user" | "admin", number> {
  const perRole = { user: 0, admin: 0 };
  for (const [role, accounts] of db.values<[keyof typeof perRole, number]>(
    sql`SELECT ruolo, quanti FROM users_per_ruolo`,
  ))
    perRole[role] = accounts;
  return perRole;
}
