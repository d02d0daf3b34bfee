// One call from its own thread and its own SQLite connection, for raceAtOnce in ./race.ts: a student's booking
// (an "any unit" request, or a set with `path` /api/prenotazioni), a withdrawal with `method` DELETE, or the
// desk extending a loan with PUT. It waits at the gate until the test releases every thread at once.
import { createTestClient, createTestContext } from "./harness";

declare const self: Worker;

interface Ask {
  file: string;
  now: string;
  gate: Int32Array;
  token: string;
  body: Record<string, unknown>;
  path?: string;
  method?: "POST" | "PUT" | "DELETE";
}

self.onmessage = async (event: MessageEvent<Ask>) => {
  const { file, now, gate, token, body, path = "/api/richieste", method = "POST" } = event.data;
  const client = createTestClient(createTestContext(new Date(now), file));
  try {
    // Ready once the app is built and its connection open: the test waits for every thread before it opens the gate.
    self.postMessage({ ready: true });
    Atomics.wait(gate, 0, 0);
    const answer = await client.call(method, path, { body: method === "DELETE" ? undefined : body, token });
    self.postMessage({ status: answer.status, body: answer.body });
  } finally {
    client.ctx.sqlite.close();
  }
};
