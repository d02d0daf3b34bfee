import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { qualified } from "../../db/sql";
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
  const where: SQL | undefined = and(
    role ? eq(users.ruolo, role) : undefined,
    term ? sql`${users.id} IN (${rowsContaining("users_fts", term)})` : undefined,
  );
  const orderBy = [
    asc(sql`${qualified(users.surname)} collate nocase`),
    asc(sql`${qualified(users.name)} collate nocase`),
    asc(users.id),
  ];
  const load = (selection: SQL | undefined, limit = -1, offset = 0) =>
    db
      .select()
      .from(users)
      .where(selection)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset)
      .all()
      .map(publicUser);
  if (!page) return wholeList({ db, table: users, id: users.id, where, orderBy, load });
  const rows = load(where, page.size, (page.number - 1) * page.size);
  const perRole = accountsPerRole(db);
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  return { elementi: rows, totale: total, pagina: page.number, per_pagina: page.size, per_ruolo: perRole };
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
