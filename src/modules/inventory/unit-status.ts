import { and, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { unita } from "../../db/schema";
import { literalList, qualified } from "../../db/sql";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
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

const OPEN_LOAN = sql`p.stato in ${literalList(OPEN_LOAN_STATES)}`;
const unitId = qualified(unita.id);

/**
 * Reads what holds each unit on `today` (repairs, loans, requests) in one query and derives its
 * state with the domain rule. Every endpoint that shows a unit state goes through here.
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
      inRepair: sql<number>`exists(select 1 from riparazioni r where r.unit_id = ${unitId} and r.stato = 'in_corso')`,
      startedLoanId: sql<number | null>`(select p.id from prestiti_unita pu join prestiti p on p.id = pu.prestito_id
        where pu.unit_id = ${unitId} and ${OPEN_LOAN} and p.data_uscita <= ${today} limit 1)`,
      upcomingLoanId: sql<number | null>`(select p.id from prestiti_unita pu join prestiti p on p.id = pu.prestito_id
        where pu.unit_id = ${unitId} and ${OPEN_LOAN} and p.data_uscita > ${today} order by p.data_uscita limit 1)`,
      // A pending request whose dates have passed can no longer be approved, so it holds nothing.
      pendingRequest: sql<number>`exists(select 1 from richieste q
        where q.unit_id = ${unitId} and q.stato = ${REQUEST_STATE.pending} and q.al >= ${today})`,
    })
    .from(unita)
    .where(and(...conditions))
    .orderBy(unita.inventarioId, unita.codiceUnivoco)
    .all();
  return rows.map(
    (row): UnitView => ({
      id: row.id,
      inventario_id: row.inventarioId,
      codice_univoco: row.codiceUnivoco,
      stato: unitState({
        lost: row.perso,
        inRepair: Boolean(row.inRepair),
        onStartedLoan: row.startedLoanId !== null,
        reserved: row.upcomingLoanId !== null || Boolean(row.pendingRequest),
      }),
      prestito_corrente_id: row.startedLoanId ?? row.upcomingLoanId,
      note: row.note,
    }),
  );
}
