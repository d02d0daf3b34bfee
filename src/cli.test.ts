import { Database } from "bun:sqlite";
import { afterAll, describe, expect, it, spyOn } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDatabase } from "./cli";
import { openDatabase } from "./db/client";
import { users } from "./db/schema";
import { BUILD, VERSION } from "./domain/version";
import { listenAddresses } from "./http/listen-addresses";
import { verifyCredentials } from "./modules/auth/service";
import { forgetLastMigration, hollowDatabase } from "./testing/foreign-databases";
import { createTestContext } from "./testing/harness";

const ROOT = join(import.meta.dir, "..");
const scratch = mkdtempSync(join(tmpdir(), "prestalab-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the command line as an operator would, on its own environment (no inherited PrestaLab settings). */
async function prestalab(...args: string[]) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? scratch };
  const child = Bun.spawn(["bun", "run", "src/main.ts", ...args], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr };
}

function usersIn(databaseFile: string) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db.query("SELECT email, ruolo FROM users ORDER BY id").all() as Array<{ email: string; ruolo: string }>;
  } finally {
    db.close();
  }
}

/** Writes straight into a data directory, as a running server would have. */
function addUser(dataDir: string, email: string) {
  mkdirSync(dataDir, { recursive: true });
  const { db, sqlite } = openDatabase(join(dataDir, "prestalab.db"));
  db.insert(users)
    .values({ email, passwordHash: "x", name: "N", surname: "C", createdAt: "2026-03-10T09:00:00Z" })
    .run();
  sqlite.close();
}

// Each case starts real processes (about 0.2 s each): allow for a slow machine.
const SLOW = 20_000;

