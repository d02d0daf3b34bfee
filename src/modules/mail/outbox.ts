import { and, asc, eq, lte } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { AppContext } from "../../context";
import { postaInUscita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { readSettings } from "../settings/service";
import { type MailSetup, mailSetup } from "./service";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one message to the mail server; resolves when the server accepted it, rejects with its reason. */
export type MailTransport = (setup: MailSetup, mail: OutgoingMail) => Promise<void>;

/** The only place that speaks SMTP. A server that stalls is given up on after these pauses. */
export const smtpTransport: MailTransport = async (setup, mail) => {
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

export interface MailSender {
  /** Sends every message that is due; a round already running is joined (and followed by one more), never doubled. */
  deliverDue(): Promise<number>;
  /** Asks for a round soon, after the current transaction and request are done. */
  wake(): void;
}

/**
 * The outbox's sender: reads the due messages, hands each to the transport and records the outcome
 * in its own short write transaction. It runs beside the requests, never inside one: a slow or failing
 * mail server delays only the mail.
 */
export function createMailSender(ctx: AppContext, transport: MailTransport = smtpTransport): MailSender {
  let round: Promise<number> | null = null;

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
      let failure: string | null = null;
      try {
        await transport(setup, {
          to: message.destinatario,
          subject: message.oggetto,
          text: message.testo,
          html: message.html,
        });
      } catch (error) {
        failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
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
