import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import {
  inventario,
  mancanze,
  prenotazioni,
  prenotazioniAccessori,
  prenotazioniStoria,
  prestiti,
  prestitiUnita,
  richieste,
  unita,
  users,
} from "../../db/schema";
import { idList, inIds } from "../../db/sql";
import { isFreeFor } from "../../domain/availability";
import { REQUEST_STATE } from "../../domain/bookings";
import { loanPhase } from "../../domain/loan-rules";
import { unitCalendars } from "../loans/bookings";
import type { SetSummary, SetView, ShortageView } from "./model";

type SetRow = typeof prenotazioni.$inferSelect;

type SetLineView = ReturnType<typeof setLines>[number]["view"];

/** The sets chosen by `where`, newest first, each summed up per model: what lists show. */
export function loadSetSummaries(
  db: Db,
  today: string,
  selection: { where?: SQL; limit?: number; offset?: number },
): SetSummary[] {
  return loadSets(db, today, selection).map((set) => set.summary);
}

/** The sets chosen by `where`, newest first: each summed up, with its lines read once for both. */
function loadSets(
  db: Db,
  today: string,
  selection: { where?: SQL; limit?: number; offset?: number },
): Array<{ summary: SetSummary; lines: SetLineView[] }> {
  const rows = db
    .select(setWithStudent)
    .from(prenotazioni)
    .leftJoin(users, eq(users.id, prenotazioni.utenteId))
    .where(selection.where)
    .orderBy(desc(prenotazioni.createdAt), desc(prenotazioni.id))
    .limit(selection.limit ?? -1)
    .offset(selection.offset ?? 0)
    .all();
  return summarise(db, today, rows);
}

const setWithStudent = {
  set: prenotazioni,
  user: {
    name: users.name,
    surname: users.surname,
    email: users.email,
    matricola: users.matricola,
    strikes: users.penaltyStrikes,
    blocked: users.isBlocked,
  },
};

const oneSetWithStudent = preparedQuery((db) =>
  db
    .select(setWithStudent)
    .from(prenotazioni)
    .leftJoin(users, eq(users.id, prenotazioni.utenteId))
    .where(eq(prenotazioni.id, sql.placeholder("id")))
    .prepare(),
);

const openShortageCounts = preparedQuery((db) =>
  db
    .select({ setId: mancanze.prenotazioneId, count: sql<number>`count(*)` })
    .from(mancanze)
    .where(and(inIds(mancanze.prenotazioneId, sql.placeholder("setIds")), isNull(mancanze.risoltaIl)))
    .groupBy(mancanze.prenotazioneId)
    .prepare(),
);

function summarise(
  db: Db,
  today: string,
  rows: Array<{ set: SetRow; user: Parameters<typeof setFields>[1] }>,
): Array<{ summary: SetSummary; lines: SetLineView[] }> {
  if (rows.length === 0) return [];
  const setIds = idList(rows.map((row) => row.set.id));
  const lines = setLines(db, today, setIds);
  const openBySet = new Map(
    openShortageCounts(db)
      .all({ setIds })
      .map((row) => [row.setId, row.count]),
  );
  return rows.map(({ set, user }) => {
    const own = lines.filter((line) => line.setId === set.id);
    const models = new Map<number, { inventario_id: number; oggetto_nome: string; quantita: number }>();
    for (const line of own) {
      if (line.view.stato_richiesta === REQUEST_STATE.refused || line.view.stato_richiesta === REQUEST_STATE.cancelled)
        continue;
      const model = models.get(line.view.inventario_id);
      if (model) model.quantita++;
      else
        models.set(line.view.inventario_id, {
          inventario_id: line.view.inventario_id,
          oggetto_nome: line.view.oggetto_nome,
          quantita: 1,
        });
    }
    const summary = {
      ...setFields(set, user),
      disponibile: own.every((line) => line.view.disponibile),
      unita_totali: [...models.values()].reduce((sum, model) => sum + model.quantita, 0),
      mancanze_aperte: openBySet.get(set.id) ?? 0,
      oggetti: [...models.values()],
    };
    return { summary, lines: own.map((line) => line.view) };
  });
}

