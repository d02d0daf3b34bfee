import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { literalList } from "../../db/sql";
import { LOAN_STATE, OPEN_LOAN_STATES } from "../../domain/bookings";
import { addDays } from "../../domain/dates";
import { daysLate, noShowStartsBefore } from "../../domain/loan-rules";
import { availableShare, type StockLevel, stockLevel } from "../../domain/stock-level";
import { itemCounts, lowStockItemIds, openLoansDueOn } from "../../read-model";
import { readSettings } from "../settings/service";
import type { AlertCounts, Alerts, LoanAlert, LowStockAlert } from "./model";

/**
 * Alerts are built from the open set only: the open loans due by tomorrow (one range of the index on
 * state and due date) and the per-item counts of open holdings. Nothing here reads the history, so a miss
 * costs what is open, not what the academy has lent over the years.
 */

function stockReason(level: StockLevel, available: number, total: number): string {
  if (level === "esaurito") return "Nessuna unità disponibile";
  if (level === "attenzione") return `Solo 1 unità disponibile su ${total}`;
  return `${available} unità disponibili su ${total} (${total - available} in uso)`;
}

/** Each list's first N alerts when `limit` is given, and how many there are in all. */
interface Listed<Alert> {
  alerts: Alert[];
  count: number;
}

const limitClause = (limit: number | undefined) => sql`LIMIT ${limit ?? -1}`;

/** Low stock from the per-item counts of open holdings: only the low items listed are read in full. */
function lowStockAlerts(ctx: AppContext, today: string, limit?: number): Listed<LowStockAlert> {
  const counts = itemCounts(ctx.db, today);
  const lowIds = [...lowStockItemIds(ctx.db, today)];
  if (lowIds.length === 0) return { alerts: [], count: 0 };
  const low = sql`(SELECT value FROM json_each(${JSON.stringify(lowIds)}))`;
  const items = ctx.db.values<[number, string]>(
    sql`SELECT id, nome FROM inventario WHERE id IN ${low} AND archived_at IS NULL ORDER BY nome COLLATE NOCASE, id
      ${limitClause(limit)}`,
  );
  const listed = sql`(SELECT value FROM json_each(${JSON.stringify(items.map(([id]) => id))}))`;
  // From the index on state, item and due date alone (migration 0016), never an item's whole history.
  const firstReturns = new Map(
    ctx.db.values<[number, string]>(
      sql`SELECT inventario_id, min(data_rientro) FROM prestiti INDEXED BY prestiti_stato_oggetto_rientro_idx
        WHERE stato IN ${literalList(OPEN_LOAN_STATES)} AND inventario_id IN ${listed} GROUP BY inventario_id`,
    ),
  );
  const [[archived = 0] = []] = ctx.db.values<[number]>(
    sql`SELECT count(*) FROM inventario WHERE id IN ${low} AND archived_at IS NOT NULL`,
  );
  const alerts = items.map(([id, nome]) => {
    const { available, total } = counts.get(id) ?? { available: 0, total: 0 };
    const level = stockLevel(available, total) ?? "esaurito";
    return {
      id,
      nome,
      unita_disponibili: available,
      quantita_totale: total,
      stato_scorte: level,
      motivo: stockReason(level, available, total),
      percentuale_disponibile: availableShare(available, total),
      prima_data_rientro: firstReturns.get(id) ?? null,
    };
  });
  return { alerts, count: lowIds.length - archived };
}

type LoanAlertKind = "prestiti_scaduti" | "scadenze_oggi" | "scadenze_domani" | "da_ritirare";
type LoanAlerts = Record<LoanAlertKind, Listed<LoanAlert>>;

// id, item, borrower's id, name, surname, e-mail, the loan's "chi" and e-mail, out, due, handed over at.
type LoanAlertRow = [
  number,
  string,
  number | null,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string,
  string,
  string | null,
];

