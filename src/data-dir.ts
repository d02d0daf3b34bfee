import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The files PrestaLab keeps in its one data directory. */
export function dataPaths(dataDir: string) {
  return {
    database: join(dataDir, "prestalab.db"),
    secret: join(dataDir, "secret.key"),
    lock: join(dataDir, "server.pid"),
  };
}

export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** The JWT signing key: JWT_SECRET when set, else 32 random bytes kept in secret.key (mode 0600). */
export function loadOrCreateSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = dataPaths(dataDir).secret;
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, "utf8").trim();
}

/** The pid of a server currently holding this data directory, if any. */
export function runningServerPid(dataDir: string): number | null {
  const file = dataPaths(dataDir).lock;
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function claimDataDir(dataDir: string): () => void {
  const file = dataPaths(dataDir).lock;
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
