import { and, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { inventario, prestiti } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { addDays } from "../../domain/dates";
import { availableShare, isLowStock, type StockLevel, stockLevel } from "../../domain/stock-level";
import { itemCounts } from "../inventory/list-query";
import type { LoanView } from "../loans/model";
import { loadLoanViews } from "../loans/views";
import type { Alerts, LoanAlert, LowStockAlert } from "./model";

function loanAlert(loan: LoanView): LoanAlert {
  return {
    id: loan.id,
    oggetto_nome: loan.oggetto_nome,
    unita: loan.unita,
    utente_id: loan.utente_id,
    utente_nome: loan.utente_nome_reale,
    utente_email: loan.utente_email,
    data_uscita: loan.data_uscita,
    data_rientro: loan.data_rientro,
    giorni_ritardo: loan.giorni_ritardo,
  };
}

function stockReason(level: StockLevel, available: number, total: number): string {
  if (level === "esaurito") return "Nessuna unità disponibile";
  if (level === "attenzione") return `Solo 1 unità disponibile su ${total}`;
  return `${available} unità disponibili su ${total} (${total - available} in uso)`;
}

/** Low stock from the per-item counts of open holdings: only the few low items are read in full. */
function lowStockAlerts(ctx: AppContext, today: string): LowStockAlert[] {
  const counts = itemCounts(ctx.db, today);
  const lowIds = [...counts].filter(([, item]) => isLowStock(item.available, item.total)).map(([id]) => id);
  const items = lowIds.length
    ? ctx.db
        .select({ id: inventario.id, nome: inventario.nome })
        .from(inventario)
        .where(and(inArray(inventario.id, lowIds), isNull(inventario.archivedAt)))
        .orderBy(sql`${inventario.nome} collate nocase`, inventario.id)
        .all()
    : [];
  const firstReturns = new Map(
    ctx.db
      .select({ itemId: prestiti.inventarioId, first: sql<string>`min(${prestiti.dataRientro})` })
      .from(prestiti)
      .where(inArray(prestiti.stato, OPEN_LOAN_STATES))
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

function loanAlerts(ctx: AppContext, today: string, scope?: SQL) {
  const open = and(inArray(prestiti.stato, OPEN_LOAN_STATES), scope);
  const load = (condition: SQL) =>
    loadLoanViews(ctx.db, today, { where: and(open, condition) })
      .map(loanAlert)
      .sort((a, b) => a.data_rientro.localeCompare(b.data_rientro));
  return {
    prestiti_scaduti: load(and(lt(prestiti.dataRientro, today), isNotNull(prestiti.consegnatoIl)) as SQL),
    scadenze_oggi: load(eq(prestiti.dataRientro, today)),
    scadenze_domani: load(eq(prestiti.dataRientro, addDays(today, 1))),
  };
}

/** The desk's alerts: low stock, overdue loans, loans due today and tomorrow. */
export function adminAlerts(ctx: AppContext): Alerts {
  const today = ctx.clock.today();
  const scorte_basse = lowStockAlerts(ctx, today);
  const loans = loanAlerts(ctx, today);
  return {
    scorte_basse,
    ...loans,
    totale_avvisi:
      scorte_basse.length + loans.prestiti_scaduti.length + loans.scadenze_oggi.length + loans.scadenze_domani.length,
  };
}

/** The same alerts about the caller's own loans only (no stock data). */
export function userAlerts(ctx: AppContext, userId: number): Alerts {
  const loans = loanAlerts(ctx, ctx.clock.today(), eq(prestiti.utenteId, userId));
  return {
    scorte_basse: [],
    ...loans,
    totale_avvisi: loans.prestiti_scaduti.length + loans.scadenze_oggi.length + loans.scadenze_domani.length,
  };
}
