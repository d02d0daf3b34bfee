// A thread that computes the polled lists on a cache miss (see list-readers.ts), on its own connection.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { createApp } from "../app";
import { createClock } from "../clock";
import type { AppContext } from "../context";
import { connectDatabase } from "../db/client";
import { createWriteGate } from "../db/write-gate";
import { createServerMetrics } from "../http/metrics";
import { createLogger } from "../logger";
import { createPasswordHasher } from "../modules/auth/passwords";
import { createEventBus } from "../modules/events/service";
import type {
  ListReadAnswer,
  ListReaderMessage,
  ListReaderReport,
  ListReaderSetup,
  ListReadTask,
} from "./list-readers";

declare const self: Worker;

/** The reader's side: its own context on its own connection, and the routes without the response cache. */
function createListReader(setup: ListReaderSetup) {
  const { db, sqlite } = connectDatabase(setup.file);
  const ctx: AppContext = {
    db,
    sqlite,
    clock: createClock({ timeZone: setup.timeZone }),
    // The server logs every request it answers; a reader reports only its failures.
    logger: createLogger("error"),
    passwords: createPasswordHasher(),
    jwtSecret: setup.jwtSecret,
    appName: setup.appName,
    metrics: createServerMetrics(),
    events: createEventBus(),
    writes: createWriteGate(),
    overdueCheckMinutes: 0,
    trustProxy: setup.trustProxy,
    publicUrl: setup.publicUrl,
  };
  const app = createApp(ctx, { ui: null, listCache: false });
  return async (task: ListReadTask): Promise<ListReadAnswer> => {
    try {
      ctx.clock.travelTo(new Date(task.now));
      const response = await app.handle(new Request(task.url, { headers: task.headers }));
      const body = new Uint8Array(await response.arrayBuffer());
      return { id: task.id, status: response.status, headers: [...response.headers], body };
    } catch (error) {
      return { id: task.id, failed: error instanceof Error ? error.message : String(error) };
    }
  };
}

let readList: ((task: ListReadTask) => Promise<ListReadAnswer>) | undefined;

self.onmessage = async (event: MessageEvent<ListReaderMessage>) => {
  const message = event.data;
  if ("setup" in message) {
    readList = createListReader(message.setup);
    self.postMessage({ ready: true } satisfies ListReaderReport);
    return;
  }
  const answer = readList
    ? await readList(message)
    : ({ id: message.id, failed: "the reader has not been set up" } satisfies ListReadAnswer);
  // The answer's bytes move to the server's thread instead of being copied there.
  self.postMessage(answer, "body" in answer ? [answer.body.buffer] : []);
};