const LOAN_ALERT_COLUMNS = sql`p.id, i.nome, p.utente_id, u.name, u.surname, u.email, p.chi, p.utente_email,
  p.data_uscita, p.data_rientro, p.consegnato_il`;

function loanAlertOf(row: LoanAlertRow, today: string): LoanAlert {
  const [id, itemName, userId, name, surname, email, chi, loanEmail, out, due, handedOverAt] = row;
  return {
    id,
    oggetto_nome: itemName,
    utente_id: userId,
    utente_nome: name === null ? chi : `${name} ${surname}`,
    utente_email: email ?? loanEmail,
    data_uscita: out,
    data_rientro: due,
    // Equipment that never left the desk is never late.
    giorni_ritardo: handedOverAt !== null ? daysLate(due, today) : 0,
  };
}

interface LoanAlertKindQuery {
  where: SQL;
  order: SQL;
  /** The partial index the desk reads the kind on, in its order. */
  index: string;
  /** For the loans due on one day: that day, whose count the desk reads off the day's counter. */
  dueOn?: string;
}

const OPEN = sql`p.stato IN ${literalList(OPEN_LOAN_STATES)}`;
// Open and never handed over: the condition of `prestiti_non_consegnati_idx`, written as it is there.
const NOT_COLLECTED = sql`${OPEN} AND p.consegnato_il IS NULL`;

/**
 * Which open loans each kind of alert lists, and in which order. A loan nobody collected after its start
 * day is told once, as such (`da_ritirare`, while within the days to collect it, `giorni_ritiro`; the
 * periodic job cancels it after); the others are due by tomorrow: overdue (handed over and due before
 * today), due today and due tomorrow, each by due date and then newest first.
 */
function loanAlertKinds(ctx: AppContext, today: string, due: SQL): Record<LoanAlertKind, LoanAlertKindQuery> {
  const byDueDate = sql`p.data_rientro, p.created_at DESC, p.id DESC`;
  const inDueOrder = "prestiti_aperti_per_scadenza_idx";
  const toldAsDue = sql`(p.consegnato_il IS NOT NULL OR p.data_uscita >= ${today})`;
  const dueOn = (day: string): LoanAlertKindQuery => ({
    where: sql`${OPEN} AND ${due} = ${day} AND ${toldAsDue}`,
    order: byDueDate,
    index: inDueOrder,
    dueOn: day,
  });
  const since = noShowStartsBefore(today, readSettings(ctx.db).giorni_ritiro);
  return {
    prestiti_scaduti: {
      where: sql`${OPEN} AND ${due} < ${today} AND p.consegnato_il IS NOT NULL`,
      order: byDueDate,
      index: inDueOrder,
    },
    scadenze_oggi: dueOn(today),
    scadenze_domani: dueOn(addDays(today, 1)),
    da_ritirare: {
      where: sql`${NOT_COLLECTED} AND p.stato = ${LOAN_STATE.active} AND p.data_uscita >= ${since}
        AND p.data_uscita < ${today}`,
      order: sql`p.data_uscita, p.id`,
      index: "prestiti_non_consegnati_idx",
    },
  };
}

/**
 * How many open loans due on `day` are told as due: the day's counter, less those nobody collected since
 * before today (they are told as to collect, or not at all). Both reads are bounded by what is open and
 * uncollected, not by how many loans fall due that day.
 */
function toldAsDueOn(ctx: AppContext, today: string, day: string): number {
  const [[uncollected = 0] = []] = ctx.db.values<[number]>(
    sql`SELECT count(*) FROM prestiti p INDEXED BY prestiti_non_consegnati_idx
      WHERE ${NOT_COLLECTED} AND p.data_uscita < ${today} AND p.data_rientro = ${day}`,
  );
  return openLoansDueOn(ctx.db, day) - uncollected;
}

/**
 * Each kind's loans (a borrower's own only, when given). With a limit, each list's first loans and a
 * count of them all.
 */
