import { useQuery } from "@tanstack/react-query";
import { calendarDateIn, isIsoDate } from "../../../src/domain/dates";
import { apiRequest } from "./api";

interface Health {
  today?: string;
}

function browserToday(): string {
  return calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
}

/**
 * "Today" on the academy's calendar as the server sees it (its clock decides what is in the past),
 * falling back to the browser's date until the server answers or when it does not say.
 */
export function useServerToday(): string {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: () => apiRequest<Health>("/api/health", { anonymous: true }),
    staleTime: 60_000,
  });
  const today = health.data?.today;
  return isIsoDate(today) ? today : browserToday();
}
