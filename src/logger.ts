import type { Config } from "./config";

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const ORDER = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;

/** One line per event on stdout/stderr. Callers never pass secrets, passwords or tokens. */
export function createLogger(level: Config["logLevel"]): Logger {
  const write = (at: keyof typeof ORDER, message: string) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}`;
    if (at === "error" || at === "warn") console.error(line);
    else console.log(line);
  };
  return {
    debug: (m) => write("debug", m),
    info: (m) => write("info", m),
    warn: (m) => write("warn", m),
    error: (m) => write("error", m),
  };
}

export const silentLogger: Logger = createLogger("silent");
