import type { Database } from "bun:sqlite";
import type { Clock } from "./clock";
import type { MailEnvironment } from "./config";
import type { Db } from "./db/client";
import type { WriteGate } from "./db/write-gate";
import type { ServerMetrics } from "./http/metrics";
import type { Logger } from "./logger";
import type { PasswordHasher } from "./modules/auth/passwords";
import type { EventBus } from "./modules/events/service";
import type { MailSender } from "./modules/mail/sender";

/** Everything a module needs from the outside world, built once by the command line or a test. */
export interface AppContext {
  db: Db;
  sqlite: Database;
  clock: Clock;
  logger: Logger;
  passwords: PasswordHasher;
  jwtSecret: string;
  appName: string;
  dataDir?: string;
  metrics: ServerMetrics;
  /** The live desk's pushes (GET /api/eventi). */
  events: EventBus;
  /** How often the overdue-loan job runs (the status page flags it when it falls behind). */
  overdueCheckMinutes: number;
  /** TRUST_PROXY: behind nginx/Caddy, the client address comes from X-Forwarded-For (default off). */
  trustProxy?: boolean;
  /** PUBLIC_URL: the address QR codes and links encode; unset, they fall back to the request's own address. */
  publicUrl?: string;
  /** SMTP_URL and MAIL_FROM from the environment; the settings' own values win. */
  mail?: MailEnvironment;
  /**
   * Holds this process's writes back while the import worker holds SQLite's write lock: write requests,
   * the timed jobs and the outbox's bookkeeping all pass through it (src/db/write-gate.ts).
   */
  writes: WriteGate;
  /** The outbox's sender, in a serving process (tests create their own and drive it). */
  mailer?: MailSender;
}
