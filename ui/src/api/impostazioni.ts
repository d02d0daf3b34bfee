import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type BookingRules, closedDaysBetween, DEFAULT_SETTINGS } from "../../../src/domain/academy-settings";
import { apiRequest } from "../lib/api";

export const bookingRulesKey = ["impostazioni", "regole"] as const;

/** The academy's booking rules every signed-in person may read (GET /api/impostazioni/regole). */
export function useBookingRules() {
  return useQuery({
    queryKey: bookingRulesKey,
    queryFn: () => apiRequest<BookingRules>("/api/impostazioni/regole"),
  });
}

/** The strikes that block an account: the academy's setting, the default until it has arrived. */
export function useBlockThreshold(): number {
  return useBookingRules().data?.soglia_blocco ?? DEFAULT_SETTINGS.soglia_blocco;
}

/** The days between `first` and `last` the desk is closed (closed weekdays and closures), once the rules are in. */
export function useClosedDays(first: string, last: string): ReadonlySet<string> | undefined {
  const rules = useBookingRules().data;
  return useMemo(() => (rules ? closedDaysBetween(rules, first, last) : undefined), [rules, first, last]);
}
