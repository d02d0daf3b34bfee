/**
 * Fills a data directory with a large, consistent academy for performance work (`bun run seed`), with
 * the generator `serve --demo` uses. `scripts/bench.ts` calls `seedDataDir` in-process.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { contextFor } from "../src/cli";
import { type Flags, loadConfig, parseArgs } from "../src/config";
import type { AppContext } from "../src/context";
import { dataPaths, runningServerPid } from "../src/data-dir";
import { silentLogger } from "../src/logger";
import { createOrPromoteAdmin } from "../src/modules/auth/service";
import { hasUserData, type SeedSummary, seedDatabase } from "../src/seed/generate";

export interface SeedDataDirOptions {
  dataDir: string;
  items: number;
  /** Total units, spread over the items (at least one each). */
  units: number;
  students: number;
  loans: number;
  /** Years of loan history, ending today. */
  years: number;
  /** Pending requests with future dates, plus refused and withdrawn ones in the past. */
  requests: number;
  repairs: number;
  reports: number;
  seed?: number;
  adminEmail: string;
  adminPassword: string;
  studentPassword: string;
  /** Delete the directory's database first, even when it holds data. */
  force: boolean;
}

export interface SeedDataDirResult {
  dataDir: string;
  databaseFile: string;
  summary: SeedSummary;
  seconds: number;
  admin: { email: string; password: string };
  student: { email: string; password: string };
}

export const SEED_DEFAULTS: SeedDataDirOptions = {
  dataDir: "./data-bench",
  items: 2000,
  units: 10_000,
  students: 5000,
  loans: 100_000,
  years: 3,
  requests: 3000,
  repairs: 300,
  reports: 300,
  adminEmail: "banco@accademia.test",
  adminPassword: "Banco-Prestiti-2026",
  studentPassword: "Studente-Prova-2026",
  force: false,
};

const USAGE = `Genera un'accademia di prova per le misure di prestazione.

Uso: bun run seed [opzioni]

  --data-dir DIR            cartella dei dati (predefinita ${SEED_DEFAULTS.dataDir}); rifiuta un database
                            che contiene già inventario o studenti
  --force                   cancella prima il database della cartella
  --items N                 oggetti (${SEED_DEFAULTS.items})
  --units N                 unità in totale, almeno una per oggetto (${SEED_DEFAULTS.units})
  --students N              studenti (${SEED_DEFAULTS.students})
  --loans N                 prestiti (${SEED_DEFAULTS.loans})
  --years N                 anni di storico fino a oggi (${SEED_DEFAULTS.years})
  --requests N              richieste in attesa, rifiutate e annullate (${SEED_DEFAULTS.requests})
  --repairs N               riparazioni (${SEED_DEFAULTS.repairs})
  --reports N               segnalazioni di guasto (${SEED_DEFAULTS.reports})
  --seed N                  seme casuale: lo stesso seme dà gli stessi dati
  --admin-email EMAIL       amministratore (${SEED_DEFAULTS.adminEmail})
  --admin-password PWD      sua password (${SEED_DEFAULTS.adminPassword})
  --student-password PWD    password di tutti gli studenti (${SEED_DEFAULTS.studentPassword})
  --help                    questo aiuto

Fuso orario e data di oggi come il server: TZ_ACADEMY e PRESTALAB_NOW.
`;

/** The database, its WAL and its shared-memory index: what `--force` deletes. */
function databaseFiles(dataDir: string): string[] {
  const database = dataPaths(dataDir).database;
  return [database, `${database}-wal`, `${database}-shm`];
}

/** The context the server builds for a data directory, without its log. */
function contextForDataDir(dataDir: string): AppContext {
  return contextFor(loadConfig({ "data-dir": dataDir }), silentLogger);
}

/**
 * Creates (or, with `force`, recreates) the database of a data directory, its administrator like the
 * first one of a new installation, and the generated academy; returns the counts and the credentials.
 */
