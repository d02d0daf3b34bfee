import { useQuery } from "@tanstack/react-query";
import type { MailStatus } from "../../../../../src/modules/mail/model";
import { apiRequest } from "../../../lib/api";

export type Health = "healthy" | "warning" | "error";

export const SERVICE_NAMES = ["database", "api", "auth", "storage", "notifications"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServiceStatus {
  status: Health;
  /** Share of the server's checks of this service that succeeded since start, in %. */
  uptime: number;
  /** Duration of the latest check, in ms. */
  responseTime: number;
}

export interface SystemMetrics {
  /** Requests served since the server started. */
  totalRequests: number;
  /** Users seen in the last 15 minutes. */
  activeUsers: number;
  memoryUsage: number;
  memoryMb: number;
  cpuUsage: number;
  diskUsage: number;
  diskFreeMb: number;
  uptimeSeconds: number;
}

export interface Incident {
  id: number;
  service: string;
  /** ISO timestamp. */
  time: string;
  message: string;
  severity: string;
}

export interface EndpointStats {
  method: string;
  path: string;
  count: number;
  errors: number;
  medianMs: number;
  status: Health;
}

/** Students get `overall` and `services` only; the figures are for administrators. */
export interface SystemStatus {
  overall: Health;
  services: Partial<Record<ServiceName, ServiceStatus>>;
  metrics?: SystemMetrics;
  recentIncidents?: Incident[];
  endpoints?: EndpointStats[];
  /** The address QR codes and links encode (settings, else PUBLIC_URL); null with a warning when unset. */
  url_pubblico?: string | null;
  avviso_url_pubblico?: string | null;
  posta?: MailStatus;
}

const systemStatusKey = ["system", "status"];

/** Polls while the page is open, so the figures stay live. */
const STATUS_REFRESH_MS = 5000;

export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKey,
    queryFn: () => apiRequest<SystemStatus>("/api/system/status"),
    refetchInterval: STATUS_REFRESH_MS,
  });
}