function setFields(
  set: SetRow,
  user: {
    name: string;
    surname: string;
    email: string;
    matricola: string | null;
    strikes: number;
    blocked: boolean;
  } | null,
) {
  return {
    id: set.id,
    stato: set.stato,
    utente_id: set.utenteId,
    utente_nome: user?.name ?? null,
    utente_cognome: user?.surname ?? null,
    utente_email: user?.email ?? null,
    matricola: user?.matricola ?? null,
    kit_id: set.kitId,
    kit_nome: set.kitNome,
    dal: set.dal,
    al: set.al,
    tipo_utilizzo: set.tipoUtilizzo,
    note: set.note,
    motivo_rifiuto: set.motivoRifiuto,
    created_at: set.createdAt,
    handled_at: set.handledAt,
    consegnato_il: set.consegnatoIl,
    restituito_il: set.restituitoIl,
    firma: set.firmaTipo && set.firmatoIl ? { tipo: set.firmaTipo, firmato_il: set.firmatoIl } : null,
    ricevuta_sha256: set.ricevutaSha256,
    penalty_strikes: user?.strikes ?? 0,
    is_blocked: user?.blocked ?? false,
  };
}

/** Every line (one request, then one loan, per unit) of the given sets (`idList`), in booking order. */
function setLines(db: Db, today: string, setIds: string) {
  const rows = linesOfSets(db).all({ setIds });
  const pending = rows.filter((row) => row.request.stato === REQUEST_STATE.pending);
  const freeUnits = pendingLinesStillFree(db, today, pending);
  return rows.map((row) => ({
    setId: row.setId as number,
    view: {
      richiesta_id: row.request.id,
      stato_richiesta: row.request.stato,
      motivo_rifiuto: row.request.motivoRifiuto,
      inventario_id: row.request.inventarioId,
      oggetto_nome: row.itemName,
      unit_id: row.request.unitId,
      codice_univoco: row.unitCode,
      prestito_id: row.loan?.id ?? null,
      fase: row.loan
        ? loanPhase({
            stato: row.loan.stato,
            dueDate: row.loan.due,
            handedOverAt: row.loan.handedOverAt,
            cancelledAt: row.loan.cancelledAt,
            today,
          })
        : null,
      restituita_il: row.returnedOn ?? null,
      condizione: row.condition ?? null,
      disponibile: row.request.stato !== REQUEST_STATE.pending || freeUnits.has(row.request.id),
    },
  }));
}

const linesOfSets = preparedQuery((db) =>
  db
    .select({
      setId: richieste.prenotazioneId,
      request: richieste,
      itemName: inventario.nome,
      unitCode: unita.codiceUnivoco,
      loan: {
        id: prestiti.id,
        stato: prestiti.stato,
        due: prestiti.dataRientro,
        handedOverAt: prestiti.consegnatoIl,
        cancelledAt: prestiti.annullatoIl,
      },
      returnedOn: prestitiUnita.restituitaIl,
      condition: prestitiUnita.condizione,
    })
    .from(richieste)
    .innerJoin(inventario, eq(inventario.id, richieste.inventarioId))
    .innerJoin(unita, eq(unita.id, richieste.unitId))
    .leftJoin(prestiti, eq(prestiti.richiestaId, richieste.id))
    .leftJoin(prestitiUnita, eq(prestitiUnita.prestitoId, prestiti.id))
    .where(inIds(richieste.prenotazioneId, sql.placeholder("setIds")))
    .orderBy(richieste.id)
    .prepare(),
);

/**
 * The pending lines whose unit nothing else has taken since (a repair, a loss): the desk's "every line
 * available". A line's own request, and those of its set, do not count against it.
 */