describe("command line", () => {
  it(
    "prints the version and the help",
    async () => {
      const version = await prestalab("--version");
      expect(version.code).toBe(0);
      expect(version.stdout.trim()).toBe(`${VERSION} (build ${BUILD})`);
      const help = await prestalab("--help");
      expect(help.code).toBe(0);
      for (const command of ["migrate", "backup <file>", "restore <file>", "create-admin --email", "routes"]) {
        expect(help.stdout).toContain(command);
      }
    },
    SLOW,
  );

  it(
    "migrates a new data directory, creating the database and a private signing key",
    async () => {
      const dataDir = join(scratch, "migrate");
      const result = await prestalab("migrate", "--data-dir", dataDir);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Database aggiornato");
      const db = new Database(join(dataDir, "prestalab.db"), { readonly: true });
      expect(db.query("SELECT count(*) AS n FROM corsi").get()).toEqual({ n: 8 });
      db.close();
      expect(statSync(join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
    },
    SLOW,
  );

  it(
    "creates an administrator, then keeps or promotes on a second call, and refuses a weak password",
    async () => {
      const dataDir = join(scratch, "admin");
      const first = await prestalab(
        "create-admin",
        "--email",
        "Banco@Accademia.it",
        "--password",
        "Banco=Prestiti=26",
        "--data-dir",
        dataDir,
      );
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("Creato l'amministratore banco@accademia.it");
      expect(first.stdout).not.toContain("Banco=Prestiti=26");
      const second = await prestalab("create-admin", "--email=banco@accademia.it", `--data-dir=${dataDir}`);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("Promosso l'amministratore banco@accademia.it");
      expect(second.stdout).toContain("password invariata (per cambiarla usa --password)");
      expect(second.stdout).not.toContain("Password");
      const third = await prestalab(
        "create-admin",
        "--email=banco@accademia.it",
        "--password=Banco=Prestiti=27",
        `--data-dir=${dataDir}`,
      );
      expect(third.stdout).toContain("Promosso l'amministratore banco@accademia.it: password cambiata");
      expect(usersIn(join(dataDir, "prestalab.db"))).toEqual([{ email: "banco@accademia.it", ruolo: "admin" }]);
      const weak = await prestalab(
        "create-admin",
        "--email",
        "altro@accademia.it",
        "--password",
        "password",
        "--data-dir",
        dataDir,
      );
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain("Errore: Password troppo comune");
      const missing = await prestalab("create-admin", "--data-dir", dataDir);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("Uso: prestalab create-admin");
    },
    SLOW,
  );

  it(
    "backs up and restores a database, and refuses a junk file or a running server",
    async () => {
      const dataDir = join(scratch, "backup");
      const database = join(dataDir, "prestalab.db");
      addUser(dataDir, "prima@accademia.it");
      const backupFile = join(scratch, "copia.db");
      const backup = await prestalab("backup", backupFile, "--data-dir", dataDir);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup scritto in ${backupFile}`);
      addUser(dataDir, "dopo@accademia.it");
      expect(usersIn(database)).toHaveLength(2);

      const junk = join(scratch, "appunti.txt");
      writeFileSync(junk, "questo non è un backup ".repeat(100));
      const refused = await prestalab("restore", junk, "--data-dir", dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Errore: Il file non è un database SQLite valido");
      expect(usersIn(database)).toHaveLength(2);

      writeFileSync(join(dataDir, "server.pid"), String(process.pid));
      const busy = await prestalab("restore", backupFile, "--data-dir", dataDir);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain("Ferma prima il server PrestaLab");
      rmSync(join(dataDir, "server.pid"));

      const restored = await prestalab("restore", backupFile, "--data-dir", dataDir);
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain("Ripristinato");
      expect(usersIn(database)).toEqual([{ email: "prima@accademia.it", ruolo: "user" }]);
      expect(readdirSync(dataDir).some((name) => name.startsWith("prestalab.db.before-restore-"))).toBe(true);

      const again = await prestalab("backup", backupFile, "--data-dir", dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("esiste già");
      expect(again.stderr).toContain("--force");
      const replaced = await prestalab("backup", "--force", backupFile, "--data-dir", dataDir);
      expect(replaced.code).toBe(0);
      expect(replaced.stdout).toContain(`Backup scritto in ${backupFile}`);
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(scratch).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    },
    SLOW,
  );

  it(
    "backs up read-only: never migrates nor writes the live database, and writes a private copy",
    async () => {
      const dataDir = join(scratch, "backup-readonly");
      const database = join(dataDir, "prestalab.db");
      addUser(dataDir, "giulia@accademia.it");
      // An older database: the server would migrate it on its next start, a backup must not.
      forgetLastMigration(database);
      const older = new Database(database, { readonly: true });
      const migrationsBefore = older.query("SELECT count(*) AS n FROM __drizzle_migrations").get();
      older.close();
      const backupFile = join(scratch, "copia-readonly.db");
      const backup = await prestalab("backup", backupFile, "--data-dir", dataDir);
      expect(backup.code).toBe(0);
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      const live = new Database(database, { readonly: true });
      expect(live.query("SELECT count(*) AS n FROM __drizzle_migrations").get()).toEqual(migrationsBefore);
      live.close();
      const nothing = await prestalab("backup", join(scratch, "niente.db"), "--data-dir", join(scratch, "vuota"));
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain("Errore: Nessun database in");
    },
    SLOW,
  );

  it(
    "refuses to restore a SQLite file that holds only a migrations table, replacing nothing",
    async () => {
      const dataDir = join(scratch, "restore-foreign");
      const database = join(dataDir, "prestalab.db");
      addUser(dataDir, "resta@accademia.it");
      const hollow = hollowDatabase(join(scratch, "finto.db"));
      const refused = await prestalab("restore", hollow, "--data-dir", dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Errore: Il file non è un database PrestaLab");
      expect(usersIn(database)).toEqual([{ email: "resta@accademia.it", ruolo: "user" }]);
      expect(readdirSync(dataDir).some((name) => name.includes("before-restore"))).toBe(false);
    },
    SLOW,
  );

  it(
    "fails at once, in Italian and naming --port, when the port is already in use",
    async () => {
      // The occupant allows port sharing, as a first PrestaLab listening with reusePort would.
      const other = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: true, fetch: () => new Response("altro") });
      try {
        const dataDir = join(scratch, "busy-port");
        const result = await prestalab(
          "serve",
          "--port",
          String(other.port),
          "--host",
          "127.0.0.1",
          "--data-dir",
          dataDir,
        );
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Errore: La porta ${other.port} è già in uso`);
        expect(result.stderr).toContain("--port");
        expect(existsSync(join(dataDir, "server.pid"))).toBe(false);
      } finally {
        other.stop(true);
      }
    },
    SLOW,
  );

  it(
    "lists the routes as METHOD /path lines",
    async () => {
      const result = await prestalab("routes");
      expect(result.code).toBe(0);
      const lines = result.stdout.trim().split("\n");
      for (const line of lines) expect(line).toMatch(/^[A-Z]+ \/\S*$/);
      expect(lines).toContain("POST /api/auth/login");
      expect(lines).toContain("GET /api/health");
      expect(lines).toContain("DELETE /api/auth/users/:id");
    },
    SLOW,
  );

  it(
    "prints the OpenAPI document of every route",
    async () => {
      const result = await prestalab("openapi");
      expect(result.code).toBe(0);
      const doc = JSON.parse(result.stdout);
      expect(doc.info.title).toBe("PrestaLab API");
      expect(doc.paths["/api/prestiti"].post).toBeDefined();
      expect(doc.paths["/api/users/{id}"].put).toBeDefined();
    },
    SLOW,
  );

  it(
    "refuses an unknown command with exit code 1",
    async () => {
      const result = await prestalab("esplodi", "--data-dir", join(scratch, "unknown"));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Comando sconosciuto: esplodi");
      expect(existsSync(join(scratch, "unknown", "prestalab.db"))).toBe(false);
    },
    SLOW,
  );
});

