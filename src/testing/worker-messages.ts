/** The next message a test's worker thread posts. */
export function nextMessage<T>(worker: Worker): Promise<T> {
  return new Promise((resolve) => worker.addEventListener("message", (event) => resolve(event.data), { once: true }));
}
