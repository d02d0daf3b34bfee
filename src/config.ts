import { resolve } from "node:path";
import { isMailSender, isSmtpUrl } from "./domain/academy-settings";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  timeZone: string;
  appName: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  overdueCheckMinutes: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Shifted start time of the clock (PRESTALAB_NOW / --now), for demos, training and end-to-end tests. */
  now?: Date;
  demo: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Address people reach PrestaLab at (PUBLIC_URL / --public-url): every QR code and link encodes it. */
  publicUrl?: string;
  /** SMTP_URL and MAIL_FROM: the mail server and sender, unless the settings name their own. */
  mail: MailEnvironment;
}

export interface MailEnvironment {
  smtpUrl?: string;
  from?: string;
}

export type Flags = Record<string, string | boolean>;

/** Splits `--name value`, `--name=value` and bare `--switch` arguments from positional ones. */
/** Flags that are switches and never take the next word as their value (`backup --force copia.db`). */
const SWITCHES = new Set(["force", "demo", "help", "version"]);

export function parseArgs(argv: string[]): { positional: string[]; flags: Flags } {
  const positional: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    // Split at the first "=" only: a value such as a password may contain more of them.
    const equals = arg.indexOf("=");
    const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    if (inline !== undefined) flags[name] = inline;
    else if (SWITCHES.has(name)) flags[name] = true;
    else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith("--")) flags[name] = argv[++i] as string;
    else flags[name] = true;
  }
  return { positional, flags };
}

const SWITCH_VALUES: Record<string, boolean> = { 1: true, true: true, on: true, 0: false, false: false, off: false };

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

/** Flags override environment variables, which override the defaults. */
export function loadConfig(flags: Flags, env: Record<string, string | undefined> = process.env): Config {
  const text = (flag: string, variable: string) => {
    const value = flags[flag];
    if (typeof value === "string") return value;
    return env[variable] || undefined;
  };
  const port = Number(text("port", "PORT") ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Porta non valida: ${text("port", "PORT")}`);
  // An empty variable counts as unset, as for every other setting.
  const minutes = Number(env.OVERDUE_CHECK_MINUTES || 15);
  if (!(minutes > 0)) throw new Error(`OVERDUE_CHECK_MINUTES non valido: ${env.OVERDUE_CHECK_MINUTES}`);
  const nowText = text("now", "PRESTALAB_NOW");
  const now = nowText ? new Date(nowText) : undefined;
  if (now && Number.isNaN(now.getTime())) throw new Error(`Data non valida per PRESTALAB_NOW/--now: ${nowText}`);
  const timeZone = env.TZ_ACADEMY || "Europe/Rome";
  try {
    new Intl.DateTimeFormat("it-IT", { timeZone });
  } catch {
    throw new Error(`Fuso orario non valido in TZ_ACADEMY: ${timeZone}`);
  }
  const trustProxyText = (flags["trust-proxy"] === true ? "1" : text("trust-proxy", "TRUST_PROXY")) ?? "0";
  const trustProxy = SWITCH_VALUES[trustProxyText.toLowerCase()];
  if (trustProxy === undefined) throw new Error(`TRUST_PROXY non valido: ${trustProxyText} (usa 1 o 0)`);
  const publicUrlText = text("public-url", "PUBLIC_URL");
  const publicUrl = publicUrlText === undefined ? undefined : normalizedPublicUrl(publicUrlText);
  if (publicUrl === null)
    throw new Error(`PUBLIC_URL/--public-url non valido (serve http:// o https://): ${publicUrlText}`);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl))
    throw new Error(
      "SMTP_URL non valido (serve smtp:// o smtps://, es. smtps://utente:password@mail.accademia.it:465)",
    );
  const mailFrom = env.MAIL_FROM || undefined;
  if (mailFrom !== undefined && !isMailSender(mailFrom))
    throw new Error(`MAIL_FROM non valido (un indirizzo e-mail, anche "Nome <indirizzo>"): ${mailFrom}`);
  const logLevel = (env.LOG_LEVEL || "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL non valido: ${env.LOG_LEVEL}`);
  return {
    port,
    host: text("host", "HOST") ?? "0.0.0.0",
    dataDir: resolve(text("data-dir", "PRESTALAB_DATA_DIR") ?? "./data"),
    timeZone,
    appName: env.APP_NAME || "PrestaLab",
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    overdueCheckMinutes: minutes,
    logLevel,
    now,
    demo: flags.demo === true,
    trustProxy,
    publicUrl,
    mail: { smtpUrl, from: mailFrom },
  };
}

/** An http(s) address without a trailing slash, or null when it is not one. */
export function normalizedPublicUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.search || url.hash) return null;
    return url.toString().replace(/\/+$/, "");
  } catch {
    return null;
  }
}
