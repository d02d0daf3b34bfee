import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

interface Health {
  now?: string;
}

/**
 * How far the server's clock is from this browser's, in milliseconds (0 until known). Timestamps come
 * from the server's clock, which a test or demo may shift, so "24 hours ago" is measured on it.
 */
export function useServerClockOffset(): number {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: () => apiRequest<Health>("/api/health", { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const serverNow = health.data?.now ? Date.parse(health.data.now) : Number.NaN;
  return Number.isNaN(serverNow) ? 0 : serverNow - health.dataUpdatedAt;
}
