import { and, asc, eq, lte } from "drizzle-orm";
import type { AppContext } from "../../context";
import { postaInUscita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { withNewResetToken } from "../auth/reset-link";
import { readSettings } from "../settings/service";
import type { MailSender } from "./sender";
import { type MailSetup, mailSetup } from "./service";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one message to the mail server; resolves when the server accepted it, rejects with its reason. */
export type MailTransport = (setup: MailSetup, mail: OutgoingMail) => Promise<void>;

/**
 * The only place that speaks SMTP. A server that stalls is given up on after these pauses. Nodemailer is
 * loaded with the first message sent, not at start: an academy without SMTP never needs it.
 */
export const smtpTransport: MailTransport = async (setup, mail) => {
  const { default: nodemailer } = await import("nodemailer");
  const transporter = nodemailer.createTransport({
    url: setup.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transporter.sendMail({ from: setup.from, ...mail });
  } finally {
    transporter.close();
  }
};

/** The fields of a failure that say what went wrong, never what the peer wrote (nodemailer's and Node's codes). */
interface SendFailure {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/**
 * A fixed Italian description of why a message was not sent, for the Sistema page and the log. The
 * error's own text is never shown: an smtp_url pointed at another service would put that service's
 * greeting on the page. Only the SMTP reply's number (e.g. 451) is kept.
 */
export function mailFailureText(error: unknown): string {
  const { code, originalCode, responseCode } = (
    typeof error === "object" && error !== null ? error : {}
  ) as SendFailure;
  const codes = [code, originalCode].filter((value): value is string => typeof value === "string");
  const has = (...wanted: string[]) => codes.some((value) => wanted.includes(value));
  if (has("ECONNREFUSED"))
    return "Connessione rifiutata: a quell'indirizzo e porta non risponde nessun server di posta";
  if (has("ETIMEDOUT")) return "Tempo scaduto: il server di posta non ha risposto";
  if (has("EDNS", "ENOTFOUND", "EAI_AGAIN")) return "Server di posta non trovato: controlla il nome nell'indirizzo";
  if (has("EAUTH", "ENOAUTH")) return "Autenticazione non riuscita: controlla utente e password del server di posta";
  if (has("ETLS", "EREQUIRETLS") || codes.some((value) => TLS_CODE.test(value)))
    return "Errore TLS: la connessione cifrata non è riuscita (controlla smtp:// o smtps:// e la porta)";
  if (has("EPROTOCOL")) return "Risposta non valida: a quell'indirizzo non risponde un server di posta (SMTP)";
  if (typeof responseCode === "number" && responseCode >= 500)
    return `Messaggio rifiutato dal server di posta (codice ${responseCode})`;
  if (typeof responseCode === "number")
    return `Il server di posta ha rimandato il messaggio (codice ${responseCode}): si riprova più tardi`;
  if (has("ECONNECTION", "ESOCKET", "ECONNRESET")) return "Connessione con il server di posta interrotta";
  return "Invio non riuscito per un errore sconosciuto";
}

/** After this many failed attempts a message is given up on (`fallita`) and shown on the Sistema page. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
/** At most this many messages per round, so a long backlog does not hold one round for ever. */
const BATCH = 50;

/** The pause before attempt `attempts + 1`: 1 min, 2, 4 … up to 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
}

/**
 * The outbox's sender: reads the due messages, hands each to the transport and records the outcome
 * in its own short write transaction. It runs beside the requests, never inside one: a slow or failing
 * mail server delays only the mail.
 */
export function createMailSender(ctx: AppContext, transport: MailTransport = smtpTransport): MailSender {
  let round: Promise<number> | null = null;

  /**
   * The text and HTML to send: as queued, or for a password reset with a new token made now. Null for
   * a reset whose request was closed meanwhile: that message is dropped unsent.
   */
  async function contentToSend(message: typeof postaInUscita.$inferSelect) {
    const queued = { text: message.testo, html: message.html };
    const resetFor = message.reimpostaPasswordDi;
    if (resetFor === null) return queued;
    return ctx.writes.hold(() =>
      writeTransaction(ctx.db, (tx) => {
        const ready = withNewResetToken(tx, ctx.clock, resetFor, queued);
        if (!ready) tx.delete(postaInUscita).where(eq(postaInUscita.id, message.id)).run();
        return ready;
      }),
    );
  }

  async function sendDue(): Promise<number> {
    const setup = mailSetup(ctx, readSettings(ctx.db));
    if (!setup) return 0;
    const due = ctx.db
      .select()
      .from(postaInUscita)
      .where(
        and(eq(postaInUscita.stato, "in_coda"), lte(postaInUscita.prossimoTentativoAt, ctx.clock.now().toISOString())),
      )
      .orderBy(asc(postaInUscita.prossimoTentativoAt), asc(postaInUscita.id))
      .limit(BATCH)
      .all();
    let sent = 0;
    for (const message of due) {
      const content = await contentToSend(message);
      if (!content) continue;
      let failure: string | null = null;
      try {
        await transport(setup, { to: message.destinatario, subject: message.oggetto, ...content });
      } catch (error) {
        failure = mailFailureText(error);
      }
      const now = ctx.clock.now();
      const attempts = message.tentativi + 1;
      await ctx.writes.hold(() =>
        writeTransaction(ctx.db, (tx) => {
          tx.update(postaInUscita)
            .set(
              failure === null
                ? {
                    stato: "inviata",
                    tentativi: attempts,
                    inviataAt: now.toISOString(),
                    ultimoTentativoAt: now.toISOString(),
                  }
                : {
                    stato: attempts >= MAX_ATTEMPTS ? "fallita" : "in_coda",
                    tentativi: attempts,
                    ultimoErrore: failure,
                    ultimoTentativoAt: now.toISOString(),
                    prossimoTentativoAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
                  },
            )
            .where(eq(postaInUscita.id, message.id))
            .run();
        }),
      );
      if (failure === null) sent++;
      else
        ctx.logger.warn(
          `e-mail #${message.id} a ${message.destinatario} non inviata (tentativo ${attempts}): ${failure}`,
        );
    }
    return sent;
  }

  let askedDuringRound = false;

  function deliverDue(): Promise<number> {
    if (round) {
      // Messages queued after this round read the outbox get a round of their own right after it.
      askedDuringRound = true;
      return round;
    }
    round = sendDue().finally(() => {
      round = null;
      if (askedDuringRound) {
        askedDuringRound = false;
        void deliverDue().catch((error) => ctx.logger.error(`invio e-mail fallito: ${String(error)}`));
      }
    });
    return round;
  }

  return {
    deliverDue,
    wake() {
      setTimeout(() => {
        deliverDue().catch((error) => ctx.logger.error(`invio e-mail fallito: ${String(error)}`));
      }, 0);
    },
  };
}
