import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a random local port, for tests: it keeps every message it accepts, parsed.
 * `refuseNext(n)` makes it answer the next n messages with a temporary failure (451); `stall()` makes it
 * hold every message without answering until `release()`.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const arrivals: Array<() => void> = [];
  let refusals = 0;
  let stalled: Array<() => void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const answer = async () => {
          if (refusals > 0) {
            refusals--;
            callback(Object.assign(new Error("Casella temporaneamente non disponibile"), { responseCode: 451 }));
            return;
          }
          const parsed = await simpleParser(Buffer.concat(chunks));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          callback();
          for (const arrived of arrivals.splice(0)) arrived();
        };
        if (stalled) stalled.push(() => void answer());
        else await answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count: number) {
      refusals = count;
    },
    stall() {
      stalled = [];
    },
    release() {
      const waiting = stalled ?? [];
      stalled = null;
      for (const answer of waiting) answer();
    },
    /** Resolves at the next accepted message (no polling, no sleeping). */
    nextArrival: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
