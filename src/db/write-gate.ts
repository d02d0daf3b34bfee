/**
 * Holds this server's write requests back while another thread (the spreadsheet import's worker) holds
 * SQLite's write lock. A write that met that lock inside SQLite would wait for it synchronously
 * (busy_timeout): the whole server would stop answering, and the write would fail after 5 s. Waiting
 * here costs the server nothing: reads go on being answered meanwhile.
 */
export interface WriteGate {
  /** Before a write request's handler: waits while the gate is closed, then counts the request in. */
  enter(): Promise<void>;
  /** Once that request is answered. */
  leave(): void;
  /** Closes the gate, and resolves once the writes already past it are answered (or after a while). */
  close(): Promise<void>;
  open(): void;
  /** Runs `work` as one write past the gate: for writes that are not requests (timed jobs, the outbox). */
  hold<T>(work: () => T): Promise<T>;
}

/** A write already past the gate and not answered after this long is not waited for any more. */
const DRAIN_LIMIT_MS = 10_000;

export function createWriteGate(): WriteGate {
  let writers = 0;
  let closed: PromiseWithResolvers<void> | undefined;
  let drained: PromiseWithResolvers<void> | undefined;
  const gate: WriteGate = {
    async enter() {
      while (closed) await closed.promise;
      writers++;
    },
    leave() {
      writers = Math.max(0, writers - 1);
      if (writers === 0) drained?.resolve();
    },
    async close() {
      closed ??= Promise.withResolvers();
      if (writers === 0) return;
      drained = Promise.withResolvers();
      let timer: Timer | undefined;
      await Promise.race([drained.promise, new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_LIMIT_MS)))]);
      clearTimeout(timer);
      drained = undefined;
    },
    open() {
      closed?.resolve();
      closed = undefined;
    },
    async hold(work) {
      // While the gate is open the work runs at once, before this call returns.
      if (closed) await gate.enter();
      else writers++;
      try {
        return work();
      } finally {
        gate.leave();
      }
    },
  };
  return gate;
}