describe("the first start's database", () => {
  it(
    "makes the demo administrator the one ADMIN_EMAIL and ADMIN_PASSWORD name, and prints no password",
    async () => {
      const ctx = createTestContext();
      const printed: string[] = [];
      const log = spyOn(console, "log").mockImplementation((line: string) => printed.push(line));
      try {
        await prepareDatabase(ctx, { demo: true, adminEmail: "desk@accademia.it", adminPassword: "Banco=Prestiti=26" });
      } finally {
        log.mockRestore();
      }
      const admin = await verifyCredentials(ctx, "desk@accademia.it", "Banco=Prestiti=26");
      expect(admin?.ruolo).toBe("admin");
      expect(printed.join("\n")).toContain(
        "Amministratore: desk@accademia.it  password: quella indicata in ADMIN_PASSWORD",
      );
      expect(printed.join("\n")).not.toContain("Banco=Prestiti=26");
    },
    SLOW,
  );

  it(
    "prints the start line with localhost and the machine's LAN addresses when listening on every interface",
    async () => {
      const probe = Bun.serve({ port: 0, fetch: () => new Response() });
      const port = Number(probe.port);
      await probe.stop(true);
      const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? scratch };
      const child = Bun.spawn(
        [
          "bun",
          "run",
          "src/main.ts",
          "serve",
          "--host",
          "0.0.0.0",
          "--port",
          String(port),
          "--data-dir",
          join(scratch, "start-line"),
        ],
        { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" },
      );
      const reader = child.stdout.getReader();
      let printed = "";
      while (!printed.includes("in ascolto su")) {
        const { value, done } = await reader.read();
        if (done) break;
        printed += new TextDecoder().decode(value);
      }
      child.kill("SIGTERM");
      await child.exited;
      const line = printed.split("\n").find((entry) => entry.includes("in ascolto su")) ?? "";
      expect(line).toContain(` http://localhost:${port} `);
      for (const address of listenAddresses("0.0.0.0", port).slice(1)) expect(line).toContain(address);
      expect(line).not.toContain("0.0.0.0");
    },
    SLOW,
  );
});