function loanAlerts(ctx: AppContext, today: string, options: { borrowerId?: number; limit?: number }): LoanAlerts {
  const desk = options.borrowerId === undefined;
  // One borrower reads their own open loans: `+` keeps SQLite off the due-date range, which would walk
  // everyone's loans due by tomorrow.
  const own = desk ? sql`` : sql`AND p.utente_id = ${options.borrowerId}`;
  const kinds = loanAlertKinds(ctx, today, desk ? sql`p.data_rientro` : sql`+p.data_rientro`);
  const listed = (kind: LoanAlertKind): Listed<LoanAlert> => {
    const { where, order, index, dueOn } = kinds[kind];
    // The desk reads each kind in order on its partial index: the planner, with no statistics, took the
    // wider covering ones and sorted the whole day (0.15 ms of 0.75 at five times the default academy).
    const from = desk ? sql`prestiti p INDEXED BY ${sql.raw(index)}` : sql`prestiti p`;
    // Plain rows: at five times the default academy about 1,400 loans are due by tomorrow, and building
    // the query builder's row objects for them cost more than reading them. The loans are chosen and cut
    // on the indexes first (only their ids), then read and named: joining the item and the borrower before
    // the cut did it for all 753 loans due today to keep 3 (4.5 ms instead of 1.2).
    const alerts = ctx.db
      .values<LoanAlertRow>(
        sql`SELECT ${LOAN_ALERT_COLUMNS}
          FROM (SELECT p.id FROM ${from} WHERE ${where} ${own} ORDER BY ${order} ${limitClause(options.limit)}) chosen
          JOIN prestiti p ON p.id = chosen.id
          JOIN inventario i ON i.id = p.inventario_id LEFT JOIN users u ON u.id = p.utente_id
          ORDER BY ${order}`,
      )
      .map((row) => loanAlertOf(row, today));
    if (options.limit === undefined || alerts.length < options.limit) return { alerts, count: alerts.length };
    if (desk && dueOn !== undefined) return { alerts, count: toldAsDueOn(ctx, today, dueOn) };
    const [[count = 0] = []] = ctx.db.values<[number]>(sql`SELECT count(*) FROM ${from} WHERE ${where} ${own}`);
    return { alerts, count };
  };
  return {
    prestiti_scaduti: listed("prestiti_scaduti"),
    scadenze_oggi: listed("scadenze_oggi"),
    scadenze_domani: listed("scadenze_domani"),
    da_ritirare: listed("da_ritirare"),
  };
}

function alertsAnswer(stock: Listed<LowStockAlert>, loans: LoanAlerts): Alerts {
  const totali: AlertCounts = {
    scorte_basse: stock.count,
    prestiti_scaduti: loans.prestiti_scaduti.count,
    scadenze_oggi: loans.scadenze_oggi.count,
    scadenze_domani: loans.scadenze_domani.count,
    da_ritirare: loans.da_ritirare.count,
  };
  return {
    scorte_basse: stock.alerts,
    prestiti_scaduti: loans.prestiti_scaduti.alerts,
    scadenze_oggi: loans.scadenze_oggi.alerts,
    scadenze_domani: loans.scadenze_domani.alerts,
    da_ritirare: loans.da_ritirare.alerts,
    totale_avvisi: Object.values(totali).reduce((sum, count) => sum + count, 0),
    totali,
  };
}

/**
 * The desk's alerts: low stock, overdue loans, loans due today and tomorrow, loans nobody collected;
 * each list cut to its first `limit` when given (the dashboard's cards), the counts always whole.
 */
export function adminAlerts(ctx: AppContext, limit?: number): Alerts {
  const today = ctx.clock.today();
  return alertsAnswer(lowStockAlerts(ctx, today, limit), loanAlerts(ctx, today, { limit }));
}

/** The same alerts about the caller's own loans only (no stock data). */
export function userAlerts(ctx: AppContext, userId: number): Alerts {
  return alertsAnswer({ alerts: [], count: 0 }, loanAlerts(ctx, ctx.clock.today(), { borrowerId: userId }));
}
