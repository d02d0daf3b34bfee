import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { literalList } from "../../db/sql";
import {
  type FreeToday,
  type Occupation,
  type OccupationKind,
  unitFreeToday,
  unitStateOn,
} from "../../domain/availability";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { WAIT_STATE } from "../../domain/demand";
import type { UnitState } from "../../domain/unit-state";

/**
 * The server's owner of "what is free today, until when, and from when". The rule itself is
 * src/domain/availability.ts (`unitFreeToday`, `unitStateOn`, `itemFreeToday`); this file reads what it
 * needs for many units at once. The lists (inventory, catalogue, item page), the counts behind the
 * low-stock alerts and the summary cards, the Banco's scan and the new-loan wizard all come through here.
 */

/** What takes units from today on, read from the open records only. */
export interface OpenSet {
  /** Every occupation from today on of each unit something takes (lost units are the caller's to add). */
  occupations: Map<number, Occupation[]>;
  /** The item of every unit in `occupations`. */
  itemOf: Map<number, number>;
  /** The open loan holding each unit: the one already started, else the next one to start. */
  loanOf: Map<number, number>;
}

/** Up to this many units, the open records are read for those units only; beyond, all of them at once. */
const SCOPED_UP_TO = 1000;

/**
 * The open set in one query: repairs in progress, loans not given back (an overdue one runs on with no
 * known end), pending requests whose dates have not all passed (an expired one can no longer be approved,
 * so it holds nothing), and the holds of the waiting list whose dates have not all passed: a hold is a
 * booking (src/modules/loans/bookings.ts reads it so), so a held unit is not free for anyone else. A
 * handful of rows however long the academy's history, each arm read through a covering index on its state.
 * Scoped to a few units (bound as one JSON array), each arm reads those units' own records; `+p.stato`
 * keeps SQLite from starting at every open loan then.
 */
function openSetQuery(today: string, unitIds: number[] | null) {
  const units = unitIds ? sql`(SELECT value FROM json_each(${JSON.stringify(unitIds)}))` : null;
  const openLoan = sql`p.stato IN ${literalList(OPEN_LOAN_STATES)}`;
  // A unit given back from a loan still open (a partial return) is no longer held: `pu.restituita_il`.
  const loans = units
    ? sql`SELECT pu.unit_id, p.inventario_id, 'prestito', p.data_uscita,
          CASE WHEN p.data_rientro < ${today} THEN NULL ELSE p.data_rientro END, p.id
        FROM prestiti_unita pu JOIN prestiti p ON p.id = pu.prestito_id
        WHERE +${openLoan} AND pu.unit_id IN ${units} AND pu.restituita_il IS NULL`
    : sql`SELECT pu.unit_id, p.inventario_id, 'prestito', p.data_uscita,
          CASE WHEN p.data_rientro < ${today} THEN NULL ELSE p.data_rientro END, p.id
        FROM prestiti p JOIN prestiti_unita pu ON pu.prestito_id = p.id
        WHERE ${openLoan} AND pu.restituita_il IS NULL`;
  return sql`SELECT unit_id, inventario_id, 'riparazione', data_inizio, NULL, NULL FROM riparazioni
      WHERE stato = 'in_corso' ${units ? sql`AND unit_id IN ${units}` : sql``}
    UNION ALL ${loans}
    UNION ALL SELECT unit_id, inventario_id, 'richiesta', dal, al, NULL FROM richieste
      WHERE stato IN ${literalList([REQUEST_STATE.pending])} AND al >= ${today} ${units ? sql`AND unit_id IN ${units}` : sql``}
    UNION ALL SELECT au.unit_id, u.inventario_id, 'attesa', a.dal, a.al, NULL
      FROM attese a JOIN attese_unita au ON au.attesa_id = a.id JOIN unita u ON u.id = au.unit_id
      WHERE a.stato IN ${literalList([WAIT_STATE.offered])} AND a.al >= ${today} ${units ? sql`AND au.unit_id IN ${units}` : sql``}`;
}

type OpenRow = [number, number, OccupationKind, string, string | null, number | null];

/** The open set of the given units (of every unit for null; past SCOPED_UP_TO units, of every unit too). */
export function loadOpenSet(db: Db, today: string, unitIds: number[] | null): OpenSet {
  const open: OpenSet = { occupations: new Map(), itemOf: new Map(), loanOf: new Map() };
  const scoped = unitIds && unitIds.length <= SCOPED_UP_TO ? unitIds : null;
  const shownLoans = new Map<number, { start: string; id: number }>();
  for (const [unitId, itemId, tipo, dal, al, loanId] of db.values<OpenRow>(openSetQuery(today, scoped))) {
    const list = open.occupations.get(unitId);
    if (list) list.push({ tipo, dal, al });
    else open.occupations.set(unitId, [{ tipo, dal, al }]);
    open.itemOf.set(unitId, itemId);
    if (loanId === null) continue;
    // The loan shown on the unit: the earliest started one, else the earliest to come (by start, then id).
    const kept = shownLoans.get(unitId);
    const rank = { start: dal, id: loanId };
    if (!kept || earlierLoan(rank, kept, today)) {
      shownLoans.set(unitId, rank);
      open.loanOf.set(unitId, loanId);
    }
  }
  return open;
}

/** Whether loan `a` comes before loan `b` on a unit: started before not started, then by start and id. */
function earlierLoan(a: { start: string; id: number }, b: { start: string; id: number }, today: string) {
  const aStarted = a.start <= today;
  const bStarted = b.start <= today;
  if (aStarted !== bStarted) return aStarted;
  return a.start < b.start || (a.start === b.start && a.id < b.id);
}

/** A lost unit is taken for good, whatever else holds it. */
const LOST: Occupation = { tipo: "perso", dal: "0000-01-01", al: null };

/** A unit's state and free stretch today. */
export interface UnitToday extends FreeToday {
  stato: UnitState;
}

/** One unit's availability today, from the open set read for it and whether it is lost. */
export function unitToday(open: OpenSet, unitId: number, lost: boolean, today: string): UnitToday {
  const taken = open.occupations.get(unitId) ?? [];
  const occupations = lost ? [LOST, ...taken] : taken;
  return { stato: unitStateOn(occupations, today), ...unitFreeToday(occupations, today) };
}

/** The wire names of a free stretch, as lists and the Banco show them. */
export function freeTodayFields(free: FreeToday) {
  return { libera_fino_al: free.liberaFinoAl, prossima_disponibilita: free.prossimaDisponibilita };
}
