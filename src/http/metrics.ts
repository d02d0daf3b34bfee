import { type EventLoopLag, eventLoopLag, watchEventLoop } from "./event-loop";

/**
 * What the server measures about itself while it runs: requests served, latency per route, event-loop lag,
 * recent signed-in users, and incidents (server errors, failed job runs). Kept in memory.
 */
export interface Incident {
  id: number;
  service: string;
  time: string;
  message: string;
  severity: "error" | "warning";
}

export interface ServerMetrics {
  readonly startedAt: number;
  totalRequests: number;
  recordRequest(route: string, status: number, ms: number): void;
  recordActiveUser(userId: number, at: number): void;
  activeUsersSince(since: number): number;
  recordIncident(service: string, message: string, severity?: Incident["severity"]): void;
  incidents(): Incident[];
  routeStats(): Array<{ route: string; count: number; errors: number; medianMs: number }>;
  jobRuns: Map<string, { at: number; ok: boolean; ms: number }>;
  /** How late the event loop ran over the last minute (one sampler for the whole process). */
  eventLoopLag(): EventLoopLag;
}

const MAX_SAMPLES_PER_ROUTE = 200;
/** The key of every request no route served (unknown paths, unknown methods). */
export const UNMATCHED_ROUTE = "* /api/*";
/** More keys than the API has routes: a backstop in case a caller ever passes one built from input. */
const MAX_ROUTES = 500;
const MAX_INCIDENTS = 20;

export function createServerMetrics(now: () => number = Date.now): ServerMetrics {
  // The lag is measured from the server's start, so the status page has the last minute's figures.
  watchEventLoop();
  const routes = new Map<string, { count: number; errors: number; samples: number[] }>();
  const lastSeen = new Map<number, number>();
  const incidents: Incident[] = [];
  let incidentId = 0;
  return {
    startedAt: now(),
    totalRequests: 0,
    jobRuns: new Map(),
    recordRequest(route, status, ms) {
      this.totalRequests++;
      const key = routes.has(route) || routes.size < MAX_ROUTES ? route : UNMATCHED_ROUTE;
      const entry = routes.get(key) ?? { count: 0, errors: 0, samples: [] };
      entry.count++;
      if (status >= 500) entry.errors++;
      entry.samples.push(ms);
      if (entry.samples.length > MAX_SAMPLES_PER_ROUTE) entry.samples.shift();
      routes.set(key, entry);
    },
    recordActiveUser(userId, at) {
      lastSeen.set(userId, at);
    },
    activeUsersSince(since) {
      let count = 0;
      for (const [userId, at] of lastSeen) {
        if (at >= since) count++;
        else lastSeen.delete(userId);
      }
      return count;
    },
    recordIncident(service, message, severity = "error") {
      incidents.unshift({ id: ++incidentId, service, time: new Date(now()).toISOString(), message, severity });
      incidents.length = Math.min(incidents.length, MAX_INCIDENTS);
    },
    incidents: () => [...incidents],
    eventLoopLag,
    routeStats() {
      return [...routes].map(([route, entry]) => {
        const sorted = [...entry.samples].sort((a, b) => a - b);
        const medianMs = sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : 0;
        return { route, count: entry.count, errors: entry.errors, medianMs: Math.round(medianMs * 100) / 100 };
      });
    },
  };
}
