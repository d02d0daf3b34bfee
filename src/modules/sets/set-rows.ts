import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { canSeeSet } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { preparedQuery, rowById } from "../../db/prepared";
import { prenotazioni, prenotazioniStoria, prestiti, prestitiUnita, unita } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { notFound } from "../../http/errors";
import type { SetView } from "./model";
import { loadSetView } from "./views";

export const SET_NOT_FOUND = "Prenotazione non trovata";

export const setRow = rowById(prenotazioni);

/** The stored set row, for a write's guards; another student's set simply does not exist for a student. */
export function setRowFor(db: Db, actor: Actor, id: number) {
  const set = setRow(db, id);
  if (!set || !canSeeSet(actor, set)) throw notFound(SET_NOT_FOUND);
  return set;
}

export function setOrNotFound(ctx: AppContext, id: number): SetView {
  const view = loadSetView(ctx.db, ctx.clock.today(), id);
  if (!view) throw notFound(SET_NOT_FOUND);
  return view;
}

/** One line of the set's history, written by the transaction that makes it true. */
export function addHistory(
  db: Db,
  ctx: Pick<AppContext, "clock">,
  actor: { id: number | null } | null,
  setId: number,
  evento: string,
  testo: string,
) {
  insertHistory(db).run({
    prenotazioneId: setId,
    evento,
    testo,
    actorId: actor?.id ?? null,
    createdAt: ctx.clock.now().toISOString(),
  });
}

const insertHistory = preparedQuery((db) =>
  db
    .insert(prenotazioniStoria)
    .values({
      prenotazioneId: sql.placeholder("prenotazioneId"),
      evento: sql.placeholder("evento"),
      testo: sql.placeholder("testo"),
      actorId: sql.placeholder("actorId"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare(),
);

/**
 * The set's loans with their units, those `which` keeps, in `order`: what the hand-over ticks and what a
 * return takes back read the same rows. Answers the reader of one set's rows, prepared once per connection.
 */
export function setLoanUnits(which: SQL | undefined, order: SQL | SQLiteColumn) {
  const query = preparedQuery((db) =>
    db
      .select({
        loanId: prestiti.id,
        requestId: prestiti.richiestaId,
        itemId: prestiti.inventarioId,
        stato: prestiti.stato,
        open: inArray(prestiti.stato, OPEN_LOAN_STATES),
        start: prestiti.dataUscita,
        due: prestiti.dataRientro,
        keptLateDays: prestiti.giorniRitardoPregressi,
        unitId: prestitiUnita.unitId,
        code: unita.codiceUnivoco,
        returnedOn: prestitiUnita.restituitaIl,
      })
      .from(prestiti)
      .innerJoin(prestitiUnita, eq(prestitiUnita.prestitoId, prestiti.id))
      .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
      .where(and(eq(prestiti.prenotazioneId, sql.placeholder("setId")), which))
      .orderBy(order)
      .prepare(),
  );
  return (db: Db, setId: number) => query(db).all({ setId });
}
