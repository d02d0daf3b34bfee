import { and, asc, eq, gte, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prestiti, prestitiUnita, richieste, riparazioni, unita } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/loan-rules";
import { type UnitState, unitState } from "../../domain/unit-state";

export interface UnitView {
  id: number;
  inventario_id: number;
  codice_univoco: string;
  stato: UnitState;
  /** The open loan holding the unit (started, else the next approved one), for the loan-details view. */
  prestito_corrente_id: number | null;
  note: string | null;
}

/** What holds units today, read from the open records only: in-progress repairs, open loans, pending requests. */
interface OpenHoldings {
  inRepair: Set<number>;
  startedLoan: Map<number, number>;
  upcomingLoan: Map<number, number>;
  pendingRequest: Set<number>;
}

/** Up to this many units, the open records are read for those units only; beyond, all of them at once. */
const SCOPED_UP_TO = 500;

/**
 * The open set: repairs in progress, loans not returned yet, pending requests whose dates have not all
 * passed (an expired one can no longer be approved, so it holds nothing). A handful of rows however
 * long the academy's history, each read through an index on its state.
 */
function loadOpenHoldings(db: Db, today: string, unitIds: number[] | null): OpenHoldings {
  const scope = (column: Parameters<typeof inArray>[0]): SQL | undefined =>
    unitIds ? inArray(column, unitIds) : undefined;
  const holdings: OpenHoldings = {
    inRepair: new Set(),
    startedLoan: new Map(),
    upcomingLoan: new Map(),
    pendingRequest: new Set(),
  };
  for (const row of db
    .select({ unitId: riparazioni.unitId })
    .from(riparazioni)
    .where(and(eq(riparazioni.stato, "in_corso"), scope(riparazioni.unitId)))
    .all())
    holdings.inRepair.add(row.unitId);
  const openLoans = db
    .select({ unitId: prestitiUnita.unitId, loanId: prestiti.id, from: prestiti.dataUscita })
    .from(prestiti)
    .innerJoin(prestitiUnita, eq(prestitiUnita.prestitoId, prestiti.id))
    .where(and(inArray(prestiti.stato, OPEN_LOAN_STATES), scope(prestitiUnita.unitId)))
    .orderBy(asc(prestiti.dataUscita), asc(prestiti.id))
    .all();
  for (const loan of openLoans) {
    if (loan.from <= today) {
      if (!holdings.startedLoan.has(loan.unitId)) holdings.startedLoan.set(loan.unitId, loan.loanId);
    } else if (!holdings.upcomingLoan.has(loan.unitId)) holdings.upcomingLoan.set(loan.unitId, loan.loanId);
  }
  for (const row of db
    .select({ unitId: richieste.unitId })
    .from(richieste)
    .where(and(eq(richieste.stato, "in_attesa"), gte(richieste.al, today), scope(richieste.unitId)))
    .all())
    holdings.pendingRequest.add(row.unitId);
  return holdings;
}

/**
 * The units (never archived ones) with their state on `today`, derived by the domain rule from the open
 * set: the cost follows the units shown and the open records, not the history. Every endpoint that
 * shows a unit state goes through here.
 */
export function loadUnitViews(db: Db, today: string, filter: { itemIds?: number[]; unitIds?: number[] } = {}) {
  const conditions: SQL[] = [isNull(unita.archivedAt)];
  if (filter.itemIds) conditions.push(inArray(unita.inventarioId, filter.itemIds.length ? filter.itemIds : [-1]));
  if (filter.unitIds) conditions.push(inArray(unita.id, filter.unitIds.length ? filter.unitIds : [-1]));
  const rows = db
    .select({
      id: unita.id,
      inventarioId: unita.inventarioId,
      codiceUnivoco: unita.codiceUnivoco,
      note: unita.note,
      perso: unita.perso,
    })
    .from(unita)
    .where(and(...conditions))
    .orderBy(unita.inventarioId, unita.codiceUnivoco)
    .all();
  if (rows.length === 0) return [];
  const scoped = (filter.itemIds || filter.unitIds) && rows.length <= SCOPED_UP_TO;
  const open = loadOpenHoldings(db, today, scoped ? rows.map((row) => row.id) : null);
  return rows.map((row): UnitView => {
    const startedLoanId = open.startedLoan.get(row.id) ?? null;
    const upcomingLoanId = open.upcomingLoan.get(row.id) ?? null;
    return {
      id: row.id,
      inventario_id: row.inventarioId,
      codice_univoco: row.codiceUnivoco,
      stato: unitState({
        lost: row.perso,
        inRepair: open.inRepair.has(row.id),
        onStartedLoan: startedLoanId !== null,
        reserved: upcomingLoanId !== null || open.pendingRequest.has(row.id),
      }),
      prestito_corrente_id: startedLoanId ?? upcomingLoanId,
      note: row.note,
    };
  });
}
