import { availableParallelism } from "node:os";
import type { AppContext } from "./context";
import { WHOLE_LIST_ROUTES } from "./modules/whole-list";
import { workerAddress } from "./worker-address";

/**
 * The lists the screens poll are computed, on a cache miss, by threads of their own (src/list-reader-worker.ts),
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
 * fails or dies makes the server compute the list itself.
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

/** The answer of a reader, as the server's response cache keeps it. */
export interface ReadList {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export interface ListReaders {
  /** The list computed by a reader, or null when none could (the server then computes it itself). */
  read(request: Request): Promise<ReadList | null>;
  stop(): void;
}

/** Whether a reader may compute this list: not one of the spec's whole lists, which stream from the server. */
export function readsOffThread(route: string, url: URL): boolean {
  return !WHOLE_LIST_ROUTES.has(route) || url.searchParams.has("pagina") || url.searchParams.has("per_pagina");
}

/** As many readers as the machine has cores, beside the server's own thread (at most four). */
export const LIST_READERS = Math.min(4, availableParallelism());

interface Reader {
  worker: Worker;
  pending: Map<number, (answer: ListReadAnswer | null) => void>;
}

export function startListReaders(ctx: AppContext, count = LIST_READERS): ListReaders | null {
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
  let stopped = false;

  function startReader(): Reader {
    const reader: Reader = { worker: new Worker(workerAddress("lists")), pending: new Map() };
    const settleAll = () => {
      for (const settle of reader.pending.values()) settle(null);
      reader.pending.clear();
    };
    reader.worker.onmessage = (event: MessageEvent<ListReadAnswer>) => {
      reader.pending.get(event.data.id)?.(event.data);
      reader.pending.delete(event.data.id);
    };
    reader.worker.onerror = (event) => {
      ctx.logger.error(`list reader failed: ${event.message}`);
      settleAll();
      reader.worker.terminate();
      // A new thread takes its place, for the next lists.
      if (!stopped) readers[readers.indexOf(reader)] = startReader();
    };
    reader.worker.postMessage({ setup } satisfies ListReaderMessage);
    return reader;
  }

  const readers = Array.from({ length: count }, startReader);

  return {
    async read(request) {
      // The least busy reader.
      const reader = readers.reduce((best, candidate) =>
        candidate.pending.size < best.pending.size ? candidate : best,
      );
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
    stop() {
      stopped = true;
      for (const reader of readers) reader.worker.terminate();
    },
  };
}
