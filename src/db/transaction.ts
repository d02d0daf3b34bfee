import type { Db } from "./client";

/** The handle a write transaction's callback receives (a drizzle transaction on the same connection). */
export type WriteTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Every write transaction of the server goes through here. `BEGIN IMMEDIATE` takes SQLite's write lock
 * before the first read, so another connection writing at the same time (a second worker, the
 * command line's backup or migrate) makes this one wait on `busy_timeout`. A deferred transaction would
 * read first and fail with SQLITE_BUSY the moment it tried to write after the other one committed,
 * and waiting cannot fix that: its snapshot is already stale.
 * Nested calls on a transaction become savepoints, as drizzle does.
 */
export function writeTransaction<T>(db: Db | WriteTx, work: (tx: WriteTx) => T): T {
  return db.transaction(work, { behavior: "immediate" });
}
