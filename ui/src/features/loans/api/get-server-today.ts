import { useQuery } from "@tanstack/react-query";
import { calendarDateIn } from "../../../../../src/domain/dates";
import { apiRequest } from "../../../lib/api";

interface Health {
  today?: string;
}

/**
 * "Today" on the server's calendar (its clock decides every date rule); this browser's date until the
 * server has answered.
 */
export function useServerToday(): string {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: () => apiRequest<Health>("/api/health", { anonymous: true }),
    staleTime: 60_000,
  });
  return health.data?.today ?? calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
}
