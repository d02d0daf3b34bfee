import type { AppContext } from "../../context";
import { addDays, startOfIsoWeek } from "../../domain/dates";
import { demandReport } from "./demand";

/** Last week's demand, as the desk's Monday digest says it. */
export interface WeeklyDemand {
  /** Monday and Sunday of the week before. */
  dal: string;
  al: string;
  unmetRequests: number;
  /** The item asked for most that week, or null when nobody asked for anything. */
  mostWanted: string | null;
}

/**
 * On Mondays, the demand report over the week just ended (Monday to Sunday), reduced to one line's
 * figures: the same numbers the desk finds in Statistiche → Domanda for that week. Null on other days.
 */
export function lastWeekDemand(ctx: AppContext): WeeklyDemand | null {
  const today = ctx.clock.today();
  if (startOfIsoWeek(today) !== today) return null;
  const dal = addDays(today, -7);
  const al = addDays(today, -1);
  const { articoli } = demandReport(ctx, { dal, al });
  const mostWanted = articoli.reduce<(typeof articoli)[number] | null>(
    (best, item) => (item.richieste > 0 && (!best || item.richieste > best.richieste) ? item : best),
    null,
  );
  return {
    dal,
    al,
    unmetRequests: articoli.reduce((sum, item) => sum + item.richieste_non_soddisfatte, 0),
    mostWanted: mostWanted?.nome ?? null,
  };
}