export async function seedDataDir(options: Partial<SeedDataDirOptions> = {}): Promise<SeedDataDirResult> {
  const settings = { ...SEED_DEFAULTS, ...options };
  const started = performance.now();
  // Checked before anything is written: a refused run leaves the directory as it was.
  if (settings.units < settings.items)
    throw new Error(`Servono almeno tante unità quanti oggetti (${settings.items}), una per oggetto`);
  const dataDir = resolve(settings.dataDir);
  const holder = runningServerPid(dataDir);
  if (holder) throw new Error(`Ferma prima il server PrestaLab (pid ${holder}) che usa ${dataDir}`);
  if (settings.force) for (const file of databaseFiles(dataDir)) rmSync(file, { force: true });
  const ctx = contextForDataDir(dataDir);
  try {
    if (hasUserData(ctx))
      throw new Error(`Il database in ${dataDir} contiene già inventario o studenti: usa --force per ricrearlo`);
    // The whole data set is one transaction: with SQLite's small default page cache it would spill the
    // same index pages into the WAL over and over. 256 MB holds the default data set (about 60 MB).
    ctx.sqlite.exec("PRAGMA cache_size = -262144");
    const { user: admin } = await createOrPromoteAdmin(ctx, {
      email: settings.adminEmail,
      password: settings.adminPassword,
    });
    const summary = await seedDatabase(ctx, {
      seed: settings.seed,
      items: settings.items,
      units: settings.units,
      students: settings.students,
      loans: settings.loans,
      requests: settings.requests,
      repairs: settings.repairs,
      reports: settings.reports,
      historyDays: Math.round(settings.years * 365),
      studentPassword: settings.studentPassword,
      adminId: admin.id,
    });
    // Fold the WAL into the database file, so its size is the data set's and a server opens it ready.
    ctx.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return {
      dataDir,
      databaseFile: dataPaths(dataDir).database,
      summary,
      seconds: (performance.now() - started) / 1000,
      admin: { email: admin.email, password: settings.adminPassword },
      student: { email: summary.firstStudentEmail, password: settings.studentPassword },
    };
  } finally {
    ctx.sqlite.close();
  }
}

const COUNT_OPTIONS = ["items", "units", "students", "loans", "requests", "repairs", "reports", "seed"] as const;
const TEXT_OPTIONS = {
  "data-dir": "dataDir",
  "admin-email": "adminEmail",
  "admin-password": "adminPassword",
  "student-password": "studentPassword",
} as const;

/** The command line as options; unknown or malformed options are refused with a message. */
export function parseSeedArgs(argv: string[]): Partial<SeedDataDirOptions> | "help" {
  const { positional, flags } = parseArgs(argv);
  if (flags.help) return "help";
  if (positional.length) throw new Error(`Argomento non previsto: ${positional[0]}`);
  const options: Partial<SeedDataDirOptions> = {};
  for (const [name, value] of Object.entries(flags as Flags)) {
    if (name === "force") {
      if (value !== true) throw new Error("--force non accetta valori");
      options.force = true;
    } else if (name in TEXT_OPTIONS) {
      if (typeof value !== "string" || !value) throw new Error(`--${name} richiede un valore`);
      options[TEXT_OPTIONS[name as keyof typeof TEXT_OPTIONS]] = value;
    } else if ((COUNT_OPTIONS as readonly string[]).includes(name)) {
      const count = Number(value);
      if (typeof value !== "string" || !Number.isSafeInteger(count) || count < 0)
        throw new Error(`--${name} richiede un numero intero non negativo`);
      options[name as (typeof COUNT_OPTIONS)[number]] = count;
    } else if (name === "years") {
      const years = Number(value);
      if (typeof value !== "string" || !(years > 0 && years <= 50))
        throw new Error("--years richiede un numero di anni maggiore di zero");
      options.years = years;
    } else throw new Error(`Opzione sconosciuta: --${name}\n\n${USAGE}`);
  }
  return options;
}

function printResult(result: SeedDataDirResult) {
  const { summary } = result;
  console.log(
    [
      `Dati generati in ${result.dataDir} in ${result.seconds.toFixed(1)} s`,
      `  ${summary.items} oggetti (${summary.units} unità, ${summary.categories} categorie), ${summary.students} studenti (${summary.blockedStudents} bloccati)`,
      `  ${summary.loans} prestiti, ${summary.requests} richieste, ${summary.penalties} penalità, ${summary.repairs} riparazioni, ${summary.reports} segnalazioni`,
      `  Amministratore: ${result.admin.email}  password: ${result.admin.password}`,
      `  Studente:       ${result.student.email}  password: ${result.student.password}`,
    ].join("\n"),
  );
}

if (import.meta.main) {
  try {
    const options = parseSeedArgs(process.argv.slice(2));
    if (options === "help") console.log(USAGE);
    else printResult(await seedDataDir(options));
  } catch (error) {
    console.error(`Errore: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
