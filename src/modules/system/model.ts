import { type Static, t } from "elysia";
import { mailStatus } from "../mail/model";
import { answerInteger, timestampText } from "../schemas";

export const HEALTH_STATES = ["healthy", "warning", "error"] as const;
export type Health = (typeof HEALTH_STATES)[number];
const health = t.UnionEnum(HEALTH_STATES);

const serviceState = t.Object({
  status: health,
  /** Share of this server's checks that did not fail, in percent. */
  uptime: t.Number(),
  responseTime: t.Number({ description: "ms" }),
});

/** Everyone signed in learns whether the service works; the optional figures go to administrators only. */
export const systemStatus = t.Object({
  overall: health,
  services: t.Object({
    database: serviceState,
    api: serviceState,
    auth: serviceState,
    storage: serviceState,
    notifications: serviceState,
  }),
  url_pubblico: t.Optional(t.Nullable(t.String())),
  avviso_url_pubblico: t.Optional(t.Nullable(t.String())),
  posta: t.Optional(mailStatus),
  metrics: t.Optional(
    t.Object({
      totalRequests: answerInteger({ description: "Richieste di prestito in attesa" }),
      activeUsers: answerInteger({ description: "Studenti registrati" }),
      totalInventory: answerInteger({ description: "Articoli dell'inventario (non archiviati)" }),
      activeLoans: answerInteger({ description: "Prestiti aperti (attivi o scaduti)" }),
      httpRequests: answerInteger({ description: "Richieste HTTP servite da questo processo" }),
      usersActiveLast15Minutes: answerInteger({
        description: "Utenti con almeno una richiesta negli ultimi 15 minuti",
      }),
      memoryUsage: t.Number({ description: "Percentuale della memoria del server" }),
      memoryMb: t.Number(),
      cpuUsage: t.Number(),
      diskUsage: t.Number(),
      diskFreeMb: answerInteger(),
      uptimeSeconds: answerInteger(),
    }),
  ),
  event_loop: t.Optional(t.Object({ p99_ms: t.Number(), max_ms: t.Number() })),
  recentIncidents: t.Optional(
    t.Array(
      t.Object({
        id: answerInteger(),
        service: t.String(),
        time: timestampText,
        message: t.String(),
        severity: t.UnionEnum(["error", "warning"]),
      }),
    ),
  ),
  endpoints: t.Optional(
    t.Array(
      t.Object({
        method: t.String(),
        path: t.String(),
        count: answerInteger(),
        errors: answerInteger(),
        medianMs: t.Number(),
        status: health,
      }),
    ),
  ),
});

export type SystemStatus = Static<typeof systemStatus>;

/**
 * The daily directory check (Sistema): its last run (kept across restarts; `certificato_non_valido` when
 * the directory's TLS certificate was refused), and the LDAP accounts whose entry is gone.
 */
export const directoryAccounts = t.Object({
  ultimo_controllo: t.Nullable(
    t.Object({
      il: timestampText,
      esito: t.UnionEnum(["completato", "directory_non_raggiungibile", "certificato_non_valido"]),
      account_controllati: answerInteger(),
      account_scomparsi: answerInteger(),
    }),
  ),
  scomparsi: t.Array(
    t.Object({
      id: answerInteger(),
      email: t.String(),
      name: t.String(),
      surname: t.String(),
      matricola: t.Nullable(t.String()),
      corso_accademico: t.Nullable(t.String()),
      scomparso_il: timestampText,
    }),
  ),
});

export type DirectoryAccounts = Static<typeof directoryAccounts>;
