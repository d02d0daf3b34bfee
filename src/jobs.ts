import type { AppContext } from "./context";
import { withoutMapping } from "./db/client";
import { dailyDirectoryCheck } from "./modules/auth/directory-check";
import { forgetDemandStudents } from "./modules/demand/events";
import { expireHolds } from "./modules/demand/offers";
import { cancelNoShows } from "./modules/loans/cancel";
import { markOverdueLoans } from "./modules/loans/overdue-job";
import { pruneSentMail, queueDeskDigest, SENT_MAIL_KEPT_DAYS } from "./modules/mail/service";
import { expireStrikes } from "./modules/penalties/service";
import { pruneItemChanges } from "./read-model";

function recordSuccess(ctx: AppContext, name: string, outcome: string, started: number): void {
  const ms = performance.now() - started;
  ctx.metrics.jobRuns.set(name, { at: Date.now(), ok: true, ms });
  ctx.logger.info(`job ${name}: ${outcome} (${ms.toFixed(1)}ms)`);
}

function recordFailure(ctx: AppContext, name: string, error: unknown, started: number): void {
  const message = error instanceof Error ? error.message : String(error);
  ctx.metrics.jobRuns.set(name, { at: Date.now(), ok: false, ms: performance.now() - started });
  ctx.metrics.recordIncident("notifications", `Job ${name} fallito: ${message}`);
  ctx.logger.error(`job ${name} failed: ${message}`);
}

/** Runs one job, timing it and recording success or failure for the system status page. */
export function runJob(ctx: AppContext, name: string, job: () => string): void {
  const started = performance.now();
  try {
    recordSuccess(ctx, name, job(), started);
  } catch (error) {
    recordFailure(ctx, name, error, started);
  }
}

/** `runJob` for a job that waits on another server: the server goes on answering meanwhile. */
export async function runWaitingJob(ctx: AppContext, name: string, job: () => Promise<string>): Promise<void> {
  const started = performance.now();
  try {
    recordSuccess(ctx, name, await job(), started);
  } catch (error) {
    recordFailure(ctx, name, error, started);
  }
}

/**
 * A scheduled job: its name (the key of its last run on the system status page, and in the log) and its
 * work, which answers what it did in a line for the log.
 */
interface ScheduledJob {
  name: string;
  run: (ctx: AppContext) => string;
}

/** The scheduled jobs, in the order each round runs them: loans first, then the desk's digest, then pruning. */
const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: "overdue", run: (ctx) => `${markOverdueLoans(ctx)} prestiti segnati come scaduti` },
  { name: "no-shows", run: (ctx) => `${cancelNoShows(ctx)} prestiti mai ritirati annullati` },
  { name: "wait-holds", run: (ctx) => `${expireHolds(ctx)} posti in coda non confermati passati al successivo` },
  { name: "strike-expiry", run: (ctx) => `penalità scadute per ${expireStrikes(ctx)} studenti` },
  { name: "mail-digest", run: (ctx) => `riepilogo del mattino per ${queueDeskDigest(ctx)} amministratori` },
  {
    name: "sent-mail-prune",
    run: (ctx) => `${pruneSentMail(ctx)} e-mail di più di ${SENT_MAIL_KEPT_DAYS} giorni tolte dalla posta in uscita`,
  },
  {
    name: "demand-retention",
    run: (ctx) => `${forgetDemandStudents(ctx)} eventi di domanda di più di 12 mesi senza più lo studente`,
  },
  {
    name: "item-changes-prune",
    run: (ctx) => `${pruneItemChanges(ctx.sqlite)} righe vecchie tolte dal registro degli articoli cambiati`,
  },
];

/**
 * The scheduled jobs that wait on another server, each started at a round unless its previous run is still
 * waiting. Each bounds its own waits (the directory's deadline), and writes through the write gate.
 */
const WAITING_JOBS: readonly { name: string; run: (ctx: AppContext) => Promise<string> }[] = [
  // Once a day: are the LDAP accounts' entries still in the directory? The gone ones are listed on Sistema.
  { name: "directory-check", run: dailyDirectoryCheck },
];

/** One round of the scheduled jobs, each timed and recorded on its own: one failing does not stop the rest. */
export function runScheduledJobs(ctx: AppContext): void {
  withoutMapping(ctx.sqlite, () => {
    for (const job of SCHEDULED_JOBS) runJob(ctx, job.name, () => job.run(ctx));
  });
}

/** Starts the round's waiting jobs; a job whose previous run still waits is not started again. */
function startWaitingJobs(ctx: AppContext, running: Set<string>): void {
  for (const job of WAITING_JOBS) {
    if (running.has(job.name)) continue;
    running.add(job.name);
    void runWaitingJob(ctx, job.name, () => job.run(ctx)).finally(() => running.delete(job.name));
  }
}

/** How often the outbox is looked at for retries that have come due (new messages wake it at once). */
const MAIL_RETRY_CHECK_MS = 30_000;

/**
 * The scheduled work of a serving process: a round of the scheduled jobs (and the waiting ones) at start
 * and every `minutes`, and the outbox's sender for retries.
 */
export function startJobs(ctx: AppContext, minutes: number): () => void {
  // Through the write gate: while an import applies its rows, the jobs wait for it without stopping the server.
  const waiting = new Set<string>();
  const runRound = () => {
    void ctx.writes.hold(() => runScheduledJobs(ctx));
    startWaitingJobs(ctx, waiting);
  };
  runRound();
  const timer = setInterval(runRound, minutes * 60_000);
  const mailer = ctx.mailer;
  mailer?.wake();
  const mailTimer = mailer ? setInterval(() => mailer.wake(), MAIL_RETRY_CHECK_MS) : undefined;
  return () => {
    clearInterval(timer);
    clearInterval(mailTimer);
  };
}
