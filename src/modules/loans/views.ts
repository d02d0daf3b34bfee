import { count, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { jsonTextsById, preparedQuery } from "../../db/prepared";
import { inventario, prestiti, prestitiUnita, richieste, unita, users } from "../../db/schema";
import { idList, inIds, jsonBoolean } from "../../db/sql";
import { accountEnded } from "../../domain/academy-access";
import { isOpenLoan, type LoanState, type RequestState } from "../../domain/bookings";
import { effectiveLoanState, loanDaysLate, loanPhase } from "../../domain/loan-rules";
import type { LoanView, RequestView } from "./model";

/** Which rows of a list, in which order, and how many from where (all of them by default). */
export interface Selection {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

/** `query` cut to the rows, order and page `selection` asks for: in `defaultOrder` unless it names one. */
function selected<Query extends SQLiteSelect>(
  query: Query,
  { where, orderBy, limit = -1, offset = 0 }: Selection,
  defaultOrder: SQL[],
) {
  return query
    .where(where)
    .orderBy(...(orderBy ?? defaultOrder))
    .limit(limit)
    .offset(offset);
}

/**
 * The set a request is a line of, when that set has more than one line: a set of one answers as the spec's
 * single request does (null), so existing clients see no difference, while the desk can group the lines of a
 * bigger set under its card. Written once as SQL text for both readers below; `request` names the outer row.
 */
const setOfManyLines = (request: string) => `CASE WHEN EXISTS (
    SELECT 1 FROM richieste AS other_line
    WHERE other_line.prenotazione_id = ${request}.prenotazione_id AND other_line.id <> ${request}.id
  ) THEN ${request}.prenotazione_id END`;

const requestColumns = {
  request: richieste,
  itemName: inventario.nome,
  loanType: inventario.tipoPrestito,
  unitCode: unita.codiceUnivoco,
  user: { name: users.name, surname: users.surname, email: users.email },
  strikes: users.penaltyStrikes,
  blocked: users.isBlocked,
  setId: sql<number | null>`${sql.raw(setOfManyLines('"richieste"'))}`,
};

/** Requests with their item, unit and student, as every reader of request views joins them. */
const requestRows = (db: Db) =>
  db
    .select(requestColumns)
    .from(richieste)
    .innerJoin(inventario, eq(inventario.id, richieste.inventarioId))
    .innerJoin(unita, eq(unita.id, richieste.unitId))
    .leftJoin(users, eq(users.id, richieste.utenteId));

/** A loan request as lists and details show it. */
export function loadRequestViews(db: Db, selection: Selection = {}): RequestView[] {
  return selected(requestRows(db).$dynamic(), selection, [desc(richieste.createdAt), desc(richieste.id)])
    .all()
    .map(requestViewOf);
}

/** One request as `loadRequestViews` shows it, through a query prepared once: every write answers it. */
export function loadRequestView(db: Db, id: number): RequestView | undefined {
  const row = oneRequest(db).get({ id });
  return row && requestViewOf(row);
}

const oneRequest = preparedQuery((db) =>
  requestRows(db)
    .where(eq(richieste.id, sql.placeholder("id")))
    .prepare(),
);

function requestViewOf({
  request,
  itemName,
  loanType,
  unitCode,
  user,
  strikes,
  blocked,
  setId,
}: ReturnType<ReturnType<typeof oneRequest>["all"]>[number]): RequestView {
  return {
    id: request.id,
    stato: request.stato,
    inventario_id: request.inventarioId,
    oggetto_nome: itemName,
    articolo_nome: itemName,
    tipo_prestito: loanType,
    unit_id: request.unitId,
    codice_univoco: unitCode,
    dal: request.dal,
    al: request.al,
    note: request.note,
    tipo_utilizzo: request.tipoUtilizzo,
    motivo_rifiuto: request.motivoRifiuto,
    created_at: request.createdAt,
    handled_at: request.handledAt,
    utente_id: request.utenteId,
    utente_nome: user?.name ?? null,
    utente_cognome: user?.surname ?? null,
    name: user?.name ?? null,
    surname: user?.surname ?? null,
    utente_email: user?.email ?? null,
    penalty_strikes: strikes ?? 0,
    is_blocked: blocked ?? false,
    prenotazione_id: setId,
  };
}

/**
 * The JSON text of each request the ids name, in the order given, as `loadRequestViews` builds it: the
 * spec's whole request list (`?all=1`, thousands of rows) is written by SQLite itself, one `json_object`
 * per row, where mapping each joined row to objects through drizzle took most of the call
 * (requests.test.ts checks both readers give the same answer, in every state). The keys in RequestView's
 * order; an account deleted since leaves its fields null, strikes 0, not blocked.
 */
export const requestTexts = jsonTextsById(`
  SELECT json_object(
    'id', r.id, 'stato', r.stato, 'inventario_id', r.inventario_id,
    'oggetto_nome', i.nome, 'articolo_nome', i.nome, 'tipo_prestito', i.tipo_prestito,
    'unit_id', r.unit_id, 'codice_univoco', un.codice_univoco, 'dal', r.dal, 'al', r.al, 'note', r.note,
    'tipo_utilizzo', r.tipo_utilizzo, 'motivo_rifiuto', r.motivo_rifiuto, 'created_at', r.created_at,
    'handled_at', r.handled_at, 'utente_id', r.utente_id, 'utente_nome', u.name, 'utente_cognome', u.surname,
    'name', u.name, 'surname', u.surname, 'utente_email', u.email,
    'penalty_strikes', coalesce(u.penalty_strikes, 0),
    'is_blocked', ${jsonBoolean("u.is_blocked")},
    'prenotazione_id', ${setOfManyLines("r")}) AS text
  FROM json_each(?) AS wanted
  JOIN richieste r ON r.id = wanted.value
  JOIN inventario i ON i.id = r.inventario_id
  JOIN unita un ON un.id = r.unit_id
  LEFT JOIN users u ON u.id = r.utente_id
  ORDER BY wanted.key`);

const handedOverBy = alias(users, "handed_over_by");

const loanColumns = {
  loan: prestiti,
  itemName: inventario.nome,
  checklist: inventario.checklist,
  user: { name: users.name, surname: users.surname, email: users.email },
  strikes: users.penaltyStrikes,
  blocked: users.isBlocked,
  validUntil: users.validoFinoAl,
  directoryGoneAt: users.directoryGoneAt,
  handedOverBy: { name: handedOverBy.name, surname: handedOverBy.surname },
};

const unitColumns = {
  loanId: prestitiUnita.prestitoId,
  id: unita.id,
  code: unita.codiceUnivoco,
  returnedOn: prestitiUnita.restituitaIl,
};

/** Loans with their item, borrower and who handed them over, as every reader of loan views joins them. */
const loanRows = (db: Db) =>
  db
    .select(loanColumns)
    .from(prestiti)
    .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
    .leftJoin(users, eq(users.id, prestiti.utenteId))
    .leftJoin(handedOverBy, eq(handedOverBy.id, prestiti.consegnatoDa));

/** Loans with their units, borrower and lateness computed for `today`. */
export function loadLoanViews(db: Db, today: string, selection: Selection = {}): LoanView[] {
  const rows = selected(loanRows(db).$dynamic(), selection, [desc(prestiti.createdAt), desc(prestiti.id)]).all();
  const loanIds = rows.map((row) => row.loan.id);
  const unitRows = loanIds.length
    ? db
        .select(unitColumns)
        .from(prestitiUnita)
        .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
        .where(selection.where || (selection.limit ?? -1) >= 0 ? inIds(prestitiUnita.prestitoId, loanIds) : undefined)
        .orderBy(unita.codiceUnivoco)
        .all()
    : [];
  return loanViewsOf(rows, unitRows, today);
}

const loansByIds = preparedQuery((db) =>
  loanRows(db)
    .where(inIds(prestiti.id, sql.placeholder("ids")))
    .prepare(),
);

const unitsOfLoans = preparedQuery((db) =>
  db
    .select(unitColumns)
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(inIds(prestitiUnita.prestitoId, sql.placeholder("ids")))
    .orderBy(unita.codiceUnivoco)
    .prepare(),
);

/**
 * The views of the loans the ids name, in the order given, through queries prepared once per connection:
 * the stretches of the whole loan list (`?all=1`), 400 of them for the default academy's history. Building
 * and compiling the two queries anew for each stretch took three quarters of the call.
 */
export function loanViewsInOrder(db: Db, today: string, ids: readonly number[]): LoanView[] {
  const wanted = idList(ids);
  const position = new Map(ids.map((id, index) => [id, index]));
  const rows = loansByIds(db)
    .all({ ids: wanted })
    .sort((a, b) => (position.get(a.loan.id) ?? 0) - (position.get(b.loan.id) ?? 0));
  return loanViewsOf(rows, unitsOfLoans(db).all({ ids: wanted }), today);
}

/** One loan as `loadLoanViews` shows it, through queries prepared once: every write answers it. */
export function loadLoanView(db: Db, today: string, id: number): LoanView | undefined {
  const row = oneLoan(db).get({ id });
  return row && loanViewsOf([row], loanUnits(db, id), today)[0];
}

const oneLoan = preparedQuery((db) =>
  loanRows(db)
    .where(eq(prestiti.id, sql.placeholder("id")))
    .prepare(),
);

const unitsOfLoan = preparedQuery((db) =>
  db
    .select(unitColumns)
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(eq(prestitiUnita.prestitoId, sql.placeholder("id")))
    .orderBy(unita.codiceUnivoco)
    .prepare(),
);

/** The units of one loan, by code, with the day each came back (null while out). */
export function loanUnits(db: Db, loanId: number) {
  return unitsOfLoan(db).all({ id: loanId });
}

function loanViewsOf(
  rows: ReturnType<ReturnType<typeof oneLoan>["all"]>,
  unitRows: ReturnType<ReturnType<typeof unitsOfLoan>["all"]>,
  today: string,
): LoanView[] {
  const unitsByLoan = new Map<number, Array<{ id: number; code: string; returnedOn: string | null }>>();
  for (const unit of unitRows) {
    const list = unitsByLoan.get(unit.loanId) ?? [];
    list.push(unit);
    unitsByLoan.set(unit.loanId, list);
  }
  return rows.map(
    ({ loan, itemName, checklist, user, strikes, blocked, validUntil, directoryGoneAt, handedOverBy }) => {
      const units = unitsByLoan.get(loan.id) ?? [];
      const fullName = user ? `${user.name} ${user.surname}` : loan.chi;
      const handedOver = loan.consegnatoIl !== null;
      return {
        id: loan.id,
        inventario_id: loan.inventarioId,
        oggetto_id: loan.inventarioId,
        articolo_nome: itemName,
        oggetto_nome: itemName,
        unita: units.map((unit) => unit.code),
        unita_ids: units.map((unit) => unit.id),
        unita_seriale: units.map((unit) => unit.code).join(", "),
        quantita: units.length,
        utente_id: loan.utenteId,
        utente_nome: user?.name ?? loan.chi,
        utente_cognome: user?.surname ?? "",
        utente_nome_reale: fullName,
        utente_email: user?.email ?? loan.utenteEmail,
        chi: loan.chi,
        data_uscita: loan.dataUscita,
        data_rientro: loan.dataRientro,
        data_rientro_originale: loan.dataRientroOriginale ?? loan.dataRientro,
        data_restituzione: loan.dataRestituzione,
        data_fine: loan.dataRestituzione,
        stato: effectiveLoanState(loan.stato, loan.dataRientro, today, handedOver),
        fase: loanPhase({
          stato: loan.stato,
          dueDate: loan.dataRientro,
          handedOverAt: loan.consegnatoIl,
          cancelledAt: loan.annullatoIl,
          today,
        }),
        // Equipment that never left the desk is never late.
        giorni_ritardo: handedOver
          ? loanDaysLate(
              { due: loan.dataRientro, keptLateDays: loan.giorniRitardoPregressi },
              loan.dataRestituzione ?? today,
            )
          : 0,
        consegnato_il: loan.consegnatoIl,
        consegnato_da: handedOverBy ? `${handedOverBy.name} ${handedOverBy.surname}` : null,
        annullato_il: loan.annullatoIl,
        unita_restituite: units.filter((unit) => unit.returnedOn !== null).map((unit) => unit.id),
        /** The item's accessories, one per line, to check at hand-over and return. */
        checklist,
        note: loan.note,
        tipo_utilizzo: loan.tipoUtilizzo,
        richiesta_id: loan.richiestaId,
        penalty_strikes: strikes ?? 0,
        is_blocked: blocked ?? false,
        account_scaduto: isOpenLoan(loan.stato) && accountEnded(validUntil, directoryGoneAt, today),
        created_at: loan.createdAt,
      };
    },
  );
}

/** How many requests match `where`. */
export function countRequests(db: Db, where?: SQL): number {
  return db.select({ total: count() }).from(richieste).where(where).get()?.total ?? 0;
}

/** How many loans match `where`. */
export function countLoans(db: Db, where?: SQL): number {
  return db.select({ total: count() }).from(prestiti).where(where).get()?.total ?? 0;
}

/** How many loans are in these stored states, from the counts triggers keep per state (migration 0015). */
export function loansInStates(db: Db, states: readonly LoanState[]): number {
  return (
    db.values<[number | null]>(
      sql`SELECT sum(quanti) FROM prestiti_per_stato WHERE stato IN (${listed(states)})`,
    )[0]?.[0] ?? 0
  );
}

/** How many loans these items (a query of their ids) have had, from the counts triggers keep per item (migration 0018). */
export function loansOfItems(db: Db, items: SQL): number {
  return (
    db.values<[number | null]>(
      sql`SELECT sum(quanti) FROM prestiti_per_oggetto WHERE inventario_id IN (${items})`,
    )[0]?.[0] ?? 0
  );
}

/** How many requests these items (a query of their ids) have had, from the counts triggers keep per item (migration 0018). */
export function requestsOfItems(db: Db, items: SQL): number {
  return (
    db.values<[number | null]>(
      sql`SELECT sum(quanti) FROM richieste_per_oggetto WHERE inventario_id IN (${items})`,
    )[0]?.[0] ?? 0
  );
}

const listed = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** How many requests are in these states, from the counts triggers keep per state (migration 0017). */
export function requestsInStates(db: Db, states: readonly RequestState[]): number {
  return (
    db.values<[number | null]>(
      sql`SELECT sum(quanti) FROM richieste_per_stato WHERE stato IN (${listed(states)})`,
    )[0]?.[0] ?? 0
  );
}
