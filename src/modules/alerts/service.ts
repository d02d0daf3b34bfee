import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { literalList } from "../../db/sql";
import { LOAN_STATE, OPEN_LOAN_STATES } from "../../domain/bookings";
import { addDays } from "../../domain/dates";
import { daysLate, noShowStartsBefore } from "../../domain/loan-rules";
import { availableShare, isLowStock, type StockLevel, stockLevel } from "../../domain/stock-level";
import { itemCounts } from "../../read-model";
import { readSettings } from "../settings/service";
import type { Alerts, LoanAlert, LowStockAlert } from "./model";

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

/** Low stock from the per-item counts of open holdings: only the few low items are read in full. */
function lowStockAlerts(ctx: AppContext, today: string): LowStockAlert[] {
  const counts = itemCounts(ctx.db, today);
  const lowIds = [...counts].filter(([, item]) => isLowStock(item.available, item.total)).map(([id]) => id);
  if (lowIds.length === 0) return [];
  const low = sql`(SELECT value FROM json_each(${JSON.stringify(lowIds)}))`;
  const items = ctx.db.values<[number, string]>(
    sql`SELECT id, nome FROM inventario WHERE id IN ${low} AND archived_at IS NULL ORDER BY nome COLLATE NOCASE, id`,
  );
  // From the index on state, item and due date alone (migration 0016), never an item's whole history.
  const firstReturns = new Map(
    ctx.db.values<[number, string]>(
      sql`SELECT inventario_id, min(data_rientro) FROM prestiti INDEXED BY prestiti_stato_oggetto_rientro_idx
        WHERE stato IN ${literalList(OPEN_LOAN_STATES)} AND inventario_id IN ${low} GROUP BY inventario_id`,
    ),
  );
  return items.map(([id, nome]) => {
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
}

type LoanAlerts = Pick<Alerts, "prestiti_scaduti" | "scadenze_oggi" | "scadenze_domani" | "da_ritirare">;

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
  p.data_uscita, p.data_rientro, p.consegnato_il
  FROM prestiti p JOIN inventario i ON i.id = p.inventario_id LEFT JOIN users u ON u.id = p.utente_id`;

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

/**
 * Loans nobody collected on their start day, still within the days to collect them (`giorni_ritiro`; the
 * periodic job cancels them after): one short range of the index on state and start day.
 */
function uncollectedLoans(ctx: AppContext, today: string, borrowerId?: number): LoanAlert[] {
  const since = noShowStartsBefore(today, readSettings(ctx.db).giorni_ritiro);
  const own = borrowerId === undefined ? sql`` : sql`AND p.utente_id = ${borrowerId}`;
  return ctx.db
    .values<LoanAlertRow>(
      sql`SELECT ${LOAN_ALERT_COLUMNS}
        WHERE p.stato = ${LOAN_STATE.active} AND p.data_uscita >= ${since} AND p.data_uscita < ${today}
          AND p.consegnato_il IS NULL ${own}
        ORDER BY p.data_uscita, p.id`,
    )
    .map((row) => loanAlertOf(row, today));
}

/**
 * The open loans due by tomorrow, in one read: overdue (handed over and due before today), due today and
 * due tomorrow, each by due date and then newest first; and the loans still to collect after their start day.
 */
function loanAlerts(ctx: AppContext, today: string, borrowerId?: number): LoanAlerts {
  const tomorrow = addDays(today, 1);
  // The desk reads the range of the index on state and due date; one borrower reads their own open loans
  // (`+` keeps SQLite off the due-date range, which would walk everyone's loans due by tomorrow).
  const dueBy =
    borrowerId === undefined
      ? sql`p.data_rientro <= ${tomorrow}`
      : sql`p.utente_id = ${borrowerId} AND +p.data_rientro <= ${tomorrow}`;
  // Plain rows: at five times the default academy about 1,400 loans are due by tomorrow, and building
  // the query builder's row objects for them cost more than reading them.
  const rows = ctx.db.values<LoanAlertRow>(
    sql`SELECT ${LOAN_ALERT_COLUMNS}
      WHERE p.stato IN ${literalList(OPEN_LOAN_STATES)} AND ${dueBy}
      ORDER BY p.data_rientro, p.created_at DESC, p.id DESC`,
  );
  const da_ritirare = uncollectedLoans(ctx, today, borrowerId);
  const alerts: LoanAlerts = { prestiti_scaduti: [], scadenze_oggi: [], scadenze_domani: [], da_ritirare };
  for (const row of rows) {
    const alert = loanAlertOf(row, today);
    const handedOver = row[10] !== null;
    // A loan still to collect after its start day is told once, as such.
    if (!handedOver && alert.data_uscita < today) continue;
    if (alert.data_rientro === today) alerts.scadenze_oggi.push(alert);
    else if (alert.data_rientro === tomorrow) alerts.scadenze_domani.push(alert);
    else if (handedOver) alerts.prestiti_scaduti.push(alert);
  }
  return alerts;
}

const loanAlertCount = (loans: LoanAlerts) =>
  loans.prestiti_scaduti.length + loans.scadenze_oggi.length + loans.scadenze_domani.length + loans.da_ritirare.length;

/** The desk's alerts: low stock, overdue loans, loans due today and tomorrow, loans nobody collected. */
export function adminAlerts(ctx: AppContext): Alerts {
  const today = ctx.clock.today();
  const scorte_basse = lowStockAlerts(ctx, today);
  const loans = loanAlerts(ctx, today);
  return { scorte_basse, ...loans, totale_avvisi: scorte_basse.length + loanAlertCount(loans) };
}

/** The same alerts about the caller's own loans only (no stock data). */
export function userAlerts(ctx: AppContext, userId: number): Alerts {
  const loans = loanAlerts(ctx, ctx.clock.today(), userId);
  return { scorte_basse: [], ...loans, totale_avvisi: loanAlertCount(loans) };
}
