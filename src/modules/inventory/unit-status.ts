import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { unita } from "../../db/schema";
import { inIds, literalList } from "../../db/sql";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { unitState } from "../../domain/unit-state";
import type { InventoryUnit } from "./model";

/** A unit as the API shows it (model.ts's `inventoryUnit`), with its item's id to group it by. */
export type UnitView = InventoryUnit & { inventario_id: number };

/** What holds units today, read from the open records only: in-progress repairs, open loans, pending requests. */
export interface OpenHoldings {
  /** The item of every unit held by one of the open records. */
  itemOf: Map<number, number>;
  inRepair: Set<number>;
  startedLoan: Map<number, number>;
  upcomingLoan: Map<number, number>;
  pendingRequest: Set<number>;
}

/** Up to this many units, the open records are read for those units only; beyond, all of them at once. */
const SCOPED_UP_TO = 1000;

const OPEN_LOAN = sql`p.stato IN ${literalList(OPEN_LOAN_STATES)}`;

// A unit given back from a loan still open (a partial return) is no longer held: `pu.restituita_il`.
// The open set, read as plain rows [unit, item, …]: these reads are the whole cost of every unit state,
// so they skip the query builder's row objects. Scoped to a few units (bound as one JSON array), they
// read those units' own records; `+p.stato` keeps SQLite from starting at every open loan then.
function openSetQueries(today: string, unitIds: number[] | null) {
  const units = unitIds ? sql`(SELECT value FROM json_each(${JSON.stringify(unitIds)}))` : null;
  return {
    repairs: sql`SELECT unit_id, inventario_id FROM riparazioni
      WHERE stato = 'in_corso' ${units ? sql`AND unit_id IN ${units}` : sql``}`,
    loans: units
      ? sql`SELECT pu.unit_id, p.inventario_id, p.id, p.data_uscita FROM prestiti_unita pu
          JOIN prestiti p ON p.id = pu.prestito_id WHERE +${OPEN_LOAN} AND pu.unit_id IN ${units}
           AND pu.restituita_il IS NULL
          ORDER BY p.data_uscita, p.id`
      : sql`SELECT pu.unit_id, p.inventario_id, p.id, p.data_uscita FROM prestiti p
          JOIN prestiti_unita pu ON pu.prestito_id = p.id WHERE ${OPEN_LOAN} AND pu.restituita_il IS NULL
           ORDER BY p.data_uscita, p.id`,
    requests: sql`SELECT unit_id, inventario_id FROM richieste
      WHERE stato IN ${literalList([REQUEST_STATE.pending])} AND al >= ${today} ${units ? sql`AND unit_id IN ${units}` : sql``}`,
  };
}

/**
 * The open set: repairs in progress, loans not returned yet, pending requests whose dates have not all
 * passed (an expired one can no longer be approved, so it holds nothing). A handful of rows however
 * long the academy's history, each read through a covering index on its state.
 */
export function loadOpenHoldings(db: Db, today: string, unitIds: number[] | null): OpenHoldings {
  const holdings: OpenHoldings = {
    itemOf: new Map(),
    inRepair: new Set(),
    startedLoan: new Map(),
    upcomingLoan: new Map(),
    pendingRequest: new Set(),
  };
  const queries = openSetQueries(today, unitIds);
  for (const [unitId, itemId] of db.values<[number, number]>(queries.repairs)) {
    holdings.inRepair.add(unitId);
    holdings.itemOf.set(unitId, itemId);
  }
  for (const [unitId, itemId, loanId, from] of db.values<[number, number, number, string]>(queries.loans)) {
    holdings.itemOf.set(unitId, itemId);
    if (from <= today) {
      if (!holdings.startedLoan.has(unitId)) holdings.startedLoan.set(unitId, loanId);
    } else if (!holdings.upcomingLoan.has(unitId)) holdings.upcomingLoan.set(unitId, loanId);
  }
  for (const [unitId, itemId] of db.values<[number, number]>(queries.requests)) {
    holdings.pendingRequest.add(unitId);
    holdings.itemOf.set(unitId, itemId);
  }
  return holdings;
}

/**
 * The units (never archived ones) with their state on `today`, derived by the domain rule from the open
 * set: the cost follows the units shown and the open records, not the history. Every endpoint that
 * shows a unit state goes through here.
 */
export function loadUnitViews(
  db: Db,
  today: string,
  filter: { itemIds?: number[]; unitIds?: number[]; open?: OpenHoldings } = {},
) {
  const ofItems = filter.itemIds ? sql`AND ${inIds(unita.inventarioId, filter.itemIds)}` : sql``;
  const ofUnits = filter.unitIds ? sql`AND ${inIds(unita.id, filter.unitIds)}` : sql``;
  // Plain rows: a whole inventory holds tens of thousands of units, and the query builder's row objects
  // for them cost more than reading them.
  const rows = db.values<[number, number, string, string | null, number, string | null, string | null, number | null]>(
    sql`SELECT id, inventario_id, codice_univoco, note, perso, numero_serie, data_acquisto, valore FROM unita
      WHERE archived_at IS NULL ${ofItems} ${ofUnits} ORDER BY inventario_id, codice_univoco`,
  );
  if (rows.length === 0) return [];
  const scoped = (filter.itemIds || filter.unitIds) && rows.length <= SCOPED_UP_TO;
  const open = filter.open ?? loadOpenHoldings(db, today, scoped ? rows.map(([id]) => id) : null);
  return rows.map(([id, itemId, code, note, lost, serial, purchasedOn, value]): UnitView => {
    const startedLoanId = open.startedLoan.get(id) ?? null;
    const upcomingLoanId = open.upcomingLoan.get(id) ?? null;
    return {
      id,
      inventario_id: itemId,
      codice_univoco: code,
      stato: unitState({
        lost: lost === 1,
        inRepair: open.inRepair.has(id),
        onStartedLoan: startedLoanId !== null,
        reserved: upcomingLoanId !== null || open.pendingRequest.has(id),
      }),
      prestito_corrente_id: startedLoanId ?? upcomingLoanId,
      note,
      numero_serie: serial,
      data_acquisto: purchasedOn,
      valore: value,
    };
  });
}
