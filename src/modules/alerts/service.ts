import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { inventario, prestiti, users } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { addDays } from "../../domain/dates";
import { daysLate } from "../../domain/loan-rules";
import { availableShare, isLowStock, type StockLevel, stockLevel } from "../../domain/stock-level";
import { itemCounts } from "../inventory/unit-counts";
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
  const items = ctx.db
    .select({ id: inventario.id, nome: inventario.nome })
    .from(inventario)
    .where(and(inArray(inventario.id, lowIds), isNull(inventario.archivedAt)))
    .orderBy(sql`${inventario.nome} collate nocase`, inventario.id)
    .all();
  const firstReturns = new Map(
    ctx.db
      .select({ itemId: prestiti.inventarioId, first: sql<string>`min(${prestiti.dataRientro})` })
      .from(prestiti)
      // Through the open loans (the index on state), never an item's whole history: `+` keeps SQLite off
      // the index on the item.
      .where(and(inArray(prestiti.stato, OPEN_LOAN_STATES), sql`+${prestiti.inventarioId} in ${lowIds}`))
      .groupBy(prestiti.inventarioId)
      .all()
      .map((row) => [row.itemId, row.first]),
  );
  return items.map((item) => {
    const { available, total } = counts.get(item.id) ?? { available: 0, total: 0 };
    const level = stockLevel(available, total) ?? "esaurito";
    return {
      id: item.id,
      nome: item.nome,
      unita_disponibili: available,
      quantita_totale: total,
      stato_scorte: level,
      motivo: stockReason(level, available, total),
      percentuale_disponibile: availableShare(available, total),
      prima_data_rientro: firstReturns.get(item.id) ?? null,
    };
  });
}

type LoanAlerts = Pick<Alerts, "prestiti_scaduti" | "scadenze_oggi" | "scadenze_domani">;

/**
 * The open loans due by tomorrow, in one read: overdue (handed over and due before today), due today and
 * due tomorrow, each by due date and then newest first.
 */
function loanAlerts(ctx: AppContext, today: string, borrowerId?: number): LoanAlerts {
  const tomorrow = addDays(today, 1);
  // The desk reads the range of the index on state and due date; one borrower reads their own open loans
  // (`+` keeps SQLite off the due-date range, which would walk everyone's loans due by tomorrow).
  const dueBy =
    borrowerId === undefined
      ? lte(prestiti.dataRientro, tomorrow)
      : and(eq(prestiti.utenteId, borrowerId), sql`+${prestiti.dataRientro} <= ${tomorrow}`);
  const rows = ctx.db
    .select({
      id: prestiti.id,
      itemName: inventario.nome,
      userId: prestiti.utenteId,
      name: users.name,
      surname: users.surname,
      email: users.email,
      chi: prestiti.chi,
      loanEmail: prestiti.utenteEmail,
      out: prestiti.dataUscita,
      due: prestiti.dataRientro,
      handedOverAt: prestiti.consegnatoIl,
    })
    .from(prestiti)
    .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
    .leftJoin(users, eq(users.id, prestiti.utenteId))
    .where(and(inArray(prestiti.stato, OPEN_LOAN_STATES), dueBy))
    .orderBy(prestiti.dataRientro, desc(prestiti.createdAt), desc(prestiti.id))
    .all();
  const alerts: LoanAlerts = { prestiti_scaduti: [], scadenze_oggi: [], scadenze_domani: [] };
  for (const row of rows) {
    const handedOver = row.handedOverAt !== null;
    const alert: LoanAlert = {
      id: row.id,
      oggetto_nome: row.itemName,
      utente_id: row.userId,
      utente_nome: row.name === null ? row.chi : `${row.name} ${row.surname}`,
      utente_email: row.email ?? row.loanEmail,
      data_uscita: row.out,
      data_rientro: row.due,
      // Equipment that never left the desk is never late.
      giorni_ritardo: handedOver ? daysLate(row.due, today) : 0,
    };
    if (row.due === today) alerts.scadenze_oggi.push(alert);
    else if (row.due === tomorrow) alerts.scadenze_domani.push(alert);
    else if (handedOver) alerts.prestiti_scaduti.push(alert);
  }
  return alerts;
}

const loanAlertCount = (loans: LoanAlerts) =>
  loans.prestiti_scaduti.length + loans.scadenze_oggi.length + loans.scadenze_domani.length;

/** The desk's alerts: low stock, overdue loans, loans due today and tomorrow. */
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
