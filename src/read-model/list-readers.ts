import { availableParallelism } from "node:os";
import type { AppContext } from "../context";
import { workerAddress } from "../worker-address";
import { WHOLE_LIST_ROUTES } from "./whole-list";

/**
 * The lists the screens poll are computed, on a cache miss, by threads of their own (list-reader-worker.ts),
 * each with its own connection to the database file and its own copy of the routes.
 *
 * Why: every write changes what the polled lists show, so under a working desk nearly every poll is a
 * miss, and at five times the default academy a miss takes 5–30 ms. On the server's only thread those
 * misses queued behind each other and in front of every write: under the bench's mixed load the event
 * loop lagged 97 ms at p99 and writes waited 118–151 ms. Here the server's thread keeps the writes,
 * the cache and the answers; the readers compute, and SQLite's WAL lets them read while it writes.
 *
 * What stays on the server's thread: the spec's whole lists (already streamed in stretches), and
 * everything when the database is in memory (tests), which another thread cannot open. A reader that
 * fails or dies makes the server compute the list itself. The readers start with the first list that
 * misses often (START_AFTER_MISSES) and stop after five minutes without one (READERS_IDLE_STOP_MS).
 */

/** What a reader is told once, to build its own context: the same file, secret, time zone and addresses. */
export interface ListReaderSetup {
  file: string;
  jwtSecret: string;
  timeZone: string;
  appName: string;
  trustProxy?: boolean;
  publicUrl?: string;
}

/** One list to compute, with the server's "now" so that both agree on today even with a shifted clock. */
export interface ListReadTask {
  id: number;
  url: string;
  headers: Array<[string, string]>;
  now: string;
}

export type ListReadAnswer =
  | { id: number; status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer> }
  | { id: number; failed: string };

export type ListReaderMessage = { setup: ListReaderSetup } | ListReadTask;

/** What a reader reports: that it is ready (once), or a list's answer. */
export type ListReaderReport = { ready: true } | ListReadAnswer;

