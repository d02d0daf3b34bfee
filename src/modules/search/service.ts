import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { inventario, unita, users } from "../../db/schema";
import { rowsContaining } from "../../db/search";
import { listLoans } from "../loans/reads";
import type { SearchResults } from "./model";

/** Rows of each kind a search answers: enough to pick from while typing. */
const PER_KIND = 5;

/**
 * What the desk's search finds for `term`, through the same trigram indexes as the lists: items by name,
 * serial or notes, units by code, students by name, email or matricola, and open loans by item, code or
 * borrower (the loan list's own search).
 */
export function searchEverything(ctx: AppContext, admin: Actor, term: string): SearchResults {
  const text = term.trim();
  const oggetti = ctx.db
    .select({ id: inventario.id, nome: inventario.nome, seriale: inventario.seriale })
    .from(inventario)
    .where(and(isNull(inventario.archivedAt), sql`${inventario.id} IN (${rowsContaining("inventario_fts", text)})`))
    .orderBy(asc(inventario.nome))
    .limit(PER_KIND)
    .all();
  const units = ctx.db
    .select({
      id: unita.id,
      codice_univoco: unita.codiceUnivoco,
      inventario_id: unita.inventarioId,
      oggetto_nome: inventario.nome,
    })
    .from(unita)
    .innerJoin(inventario, eq(inventario.id, unita.inventarioId))
    .where(
      and(
        isNull(unita.archivedAt),
        isNull(inventario.archivedAt),
        sql`${unita.id} IN (${rowsContaining("unita_fts", text)})`,
      ),
    )
    .orderBy(asc(unita.codiceUnivoco))
    .limit(PER_KIND)
    .all();
  const studenti = ctx.db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, matricola: users.matricola })
    .from(users)
    .where(and(inArray(users.ruolo, ["user"]), sql`${users.id} IN (${rowsContaining("users_fts", text)})`))
    .orderBy(asc(users.surname), asc(users.name))
    .limit(PER_KIND)
    .all();
  const openLoans = listLoans(ctx, admin, {
    all: "1",
    stato: "in_corso",
    cerca: text,
    pagina: "1",
    per_pagina: String(PER_KIND),
  });
  if (openLoans instanceof Response || !("elementi" in openLoans)) throw new Error("a page was asked for");
  const prestiti = openLoans.elementi.map((loan) => ({
    id: loan.id,
    oggetto_nome: loan.oggetto_nome,
    utente_nome: [loan.utente_nome, loan.utente_cognome].filter(Boolean).join(" "),
    stato: loan.stato,
    data_rientro: loan.data_rientro,
  }));
  return { oggetti, unita: units, studenti, prestiti };
}
