import { useMutation, useQuery } from "@tanstack/react-query";
import { calendarDateIn } from "../../../src/domain/dates";
import type { DirectoryAccounts, SystemStatus } from "../../../src/modules/system/model";
import { answerOf, apiDownload, publicAnswerOf, publicServer, server } from "../lib/api";
import { saveFile } from "../lib/save-file";

// The server itself: GET /api/health (public: its name, its clock and its "today"), GET /api/system/status
// (the Sistema page), the daily directory check (GET /api/system/directory) and the database backup
// (GET /api/system/backup, a file).

export const systemKeys = {
  health: ["health"] as const,
  status: ["system", "status"] as const,
  directory: ["system", "directory"] as const,
};

export const DEFAULT_SERVICE_NAME = "PrestaLab";

/** One call for the name, the clock and the day: it changes only when the server restarts. */
function useHealth() {
  return useQuery({
    queryKey: systemKeys.health,
    queryFn: () => publicAnswerOf(publicServer.api.health.get()),
    staleTime: 60_000,
  });
}

/** The service name the academy configured (APP_NAME), "PrestaLab" until known or when unreachable. */
export function useServiceName(): string {
  // `?.`: a health answer from an older server, or a test's partial one, may not carry the name.
  return useHealth().data?.appName?.trim() || DEFAULT_SERVICE_NAME;
}

/**
 * "Today" on the academy's calendar as the server sees it (its clock decides what is in the past),
 * falling back to the browser's date until the server answers.
 */
export function useServerToday(): string {
  return useHealth().data?.today ?? calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
}

/**
 * How far the server's clock is from this browser's, in milliseconds (0 until known). Timestamps come
 * from the server's clock, which a test or demo may shift, so "24 hours ago" is measured on it.
 */
export function useServerClockOffset(): number {
  const health = useHealth();
  const serverNow = health.data ? Date.parse(health.data.now) : Number.NaN;
  return Number.isNaN(serverNow) ? 0 : serverNow - health.dataUpdatedAt;
}

/** Polls while the page is open, so the figures stay live. */
const STATUS_REFRESH_MS = 5000;

export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.status,
    queryFn: () => answerOf(server.api.system.status.get()),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The directory is checked once a day: a look a minute is plenty while the page stays open. */
const DIRECTORY_REFRESH_MS = 60_000;

/** The last directory check and the LDAP accounts whose entry is gone. */
export function useDirectoryAccounts() {
  return useQuery({
    queryKey: systemKeys.directory,
    queryFn: () => answerOf(server.api.system.directory.get()),
    refetchInterval: DIRECTORY_REFRESH_MS,
  });
}

export const BACKUP_ERROR = "Errore durante il backup del database";

/** A consistent copy of the database, named by the server with the date and time it was taken. */
export function useDownloadBackup() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload("/api/system/backup", BACKUP_ERROR);
      const name = fileName ?? "prestalab-backup.db";
      saveFile(blob, name);
      return name;
    },
  });
}

export type { DirectoryAccounts, SystemStatus };
export type Health = SystemStatus["overall"];
export type ServiceName = keyof SystemStatus["services"];
export type SystemMetrics = NonNullable<SystemStatus["metrics"]>;
export type Incident = NonNullable<SystemStatus["recentIncidents"]>[number];
export type EndpointStats = NonNullable<SystemStatus["endpoints"]>[number];

/** The order the Sistema page lists the services in. */
export const SERVICE_NAMES = [
  "database",
  "api",
  "auth",
  "storage",
  "notifications",
] as const satisfies readonly ServiceName[];