function pendingLinesStillFree(
  db: Db,
  today: string,
  pending: Array<{ request: { id: number; unitId: number; dal: string; al: string; prenotazioneId: number | null } }>,
): Set<number> {
  const free = new Set<number>();
  if (pending.length === 0) return free;
  const from = pending.map((row) => row.request.dal).sort()[0] ?? today;
  const to =
    pending
      .map((row) => row.request.al)
      .sort()
      .at(-1) ?? from;
  const calendars = new Map(
    unitCalendars(db, { unitIds: pending.map((row) => row.request.unitId) }, { from, to, today }).map((calendar) => [
      calendar.id,
      calendar,
    ]),
  );
  const ownRequests = new Set(pending.map((row) => row.request.id));
  for (const { request } of pending) {
    const taken = (calendars.get(request.unitId)?.occupazioni ?? []).filter(
      (occupation) => !(occupation.tipo === "richiesta" && ownRequests.has(occupation.riferimento_id ?? 0)),
    );
    if (isFreeFor(taken, request.dal, request.al)) free.add(request.id);
  }
  return free;
}

export function loadShortages(db: Db, where: SQL | undefined): ShortageView[] {
  return db
    .select(shortageWithStudent)
    .from(mancanze)
    .leftJoin(users, eq(users.id, mancanze.utenteId))
    .where(where)
    .orderBy(desc(mancanze.createdAt), desc(mancanze.id))
    .all()
    .map(shortageView);
}

const shortageWithStudent = { shortage: mancanze, name: users.name, surname: users.surname };

const shortagesOfSet = preparedQuery((db) =>
  db
    .select(shortageWithStudent)
    .from(mancanze)
    .leftJoin(users, eq(users.id, mancanze.utenteId))
    .where(eq(mancanze.prenotazioneId, sql.placeholder("setId")))
    .orderBy(desc(mancanze.createdAt), desc(mancanze.id))
    .prepare(),
);

function shortageView({
  shortage,
  name,
  surname,
}: {
  shortage: typeof mancanze.$inferSelect;
  name: string | null;
  surname: string | null;
}): ShortageView {
  return {
    id: shortage.id,
    prenotazione_id: shortage.prenotazioneId,
    prestito_id: shortage.prestitoId,
    nome: shortage.nome,
    quantita: shortage.quantita,
    esito: shortage.esito,
    nota: shortage.nota,
    created_at: shortage.createdAt,
    risolta_il: shortage.risoltaIl,
    utente_id: shortage.utenteId,
    utente_nome: name,
    utente_cognome: surname,
  };
}

const accessoriesOfSet = preparedQuery((db) =>
  db
    .select({
      id: prenotazioniAccessori.id,
      nome: prenotazioniAccessori.nome,
      quantita: prenotazioniAccessori.quantita,
      consegnati: prenotazioniAccessori.consegnati,
    })
    .from(prenotazioniAccessori)
    .where(eq(prenotazioniAccessori.prenotazioneId, sql.placeholder("setId")))
    .orderBy(prenotazioniAccessori.id)
    .prepare(),
);

const historyOfSet = preparedQuery((db) =>
  db
    .select({
      evento: prenotazioniStoria.evento,
      testo: prenotazioniStoria.testo,
      created_at: prenotazioniStoria.createdAt,
    })
    .from(prenotazioniStoria)
    .where(eq(prenotazioniStoria.prenotazioneId, sql.placeholder("setId")))
    .orderBy(prenotazioniStoria.id)
    .prepare(),
);

/** One set with every line, accessory, mancanza and event; undefined when it does not exist. */
export function loadSetView(db: Db, today: string, id: number): SetView | undefined {
  const [set] = summarise(db, today, oneSetWithStudent(db).all({ id }));
  if (!set) return undefined;
  const { oggetti: _models, ...fields } = set.summary;
  return {
    ...fields,
    righe: set.lines,
    accessori: accessoriesOfSet(db).all({ setId: id }),
    mancanze: shortagesOfSet(db).all({ setId: id }).map(shortageView),
    storia: historyOfSet(db).all({ setId: id }),
  };
}
