import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { qualified } from "../../db/sql";
import { badRequest } from "../../http/errors";
import { type PagedAnswer, type PageQuery, pageOf } from "../paging";
import { type PublicUser, publicUser } from "./users";

/**
 * The users list of Gestione Utenti on the server: the spec's plain call answers every user; with
 * `pagina` it answers one page of a tab (`ruolo`: students or administrators) matching `cerca` (name,
 * surname, email, matricola), plus how many users each tab holds.
 */
export interface UserListQuery extends PageQuery {
  ruolo?: string;
  cerca?: string;
}

const ROLES = ["user", "admin"] as const;

export interface UserPage extends PagedAnswer<PublicUser> {
  /** Users per tab, whatever the search: the tabs show them. */
  per_ruolo: Record<(typeof ROLES)[number], number>;
}

export function listUsers(db: Db, query: UserListQuery = {}): PublicUser[] | UserPage {
  const page = pageOf(query);
  const term = query.cerca?.trim() || null;
  if (term && term.length > 100) throw badRequest("Testo di ricerca troppo lungo (massimo 100 caratteri)");
  const role = query.ruolo || null;
  if (role !== null && !(ROLES as readonly string[]).includes(role)) throw badRequest("Ruolo non valido");
  const where: SQL | undefined = and(
    role ? eq(users.ruolo, role as (typeof ROLES)[number]) : undefined,
    term ? sql`${users.id} IN (${rowsContaining("users_fts", term)})` : undefined,
  );
  const rows = db
    .select()
    .from(users)
    .where(where)
    .orderBy(
      asc(sql`${qualified(users.surname)} collate nocase`),
      asc(sql`${qualified(users.name)} collate nocase`),
      asc(users.id),
    )
    .limit(page ? page.size : -1)
    .offset(page ? (page.number - 1) * page.size : 0)
    .all()
    .map(publicUser);
  if (!page) return rows;
  const perRole = { user: 0, admin: 0 };
  for (const row of db.select({ ruolo: users.ruolo, n: count() }).from(users).groupBy(users.ruolo).all())
    perRole[row.ruolo] = row.n;
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  return { elementi: rows, totale: total, pagina: page.number, per_pagina: page.size, per_ruolo: perRole };
}
