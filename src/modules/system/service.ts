import { accessSync, constants, existsSync, statfsSync } from "node:fs";
import { tmpdir, totalmem } from "node:os";
import { dirname } from "node:path";
import type { AppContext } from "../../context";
import { PUBLIC_URL_UNSET } from "../../domain/public-url";
import { configuredPublicUrl } from "../counter/documents";
import { mailStatus } from "../mail/service";
import { lendingCounts } from "../stats/service";
import type { Health, SystemStatus } from "./model";

interface ServiceCheck {
  status: Health;
  responseTime: number;
  detail?: string;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function timed(check: () => { status: Health; detail?: string }): ServiceCheck {
  const started = performance.now();
  try {
    const outcome = check();
    return { ...outcome, responseTime: round(performance.now() - started, 2) };
  } catch (error) {
    return {
      status: "error",
      responseTime: round(performance.now() - started, 2),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Space on the filesystem holding `path`; a data dir that has gone missing is measured where it would be. */
function diskOf(path: string) {
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const stats = statfsSync(existing);
  const total = stats.blocks * stats.bsize;
  const free = stats.bavail * stats.bsize;
  return { total, free, usedPercent: total > 0 ? ((total - free) / total) * 100 : 0 };
}

/**
 * Measures the server's own health: every figure comes from a check run now or from what the
 * server recorded while serving. Keeps a history of check outcomes to report each service's uptime.
 */
export function createStatusProbe(ctx: AppContext) {
  const history = new Map<string, { ok: number; total: number; last?: Health }>();
  let lastCpu = process.cpuUsage();
  let lastWall = performance.now();

  function cpuPercent() {
    const cpu = process.cpuUsage(lastCpu);
    const wall = performance.now() - lastWall;
    lastCpu = process.cpuUsage();
    lastWall = performance.now();
    const cores = navigator.hardwareConcurrency || 1;
    return wall > 0 ? Math.min(100, ((cpu.user + cpu.system) / 1000 / wall / cores) * 100) : 0;
  }

  function remember(service: string, check: ServiceCheck) {
    const entry = history.get(service) ?? { ok: 0, total: 0 };
    entry.total++;
    if (check.status !== "error") entry.ok++;
    // One incident when a service goes down, not one per look at the status page while it stays down.
    if (check.status === "error" && entry.last !== "error")
      ctx.metrics.recordIncident(service, check.detail ?? "Controllo fallito");
    entry.last = check.status;
    history.set(service, entry);
    return { status: check.status, uptime: round((entry.ok / entry.total) * 100, 2), responseTime: check.responseTime };
  }

  function checkServices() {
    const dataDir = ctx.dataDir ?? tmpdir();
    const routeStats = ctx.metrics.routeStats();
    const served = routeStats.reduce((sum, route) => sum + route.count, 0);
    const failed = routeStats.reduce((sum, route) => sum + route.errors, 0);
    const job = ctx.metrics.jobRuns.get("overdue");
    return {
      database: timed(() => {
        const started = performance.now();
        ctx.sqlite.query("SELECT count(*) FROM users").get();
        return { status: performance.now() - started > 200 ? "warning" : "healthy" };
      }),
      api: {
        status: (served > 20 && failed / served > 0.05 ? "warning" : "healthy") as Health,
        responseTime: round(
          routeStats.length ? routeStats.reduce((sum, route) => sum + route.medianMs, 0) / routeStats.length : 0,
          2,
        ),
      },
      auth: timed(() => {
        ctx.sqlite.query("SELECT id FROM users WHERE ruolo = 'admin' LIMIT 1").get();
        return { status: "healthy" };
      }),
      storage: timed(() => {
        accessSync(dataDir, constants.W_OK);
        const disk = diskOf(dataDir);
        const lowSpace = disk.free < 500 * 1024 * 1024 || disk.usedPercent > 90;
        return {
          status: lowSpace ? "warning" : "healthy",
          detail: lowSpace ? "Spazio su disco in esaurimento" : undefined,
        };
      }),
      notifications: timed(() => {
        if (!job)
          return { status: ctx.dataDir ? "warning" : "healthy", detail: "Nessuna esecuzione del controllo scadenze" };
        const late = Date.now() - job.at > 2 * ctx.overdueCheckMinutes * 60_000;
        if (!job.ok) return { status: "error", detail: "Ultimo controllo scadenze fallito" };
        return { status: late ? "warning" : "healthy" };
      }),
    } satisfies Record<string, ServiceCheck>;
  }

  return {
    /** The full status, for administrators. */
    full(): Required<SystemStatus> {
      const checks = checkServices();
      const services = Object.fromEntries(
        Object.entries(checks).map(([name, check]) => [name, remember(name, check)]),
      ) as SystemStatus["services"];
      const statuses = Object.values(services).map((service) => service.status);
      const overall: Health = statuses.includes("error")
        ? "error"
        : statuses.includes("warning")
          ? "warning"
          : "healthy";
      const publicUrl = configuredPublicUrl(ctx);
      const memory = process.memoryUsage();
      const disk = diskOf(ctx.dataDir ?? tmpdir());
      const lending = lendingCounts(ctx);
      return {
        overall,
        url_pubblico: publicUrl,
        avviso_url_pubblico: publicUrl ? null : PUBLIC_URL_UNSET,
        posta: mailStatus(ctx),
        metrics: {
          // As an existing desk client labels them: pending requests, registered students, items, open loans.
          totalRequests: lending.pendingRequests,
          activeUsers: lending.students,
          totalInventory: lending.items,
          activeLoans: lending.openLoans,
          httpRequests: ctx.metrics.totalRequests,
          usersActiveLast15Minutes: ctx.metrics.activeUsersSince(ctx.clock.now().getTime() - 15 * 60_000),
          memoryUsage: round((memory.rss / totalmem()) * 100),
          memoryMb: round(memory.rss / 1024 / 1024),
          cpuUsage: round(cpuPercent()),
          diskUsage: round(disk.usedPercent),
          diskFreeMb: Math.round(disk.free / 1024 / 1024),
          uptimeSeconds: Math.round((Date.now() - ctx.metrics.startedAt) / 1000),
        },
        event_loop: ctx.metrics.eventLoopLag(),
        services,
        recentIncidents: ctx.metrics.incidents(),
        endpoints: ctx.metrics
          .routeStats()
          .filter((route) => route.route.includes("/api/"))
          .sort((a, b) => b.count - a.count)
          .map((route) => {
            const [method, path] = route.route.split(" ") as [string, string];
            return {
              method,
              path,
              count: route.count,
              errors: route.errors,
              medianMs: route.medianMs,
              status: (route.errors > 0 && route.errors / route.count > 0.05 ? "warning" : "healthy") as Health,
            };
          }),
      };
    },
  };
}

export type StatusProbe = ReturnType<typeof createStatusProbe>;
