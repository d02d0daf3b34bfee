import { resolve } from "node:path";
import { createApp } from "./app";
import { createClock } from "./clock";
import { type Config, type Flags, loadConfig, parseArgs } from "./config";
import type { AppContext } from "./context";
import { claimDataDir, dataPaths, ensureDataDir, loadOrCreateSecret, runningServerPid } from "./data-dir";
import { backupDatabase, backupProblem, openForBackup, restoreDatabase } from "./db/backup";
import { openDatabase } from "./db/client";
import { createWriteGate } from "./db/write-gate";
import { PUBLIC_URL_UNSET } from "./domain/public-url";
import { BUILD, VERSION } from "./domain/version";
import { API_DOCS_PATH } from "./http/api-docs";
import { listenOptions } from "./http/body-guard";
import { listenAddresses } from "./http/listen-addresses";
import { createServerMetrics } from "./http/metrics";
import type { UiAssetSource } from "./http/ui";
import { startJobs } from "./jobs";
import { createLogger, silentLogger } from "./logger";
import { createMemoryContext } from "./memory-context";
import { createPasswordHasher } from "./modules/auth/passwords";
import { countAdministrators, createOrPromoteAdmin } from "./modules/auth/service";
import { configuredPublicUrl } from "./modules/counter/documents";
import { createEventBus } from "./modules/events/service";
import { createMailSender } from "./modules/mail/outbox";
import { startListReaders } from "./read-model";
import { loadDemoAcademy } from "./seed/demo";

const HELP = `PrestaLab ${VERSION} (build ${BUILD}) — prestiti di attrezzature per accademie

Uso:
  prestalab [serve] [--port 3000] [--host 0.0.0.0] [--data-dir ./data] [--now <data ISO>] [--demo]
                   [--public-url https://prestiti.accademia.it] [--trust-proxy]
  prestalab migrate [--data-dir ./data]
  prestalab backup <file> [--force] [--data-dir ./data]
  prestalab restore <file> [--data-dir ./data]
  prestalab create-admin --email <email> [--password <password>] [--data-dir ./data]
  prestalab routes
  prestalab openapi
  prestalab --help | --version

Variabili d'ambiente: PORT, HOST, PRESTALAB_DATA_DIR, PRESTALAB_NOW, TZ_ACADEMY (Europe/Rome),
APP_NAME (PrestaLab), JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD, OVERDUE_CHECK_MINUTES (15), LOG_LEVEL (info), PUBLIC_URL,
TRUST_PROXY (0: metti 1 dietro nginx o Caddy, che aggiungono X-Forwarded-For).
`;

export interface CliOptions {
  ui: UiAssetSource | null;
}

/** The context the server and the other commands (and `scripts/seed.ts`) build for a data directory. */
export function contextFor(config: Config, logger = createLogger(config.logLevel)): AppContext {
  ensureDataDir(config.dataDir);
  const { db, sqlite } = openDatabase(dataPaths(config.dataDir).database);
  return {
    db,
    sqlite,
    clock: createClock({ timeZone: config.timeZone, startAt: config.now }),
    logger,
    passwords: createPasswordHasher(),
    jwtSecret: loadOrCreateSecret(config.dataDir, config.jwtSecret),
    appName: config.appName,
    dataDir: config.dataDir,
    metrics: createServerMetrics(),
    events: createEventBus(),
    writes: createWriteGate(),
    overdueCheckMinutes: config.overdueCheckMinutes,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    mail: config.mail,
  };
}

/** On an empty database, the first administrator comes from ADMIN_EMAIL/ADMIN_PASSWORD or a generated password. */
async function ensureFirstAdministrator(ctx: AppContext, config: Pick<Config, "adminEmail" | "adminPassword">) {
  if (countAdministrators(ctx) > 0) return;
  const email = config.adminEmail ?? "admin@prestalab.local";
  const { generatedPassword } = await createOrPromoteAdmin(ctx, { email, password: config.adminPassword });
  const lines = ["", "=".repeat(72), "  Primo avvio: creato l'account amministratore", `  Email:    ${email}`];
  if (generatedPassword)
    lines.push(`  Password: ${generatedPassword}`, "  (mostrata solo ora: annotala e cambiala dopo l'accesso)");
  else lines.push("  Password: quella indicata in ADMIN_PASSWORD");
  lines.push("=".repeat(72), "");
  console.log(lines.join("\n"));
}

async function loadDemo(ctx: AppContext, config: Pick<Config, "adminEmail" | "adminPassword">) {
  const demo = await loadDemoAcademy(ctx, {
    email: config.adminEmail ?? "banco@accademia-demo.it",
    password: config.adminPassword,
  });
  const { summary } = demo;
  console.log(
    [
      "",
      "=".repeat(72),
      "  Modalità demo: caricata un'accademia di esempio",
      `  ${summary.items} articoli (${summary.units} unità), ${summary.students} studenti, ${summary.loans} prestiti, ${summary.requests} richieste`,
      `  Amministratore: ${demo.adminEmail}  password: ${demo.generatedAdminPassword ?? "quella indicata in ADMIN_PASSWORD"}`,
      `  Studente:       ${demo.studentEmail}  password: ${demo.studentPassword}`,
      "  (tutti gli studenti di esempio usano la stessa password; mostrate solo ora)",
      "=".repeat(72),
      "",
    ].join("\n"),
  );
}

/** What a server start puts into the database before serving: the demo academy, or the first administrator. */
export async function prepareDatabase(ctx: AppContext, config: Pick<Config, "demo" | "adminEmail" | "adminPassword">) {
  if (config.demo) await loadDemo(ctx, config);
  else await ensureFirstAdministrator(ctx, config);
}