/** The answer of a reader, as the server's response cache keeps it. */
export interface ReadList {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export interface ListReaders {
  /**
   * The list computed by a reader, or null when none could (the server then computes it itself): until
   * lists miss often enough to start the readers, while they start, after a failure, when none is ready.
   */
  read(request: Request): Promise<ReadList | null>;
  /** Starts the readers (a burst of misses does) and answers once each is ready, has failed or was stopped. */
  start(): Promise<void>;
  /** How many reader threads there are, starting or ready. */
  running(): number;
  stop(): void;
}

/** Whether a reader may compute this list: not one of the spec's whole lists, which stream from the server. */
export function readsOffThread(route: string, url: URL): boolean {
  return !WHOLE_LIST_ROUTES.has(route) || url.searchParams.has("pagina") || url.searchParams.has("per_pagina");
}

/** As many readers as the machine has cores, beside the server's own thread (at most four). */
export const LIST_READERS = Math.min(4, availableParallelism());

/**
 * The readers start with the first list that misses and stop after this long without one: each holds
 * a copy of the routes (about 30 MB), which an idle server does not need (DESIGN §7: idle under 120 MB).
 */
export const READERS_IDLE_STOP_MS = 5 * 60_000;

/**
 * The readers start once this many lists missed within MISS_BURST_MS: twenty a second, which a working desk
 * reaches (the bench's mixed load misses about 80 lists a second) and a person moving between screens does
 * not (a screen misses a handful of lists once, a few ms each on the server's own thread). A reader's start
 * is not free: about 185 ms of CPU, then its own first build of each kept structure (item counts and
 * texts, the year's request counts), which on two cores competes with the browser rendering the first
 * screen a person opens after a start.
 */
export const START_AFTER_MISSES = 60;
export const MISS_BURST_MS = 3_000;

/** Counts misses and says when `count` of them fell within `windowMs`. */
export function missBurst(count: number, windowMs: number) {
  const times: number[] = [];
  return {
    /** Records a miss at `now` (ms) and answers whether the last `count` misses fell within the window. */
    reached(now: number): boolean {
      times.push(now);
      if (times.length > count) times.shift();
      return times.length === count && now - (times[0] as number) <= windowMs;
    },
  };
}

interface Reader {
  worker: Worker;
  /** Set once the thread has built its routes; until then the server computes the lists itself. */
  ready: boolean;
  /** Releases `start()`'s callers: the reader is ready, failed or was stopped. */
  started: () => void;
  pending: Map<number, (answer: ListReadAnswer | null) => void>;
}

export function startListReaders(
  ctx: AppContext,
  options: { count?: number; idleStopMs?: number; startAfterMisses?: number } = {},
): ListReaders | null {
  const count = options.count ?? LIST_READERS;
  if (ctx.sqlite.filename === ":memory:" || count < 1) return null;
  const setup: ListReaderSetup = {
    file: ctx.sqlite.filename,
    jwtSecret: ctx.jwtSecret,
    timeZone: ctx.clock.timeZone,
    appName: ctx.appName,
    trustProxy: ctx.trustProxy,
    publicUrl: ctx.publicUrl,
  };
  let nextId = 0;
  let readers: Reader[] = [];
  let idleTimer: Timer | undefined;
  let everyoneReady: Promise<void> = Promise.resolve();
  const burst = missBurst(options.startAfterMisses ?? START_AFTER_MISSES, MISS_BURST_MS);

  function startReader(onReady: () => void): Reader {
    const reader: Reader = {
      worker: new Worker(workerAddress("lists")),
      ready: false,
      started: onReady,
      pending: new Map(),
    };
    reader.worker.onmessage = (event: MessageEvent<ListReaderReport>) => {
      const report = event.data;
      if ("ready" in report) {
        reader.ready = true;
        reader.started();
        return;
      }
      reader.pending.get(report.id)?.(report);
      reader.pending.delete(report.id);
    };
    reader.worker.onerror = (event) => {
      ctx.logger.error(`list reader failed: ${event.message}`);
      stopReader(reader);
      // The next list that misses starts a new one in its place.
      readers = readers.filter((other) => other !== reader);
    };
    reader.worker.postMessage({ setup } satisfies ListReaderMessage);
    return reader;
  }

  function stopReader(reader: Reader) {
    reader.started();
    for (const settle of reader.pending.values()) settle(null);
    reader.pending.clear();
    reader.worker.terminate();
  }

  function stopAll() {
    clearTimeout(idleTimer);
    for (const reader of readers) stopReader(reader);
    readers = [];
  }

  /** Stops the readers once no list missed for the quiet spell (never while one is still starting). */
  function stopWhenQuiet() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => (readers.every((reader) => reader.ready) ? stopAll() : stopWhenQuiet()),
      options.idleStopMs ?? READERS_IDLE_STOP_MS,
    );
    idleTimer.unref();
  }

  function start(): Promise<void> {
    stopWhenQuiet();
    if (readers.length < count) {
      const starting = Array.from(
        { length: count - readers.length },
        () => new Promise<void>((resolve) => readers.push(startReader(resolve))),
      );
      everyoneReady = Promise.all(starting).then(() => undefined);
    }
    return everyoneReady;
  }

  return {
    start,
    async read(request) {
      if (readers.length > 0 || burst.reached(performance.now())) void start();
      const ready = readers.filter((reader) => reader.ready);
      if (ready.length === 0) return null;
      // The least busy reader.
      const reader = ready.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
      const id = ++nextId;
      const headers = [...request.headers].filter(([name]) => name !== "accept-encoding");
      // Gzipped when worth it, as the cache keeps it; the server unpacks it for a client without gzip.
      headers.push(["accept-encoding", "gzip"]);
      const answer = await new Promise<ListReadAnswer | null>((settle) => {
        reader.pending.set(id, settle);
        reader.worker.postMessage({
          id,
          url: request.url,
          headers,
          now: ctx.clock.now().toISOString(),
        } satisfies ListReaderMessage);
      });
      if (!answer || "failed" in answer) {
        if (answer) ctx.logger.error(`list reader failed on ${request.url}: ${answer.failed}`);
        return null;
      }
      return { status: answer.status, headers: new Headers(answer.headers), body: answer.body };
    },
    running: () => readers.length,
    stop: stopAll,
  };
}
