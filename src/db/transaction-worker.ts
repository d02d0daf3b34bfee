// A second connection for transaction.test.ts, in its own thread: it reads inside a write transaction,
// says so, and writes only once the test has let another connection try to write in between.
import { openDatabase } from "./client";
import { writeTransaction } from "./transaction";

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ file: string; gate: Int32Array }>) => {
  const { file, gate } = event.data;
  const { sqlite, db } = openDatabase(file);
  try {
    writeTransaction(db, () => {
      const before = sqlite.query("SELECT n FROM tally").get() as { n: number };
      self.postMessage({ read: before.n });
      Atomics.wait(gate, 0, 0);
      sqlite.query("UPDATE tally SET n = ?").run(before.n + 1);
    });
    self.postMessage({ committed: true });
  } catch (error) {
    self.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    sqlite.close();
  }
};
