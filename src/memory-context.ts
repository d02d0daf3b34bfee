import { randomBytes } from "node:crypto";
import { createClock } from "./clock";
import type { AppContext } from "./context";
import { openDatabase } from "./db/client";
import { createWriteGate } from "./db/write-gate";
import { createServerMetrics } from "./http/metrics";
import { silentLogger } from "./logger";
import { createPasswordHasher, type PasswordHasher } from "./modules/auth/passwords";
import { createEventBus } from "./modules/events/service";

export interface MemoryContextOptions {
  /** Where the clock starts (now when absent). */
  startAt?: Date;
  /** A database file, for what needs a second connection to the same data; in memory when absent. */
  file?: string;
  passwords?: PasswordHasher;
  /** A fresh random secret when absent: such a context signs no token that must outlive it. */
  jwtSecret?: string;
}

/**
 * A PrestaLab on a fresh, migrated database of its own, with no data directory and nothing logged:
 * enough to build the app and describe it (`prestalab routes`, `prestalab openapi`), and the ground
 * every server test stands on. Never what a server serves: contextFor in src/cli.ts builds that.
 */
export function createMemoryContext(options: MemoryContextOptions = {}): AppContext {
  const { db, sqlite } = openDatabase(options.file ?? ":memory:");
  return {
    db,
    sqlite,
    clock: createClock({ timeZone: "Europe/Rome", startAt: options.startAt }),
    logger: silentLogger,
    passwords: options.passwords ?? createPasswordHasher(),
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString("hex"),
    appName: "PrestaLab",
    metrics: createServerMetrics(),
    events: createEventBus(),
    writes: createWriteGate(),
    overdueCheckMinutes: 15,
  };
}
