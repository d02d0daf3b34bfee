import { and, between, eq, exists, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../../context";
import { inventario, prenotazioni, prestiti, richieste, users } from "../../db/schema";
import { REQUEST_STATE } from "../../domain/bookings";
import { daysBetween, isIsoDate } from "../../domain/dates";
import { SET_STATE } from "../../domain/sets";
import { badRequest } from "../../http/errors";
import { loadLoanViews, loadRequestViews } from "../loans/views";
import { loadSetSummaries } from "../sets/views";
import { AGENDA_MAX_DAYS, type AgendaAnswer, type AgendaEntry, type AgendaQuery } from "./model";

/**
 * The desk's calendar of every booking: what goes out and what comes back on each day from `dal` to
 * `al` — loans outside a set, sets as a whole, and single requests still waiting — for one category of
 * items or the students of one course. A cancelled loan, a refused or withdrawn set moves nothing.
 */
export function agenda(ctx: AppContext, query: AgendaQuery): AgendaAnswer {
  const { dal, al } = checkedRange(query);
  const today = ctx.clock.today();
  const category = query.categoria ? Number(query.categoria) : null;
  const course = query.corso?.trim() || null;
  const ofCourse = course ? eq(users.corsoAccademico, course) : undefined;
  const ofCategory = category ? eq(inventario.categoriaId, category) : undefined;
  const inRange = (start: SQLiteColumn, end: SQLiteColumn) => or(between(start, dal, al), between(end, dal, al));

  const loans = loadLoanViews(ctx.db, today, {
    where: and(
      isNull(prestiti.prenotazioneId),
      isNull(prestiti.annullatoIl),
      inRange(prestiti.dataUscita, prestiti.dataRientro),
      ofCourse,
      ofCategory,
    ),
  });
  const requests = loadRequestViews(ctx.db, {
    where: and(
      isNull(richieste.prenotazioneId),
      eq(richieste.stato, REQUEST_STATE.pending),
      inRange(richieste.dal, richieste.al),
      ofCourse,
      ofCategory,
    ),
  });
  const sets = loadSetSummaries(ctx.db, today, {
    where: and(
      notInArray(prenotazioni.stato, [SET_STATE.refused, SET_STATE.cancelled]),
      inRange(prenotazioni.dal, prenotazioni.al),
      ofCourse,
      category ? setHasCategory(ctx, category) : undefined,
    ),
  });

  const entries: AgendaEntry[] = [];
  const within = (day: string) => day >= dal && day <= al;
  /** A booking's two movements, each listed when its day falls in the range: out on `out`, back on `back`. */
  const addMoves = (fields: Omit<AgendaEntry, "movimento" | "data">, out: string, back: string) => {
    if (within(out)) entries.push({ ...fields, movimento: "uscita", data: out });
    if (within(back)) entries.push({ ...fields, movimento: "rientro", data: back });
  };
  for (const loan of loans)
    addMoves(
      {
        tipo: "prestito",
        id: loan.id,
        titolo: loan.articolo_nome,
        inventario_id: loan.inventario_id,
        utente_id: loan.utente_id,
        utente_nome: loan.utente_nome_reale,
        stato: loan.fase,
      },
      loan.data_uscita,
      loan.data_rientro,
    );
  for (const set of sets)
    addMoves(
      {
        tipo: "prenotazione",
        id: set.id,
        titolo: set.kit_nome ?? set.oggetti.map((model) => `${model.quantita} × ${model.oggetto_nome}`).join(", "),
        inventario_id: null,
        utente_id: set.utente_id,
        utente_nome: `${set.utente_nome ?? ""} ${set.utente_cognome ?? ""}`.trim(),
        stato: set.stato,
      },
      set.dal,
      set.al,
    );
  for (const request of requests)
    addMoves(
      {
        tipo: "richiesta",
        id: request.id,
        titolo: request.articolo_nome,
        inventario_id: request.inventario_id,
        utente_id: request.utente_id,
        utente_nome: `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim(),
        stato: request.stato,
      },
      request.dal,
      request.al,
    );
  // Day by day, what goes out before what comes back, then by name: the order the desk prepares things.
  entries.sort(
    (a, b) =>
      a.data.localeCompare(b.data) ||
      (a.movimento === b.movimento ? 0 : a.movimento === "uscita" ? -1 : 1) ||
      a.titolo.localeCompare(b.titolo, "it"),
  );
  return { dal, al, voci: entries };
}

/** A real range, in order, of at most AGENDA_MAX_DAYS days: the calendar never reads the whole history. */
function checkedRange(query: AgendaQuery): { dal: string; al: string } {
  const { dal, al } = query;
  if (!isIsoDate(dal)) throw badRequest("La data di inizio non è valida");
  if (!isIsoDate(al)) throw badRequest("La data di fine non è valida");
  if (al < dal) throw badRequest("La data di fine viene prima della data di inizio");
  if (daysBetween(dal, al) + 1 > AGENDA_MAX_DAYS)
    throw badRequest(`Il calendario mostra al massimo ${AGENDA_MAX_DAYS} giorni alla volta`);
  return { dal, al };
}

/** A set with a line (request) on an item of the category. */
function setHasCategory(ctx: AppContext, category: number): SQL {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(richieste)
      .innerJoin(inventario, eq(inventario.id, richieste.inventarioId))
      .where(and(eq(richieste.prenotazioneId, prenotazioni.id), eq(inventario.categoriaId, category))),
  );
}
