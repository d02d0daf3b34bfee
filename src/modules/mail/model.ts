import { type Static, t } from "elysia";
import { answerInteger } from "../schemas";

/** The mail service as the Sistema page shows it (part of GET /api/system/status, for administrators). */
export const mailStatus = t.Object({
  configurata: t.Boolean(),
  /** The server's protocol, host and port, never its credentials. */
  server: t.Nullable(t.String()),
  mittente: t.Nullable(t.String()),
  in_coda: answerInteger(),
  inviate: answerInteger(),
  /** Given up on after the last attempt. */
  fallite: answerInteger(),
  ultimo_errore: t.Nullable(t.String()),
  ultimo_errore_at: t.Nullable(t.String()),
  ultimo_invio_at: t.Nullable(t.String()),
});

export type MailStatus = Static<typeof mailStatus>;
