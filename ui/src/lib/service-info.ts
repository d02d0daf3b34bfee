import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";

export const DEFAULT_SERVICE_NAME = "PrestaLab";

interface Health {
  appName?: string;
}

/** The service name the academy configured (APP_NAME), "PrestaLab" until known or when unreachable. */
export function useServiceName(): string {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: () => apiRequest<Health>("/api/health", { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return health.data?.appName?.trim() || DEFAULT_SERVICE_NAME;
}
