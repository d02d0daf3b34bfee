import type { AppContext } from "../context";
import type { ReadList } from "./list-readers";
import type { Resource } from "./reads";

/**
 * The JSON answers of the read-only lists the screens load and poll, kept per user until the data
 * they read changes. A list is a function of the database, the academy's "today" and who asks, so the
 * version of an answer is: this process, the versions of the resources its route reads (declared at the
 * route with `reads`, src/read-model/reads.ts; `data_versions`, bumped by triggers on every row written,
 * by any connection) and today. While that version holds, a repeated call is answered from memory
 * (already gzipped, or plain for a client without gzip), and a conditional one (`If-None-Match`) with 304
 * and no body. An answer kept by no lookup counts every change instead: the rows changed through this
 * connection (`total_changes()`) and the commits of any other (`PRAGMA data_version`).
 */

/** Answers smaller than this go out uncompressed: gzip would not pay for itself. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Bigger answers are kept gzipped only until a client without gzip asks for one: it gets the kept copy
 * unpacked on the way, and the plain form is kept beside it when both fit MAX_KEPT_BYTES.
 */
const KEEP_PLAIN_UP_TO_BYTES = 1024 * 1024;
/** Gzipped bytes unpacked at a time: 64 kB of JSON unpack to about 600 kB in a millisecond or two of the thread. */
const UNPACK_SLICE_BYTES = 64 * 1024;
/** How long a caller waits for the same list being computed for someone else before computing it too. */
const MAX_WAIT_MS = 15_000;
/** The memory the kept answers may take. */
const MAX_CACHED_BYTES = 48 * 1024 * 1024;
/** The biggest answer kept: the whole loan history of the default academy (8 MB gzipped) fits, five times it does not. */
const MAX_KEPT_BYTES = MAX_CACHED_BYTES / 4;

export interface JsonBody {
  /** Null when only the gzipped form is kept; bytes when the plain form was kept from a stream. */
  body: string | Uint8Array<ArrayBuffer> | null;
  gzipped: Uint8Array<ArrayBuffer> | null;
}

/** A list being computed for one caller; others asking for the same version wait for it. */
interface Computation {
  version: string;
  done: Promise<void>;
  finish: () => void;
}

interface Entry extends JsonBody {
  version: string;
  bytes: number;
}

/**
 * gzip's level: 3 takes a third of the default level's time (1.5 against 4.3 ms for the 480 kB of the
 * alerts at five times the default academy) for 14% more bytes, on a campus network. From 256 kB, level
 * 2: the whole inventory of the side-by-side run (650 kB) in 0.8 ms instead of 1.3, for 56 kB instead of
 * 51, where the gzip had become half of what a miss costs the server.
 */
function gzipLevel(length: number): 2 | 3 {
  return length >= 256 * 1024 ? 2 : 3;
}

/** A JSON answer's text, with its gzip for a client that accepts it when it is big enough to gain from it. */
export function encodeJson(body: string): JsonBody & { body: string } {
  const gzipped = body.length >= COMPRESS_FROM_BYTES ? Bun.gzipSync(body, { level: gzipLevel(body.length) }) : null;
  return { body, gzipped };
}

function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
}

/**
 * A stream's bytes passed on as they are read, and handed whole to `ended` once the stream finished within
 * `upTo` bytes; `ended` hears null when it failed, was cancelled or grew past `upTo`. Read by hand rather
 * than piped: a stream that fails halfway must report at once, where a pipe's transformer only hears of
 * the end it reached.
 */
