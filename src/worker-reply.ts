import { type WORKER_SOURCES, workerAddress } from "./worker-address";

/**
 * Sends `task` to a new thread of `worker` and answers its one reply. The thread ends with that reply or
 * with its error, so that what it loaded (a decoded photo, the PDF drawing) is given back at once.
 */
export function workerReply<Answer>(
  worker: keyof typeof WORKER_SOURCES,
  task: unknown,
  transfer: Transferable[] = [],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(workerAddress(worker));
    thread.onmessage = (event: MessageEvent<Answer>) => {
      thread.terminate();
      resolve(event.data);
    };
    thread.onerror = (event) => {
      thread.terminate();
      reject(new Error(event.message));
    };
    thread.postMessage(task, transfer);
  });
}