async function serve(config: Config, options: CliOptions) {
  const holder = runningServerPid(config.dataDir);
  if (holder && holder !== process.pid)
    throw new Error(`Un altro server PrestaLab (pid ${holder}) usa già ${config.dataDir}`);
  const started = performance.now();
  const ctx = contextFor(config);
  ctx.mailer = createMailSender(ctx);
  const releaseDataDir = claimDataDir(config.dataDir);
  await prepareDatabase(ctx, config);
  if (ctx.clock.shifted) {
    console.log(`\n*** OROLOGIO SPOSTATO: PrestaLab crede che adesso sia ${ctx.clock.now().toISOString()} ***\n`);
  }
  if (!configuredPublicUrl(ctx)) ctx.logger.warn(PUBLIC_URL_UNSET);
  const stopJobs = startJobs(ctx, config.overdueCheckMinutes);
  const readers = startListReaders(ctx);
  const app = createApp(ctx, { ui: options.ui, readers });
  try {
    app.listen(listenOptions(config.port, config.host));
  } catch (error) {
    stopJobs();
    readers?.stop();
    ctx.sqlite.close();
    releaseDataDir();
    if ((error as { code?: string }).code === "EADDRINUSE")
      throw new Error(
        `La porta ${config.port} è già in uso da un altro programma: scegline un'altra con --port (o PORT)`,
      );
    throw error;
  }
  const server = app.server;
  // Each address on its own, separated by spaces, so that a terminal makes every one a link.
  const addresses = listenAddresses(config.host, server?.port ?? config.port).join(" ");
  ctx.logger.info(
    `PrestaLab ${VERSION} in ascolto su ${addresses} (dati: ${config.dataDir}, avvio in ${(performance.now() - started).toFixed(0)} ms)`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info(`${signal} ricevuto: chiusura in corso`);
    // Stop accepting connections, let requests in flight finish, then flush the WAL and close.
    stopJobs();
    ctx.events.closeAll();
    await server?.stop(false);
    readers?.stop();
    ctx.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    ctx.sqlite.close();
    releaseDataDir();
    ctx.logger.info("chiuso");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function requireArgument(value: string | undefined, usage: string): string {
  if (!value) throw new Error(`Uso: ${usage}`);
  return value;
}

export async function runCli(argv: string[], options: CliOptions): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  if (flags.help || positional[0] === "help") {
    console.log(HELP);
    return 0;
  }
  if (flags.version) {
    console.log(`${VERSION} (build ${BUILD})`);
    return 0;
  }
  const command = positional[0] ?? "serve";
  const config = loadConfig(flags as Flags);
  switch (command) {
    case "serve":
      await serve(config, options);
      return -1; // keeps running
    case "migrate": {
      const ctx = contextFor(config, silentLogger);
      ctx.sqlite.close();
      console.log(`Database aggiornato: ${dataPaths(config.dataDir).database}`);
      return 0;
    }
    case "backup": {
      const target = resolve(requireArgument(positional[1], "prestalab backup <file>"));
      // Read-only and never migrated: a backup beside a busy server must not take its write lock.
      const sqlite = openForBackup(dataPaths(config.dataDir).database);
      try {
        backupDatabase(sqlite, target, { replace: flags.force === true });
      } finally {
        sqlite.close();
      }
      console.log(`Backup scritto in ${target}`);
      return 0;
    }
    case "restore": {
      const source = resolve(requireArgument(positional[1], "prestalab restore <file>"));
      const holder = runningServerPid(config.dataDir);
      if (holder) throw new Error(`Ferma prima il server PrestaLab (pid ${holder}) che usa ${config.dataDir}`);
      const problem = backupProblem(source);
      if (problem) throw new Error(problem);
      ensureDataDir(config.dataDir);
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const previous = restoreDatabase(source, dataPaths(config.dataDir).database, stamp);
      console.log(`Ripristinato ${source}${previous ? ` (il database precedente è in ${previous})` : ""}`);
      return 0;
    }
    case "create-admin": {
      const email = requireArgument(
        typeof flags.email === "string" ? flags.email : undefined,
        "prestalab create-admin --email <email> [--password <password>]",
      );
      const password = typeof flags.password === "string" ? flags.password : undefined;
      const ctx = contextFor(config, silentLogger);
      const result = await createOrPromoteAdmin(ctx, { email, password });
      ctx.sqlite.close();
      if (result.created) console.log(`Creato l'amministratore ${result.user.email}`);
      else
        console.log(
          `Promosso l'amministratore ${result.user.email}: ${
            result.passwordChanged ? "password cambiata" : "password invariata (per cambiarla usa --password)"
          }`,
        );
      if (result.generatedPassword) console.log(`Password (mostrata solo ora): ${result.generatedPassword}`);
      return 0;
    }
    case "routes":
      printRoutes();
      return 0;
    case "openapi":
      await printOpenApi();
      return 0;
    default:
      throw new Error(`Comando sconosciuto: ${command}\n\n${HELP}`);
  }
}

/** Every registered route as `METHOD /path`, one per line (used by `bun run routes`). */
function printRoutes() {
  const app = createApp(createMemoryContext());
  const lines = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  console.log([...lines].sort().join("\n"));
}

/** The OpenAPI document served at /api/docs/json, for integrations written without a running server. */
async function printOpenApi() {
  const app = createApp(createMemoryContext());
  const answer = await app.handle(new Request(`http://localhost${API_DOCS_PATH}/json`));
  console.log(JSON.stringify(await answer.json(), null, 2));
}

/** Entry used by both `bun run src/main.ts` and the compiled binary. */
export async function main(argv: string[], options: CliOptions) {
  try {
    const code = await runCli(argv, options);
    if (code >= 0) process.exit(code);
  } catch (error) {
    console.error(`Errore: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
