import type { AppContext } from "./context";
import { cancelNoShows } from "./modules/counter/service";
import { pruneItemChanges } from "./modules/inventory/unit-counts";
import { markOverdueLoans } from "./modules/loans/service";
import { pruneSentMail, queueDeskDigest, SENT_MAIL_KEPT_DAYS } from "./modules/mail/service";
import { expireStrikes } from "./modules/penalties/service";

/** Runs one job, timing it and recording success or failure for the system status page. */
export function runJob(ctx: AppContext, name: string, job: () => string): void {
  const started = performance.now();
  try {
    const outcome = job();
    const ms = performance.now() - started;
    ctx.metrics.jobRuns.set(name, { at: Date.now(), ok: true, ms });
    ctx.logger.info(`job ${name}: ${outcome} (${ms.toFixed(1)}ms)`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.metrics.jobRuns.set(name, { at: Date.now(), ok: false, ms: performance.now() - started });
    ctx.metrics.recordIncident("notifications", `Job ${name} fallito: ${message}`);
    ctx.logger.error(`job ${name} failed: ${message}`);
  }
}

export function checkOverdueLoans(ctx: AppContext): void {
  runJob(ctx, "overdue", () => `${markOverdueLoans(ctx)} prestiti segnati come scaduti`);
  runJob(ctx, "no-shows", () => `${cancelNoShows(ctx)} prestiti mai ritirati annullati`);
  runJob(ctx, "strike-expiry", () => `penalità scadute per ${expireStrikes(ctx)} studenti`);
  runJob(ctx, "mail-digest", () => `riepilogo del mattino per ${queueDeskDigest(ctx)} amministratori`);
  runJob(
    ctx,
    "sent-mail-prune",
    () => `${pruneSentMail(ctx)} e-mail di più di ${SENT_MAIL_KEPT_DAYS} giorni tolte dalla posta in uscita`,
  );
  runJob(
    ctx,
    "item-changes",
    () => `${pruneItemChanges(ctx.sqlite)} righe vecchie tolte dal registro degli oggetti cambiati`,
  );
}

/** How often the outbox is looked at for retries that have come due (new messages wake it at once). */
const MAIL_RETRY_CHECK_MS = 30_000;

/**
 * The scheduled work of a serving process: the overdue check at start and every `minutes`, and the
 * outbox's sender for retries.
 */
export function startJobs(ctx: AppContext, minutes: number): () => void {
  // Through the write gate: while an import applies its rows, the jobs wait for it without stopping the server.
  const check = () => void ctx.writes.hold(() => checkOverdueLoans(ctx));
  check();
  const timer = setInterval(check, minutes * 60_000);
  const mailer = ctx.mailer;
  mailer?.wake();
  const mailTimer = mailer ? setInterval(() => mailer.wake(), MAIL_RETRY_CHECK_MS) : undefined;
  return () => {
    clearInterval(timer);
    clearInterval(mailTimer);
  };
}