function collected(
  source: ReadableStream<Uint8Array<ArrayBuffer>>,
  upTo: number,
  ended: (whole: Uint8Array<ArrayBuffer> | null) => void,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let reported = false;
  const report = (whole: Uint8Array<ArrayBuffer> | null) => {
    if (reported) return;
    reported = true;
    ended(whole);
  };
  const reader = source.getReader();
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            report(size <= upTo ? Buffer.concat(chunks) : null);
            controller.close();
            return;
          }
          size += value.byteLength;
          if (size <= upTo) chunks.push(value);
          else chunks.length = 0;
          controller.enqueue(value);
        } catch (error) {
          report(null);
          controller.error(error);
        }
      },
      cancel(reason) {
        report(null);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A kept gzip unpacked on the way out, a slice at a time, so that a multi-megabyte list never holds the
 * thread; `plainWhole`, when given, hears the whole plain text once it went out (null if it did not).
 */
function unpacked(
  gzipped: Uint8Array<ArrayBuffer>,
  plainWhole?: (plain: Uint8Array<ArrayBuffer> | null) => void,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  const slices = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        // Between two slices the server answers whoever else is waiting: a pipe that is never short of
        // room would otherwise unpack the whole list in one go, from one promise to the next.
        if (offset > 0) await new Promise((resume) => setImmediate(resume));
        controller.enqueue(gzipped.subarray(offset, offset + UNPACK_SLICE_BYTES));
        offset += UNPACK_SLICE_BYTES;
        if (offset >= gzipped.byteLength) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const plain = slices.pipeThrough(new DecompressionStream("gzip"));
  return plainWhole ? collected(plain, MAX_KEPT_BYTES, plainWhole) : plain;
}

/** The plain size of a gzip, from its trailer (modulo 4 GiB, far above any kept answer). */
function unpackedSize(gzipped: Uint8Array): number {
  return new DataView(gzipped.buffer, gzipped.byteOffset + gzipped.byteLength - 4, 4).getUint32(0, true);
}

/**
 * A JSON response, compressed when the client accepts it. A kept gzip with no plain form goes to a client
 * without gzip unpacked on the way; `plainWhole`, when given, hears its plain text once it went out.
 */
export function jsonResponse(
  request: Request,
  { body, gzipped }: JsonBody,
  headers: Record<string, string>,
  status = 200,
  plainWhole?: (plain: Uint8Array<ArrayBuffer> | null) => void,
): Response {
  const all: Record<string, string> = {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    vary: "Accept-Encoding",
  };
  if (gzipped && acceptsGzip(request)) {
    all["content-encoding"] = "gzip";
    return new Response(gzipped, { status, headers: all });
  }
  if (body === null && gzipped) return new Response(unpacked(gzipped, plainWhole), { status, headers: all });
  return new Response(body, { status, headers: all });
}

/** A JSON answer streamed in stretches (src/read-model/whole-list.ts), compressed on the way when the client accepts it. */
export function compressedStream(
  request: Request,
  response: Response,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  if (!response.body || !acceptsGzip(request)) return new Response(response.body, { status: response.status, headers });
  headers.set("content-encoding", "gzip");
  headers.set("vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status: response.status, headers });
}

export function createResponseCache(ctx: AppContext) {
  const bootId = Math.floor(ctx.clock.now().getTime() % 1e9).toString(36) + Math.random().toString(36).slice(2, 6);
  const changes = ctx.sqlite.query<{ changes: number }, []>("SELECT total_changes() AS changes");
  const dataVersion = ctx.sqlite.query<{ data_version: number }, []>("PRAGMA data_version");
  const resourceVersions = ctx.sqlite.query<{ resource: string; version: number }, []>(
    "SELECT resource, version FROM data_versions",
  );
  const entries = new Map<string, Entry>();
  // The version a request saw before its handler ran: what it computes is kept under that one, so a
  // write that lands meanwhile can only make the kept answer stale, never mislabel it as newer.
  const seen = new WeakMap<Request, { key: string; version: string }>();
  // One computation per list and version: callers that miss while it runs wait for its answer.
  const inFlight = new Map<string, Computation>();
  // The computation each request runs: when a newer version's computation takes its key meanwhile (a
  // list reader computes while this thread answers others), the older one's waiters are still released.
  const owned = new WeakMap<Request, Computation>();
  // Requests whose answer is still streaming: their computation ends with the stream, not the handler.
  const streaming = new WeakSet<Request>();
  // The kept answers whose plain form a client without gzip is having unpacked to keep: one at a time, so
  // that sixteen such clients arriving together do not hold sixteen copies of it. Per entry, not per list:
  // a client that never reads its answer holds back only the version it was sent.
  const unpacking = new WeakSet<Entry>();
  let cachedBytes = 0;

  function currentVersion(resources: readonly Resource[] | undefined): string {
    if (!resources)
      return `${bootId}.${changes.get()?.changes ?? 0}.${dataVersion.get()?.data_version ?? 0}.${ctx.clock.today()}`;
    const versions = new Map(resourceVersions.all().map((row) => [row.resource, row.version]));
    const read = [...resources, "settings"];
    return `${bootId}.${read.map((resource) => versions.get(resource) ?? 0).join("-")}.${ctx.clock.today()}`;
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    cachedBytes -= entry.bytes;
    entries.delete(key);
  }

  function keep(key: string, entry: Entry) {
    forget(key);
    if (entry.bytes > MAX_KEPT_BYTES) return;
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of entries.keys()) {
      if (cachedBytes + entry.bytes <= MAX_CACHED_BYTES) break;
      forget(oldest);
    }
    entries.set(key, entry);
    cachedBytes += entry.bytes;
  }

  /** Keeps `kept` under the key and version `lookup` saw, and answers `sent` (by default the same). */
  function keepAndAnswer(request: Request, kept: JsonBody, headers: Record<string, string>, sent: JsonBody = kept) {
    const { key, version } = seen.get(request) ?? { key: undefined, version: currentVersion(undefined) };
    if (key !== undefined)
      keep(key, { version, ...kept, bytes: (kept.body?.length ?? 0) + (kept.gzipped?.byteLength ?? 0) });
    settle(request);
    return jsonResponse(request, sent, { ...headers, ...cacheHeaders(version) });
  }

  /** Once a request is answered (or failed): callers waiting on its computation go on. */
  function settle(request: Request) {
    if (streaming.has(request)) return;
    const computation = owned.get(request);
    if (!computation) return;
    owned.delete(request);
    const key = seen.get(request)?.key;
    if (key !== undefined && inFlight.get(key) === computation) inFlight.delete(key);
    computation.finish();
  }

  const cacheHeaders = (version: string) => ({ etag: `W/"${version}"`, "cache-control": "private, no-cache" });

  function current(key: string, version: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry?.version === version) return entry;
    forget(key);
    return undefined;
  }

  /**
   * The plain form of a list kept gzipped only, once a client without gzip had it unpacked: kept beside
   * the gzip when both fit, so that the next such client is answered from memory too.
   */
  function keepPlainBeside(key: string, version: string, plain: Uint8Array<ArrayBuffer>) {
    const entry = entries.get(key);
    if (entry?.version !== version || entry.body !== null || entry.bytes + plain.byteLength > MAX_KEPT_BYTES) return;
    keep(key, { ...entry, body: plain, bytes: entry.bytes + plain.byteLength });
  }

  /** What keeps the plain form of a gzip-only answer being unpacked: nothing when it would not fit or is already on its way. */
  function plainKeeper(key: string, entry: Entry) {
    if (entry.body !== null || !entry.gzipped || unpacking.has(entry)) return undefined;
    if (entry.bytes + unpackedSize(entry.gzipped) > MAX_KEPT_BYTES) return undefined;
    unpacking.add(entry);
    return (plain: Uint8Array<ArrayBuffer> | null) => {
      unpacking.delete(entry);
      if (plain) keepPlainBeside(key, entry.version, plain);
    };
  }

  return {
    /**
     * Before the handler: a 304 when the client holds the current version, the kept answer when there
     * is one (waiting for a computation already running), else undefined: the handler runs and `store`
     * keeps what it answered.
     */
    async lookup(request: Request, key: string, reads: readonly Resource[]): Promise<Response | undefined> {
      const version = currentVersion(reads);
      seen.set(request, { key, version });
      const headers = cacheHeaders(version);
      if (request.headers.get("if-none-match") === headers.etag) return new Response(null, { status: 304, headers });
      const running = inFlight.get(key);
      // Bounded: a computation that never reports back must not hold its waiters forever.
      if (running?.version === version) await Promise.race([running.done, Bun.sleep(MAX_WAIT_MS)]);
      const entry = current(key, version);
      if (entry)
        return jsonResponse(request, entry, headers, 200, acceptsGzip(request) ? undefined : plainKeeper(key, entry));
      if (!inFlight.has(key) || inFlight.get(key)?.version !== version) {
        let finish = () => {};
        const done = new Promise<void>((resolve) => {
          finish = resolve;
        });
        const computation = { version, done, finish };
        inFlight.set(key, computation);
        owned.set(request, computation);
      }
      return undefined;
    },

    /** After the handler: keeps the answer's JSON text (under the key and version `lookup` saw) and sends it. */
    store(request: Request, text: string, headers: Record<string, string>): Response {
      const { body, gzipped } = encodeJson(text);
      return keepAndAnswer(
        request,
        { body: gzipped && body.length > KEEP_PLAIN_UP_TO_BYTES ? null : body, gzipped },
        headers,
        {
          body,
          gzipped,
        },
      );
    },

    /** A list that built its own gzip (src/read-model/gzipped-list.ts): kept as it came. */
    storeGzipped(request: Request, gzipped: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
      return keepAndAnswer(request, { body: null, gzipped }, headers);
    },

    /** A list computed by a list reader (src/read-model/list-readers.ts): kept as it came when it succeeded, passed on when not. */
    storeRead(request: Request, read: ReadList, headers: Record<string, string>): Response {
      if (read.status !== 200) {
        settle(request);
        return new Response(read.body, { status: read.status, headers: read.headers });
      }
      const encoded =
        read.headers.get("content-encoding") === "gzip"
          ? { body: null, gzipped: read.body }
          : { body: new TextDecoder().decode(read.body), gzipped: null };
      return keepAndAnswer(request, encoded, headers);
    },

    /**
     * A whole list streamed in stretches: passed on as it is built, and kept gzipped once it went out whole
     * and fits the cache, whether its client takes gzip or not (a client without gzip gets the gzip
     * unpacked on the way, and its plain form is kept beside the gzip when both fit). Until the stream
     * ends, callers missing the same list wait for it instead of building it again: sixteen pollers of the
     * whole inventory cost one build, not sixteen. A history too big to keep still streams every time.
     */
    storeStream(request: Request, stream: Response): Response {
      const { key, version } = seen.get(request) ?? { key: undefined, version: currentVersion(undefined) };
      if (key === undefined || !stream.body) {
        settle(request);
        return compressedStream(request, stream, cacheHeaders(version));
      }
      streaming.add(request);
      const ended = () => {
        streaming.delete(request);
        settle(request);
      };
      request.signal.addEventListener("abort", ended, { once: true });
      const gzipped = collected(stream.body.pipeThrough(new CompressionStream("gzip")), MAX_KEPT_BYTES, (whole) => {
        if (whole) keep(key, { version, body: null, gzipped: whole, bytes: whole.byteLength });
        ended();
      });
      const headers = new Headers(stream.headers);
      for (const [name, value] of Object.entries(cacheHeaders(version))) headers.set(name, value);
      headers.set("vary", "Accept-Encoding");
      if (acceptsGzip(request)) {
        headers.set("content-encoding", "gzip");
        return new Response(gzipped, { status: stream.status, headers });
      }
      const plain = collected(gzipped.pipeThrough(new DecompressionStream("gzip")), MAX_KEPT_BYTES, (whole) => {
        if (whole) keepPlainBeside(key, version, whole);
      });
      return new Response(plain, { status: stream.status, headers });
    },

    settle,
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
