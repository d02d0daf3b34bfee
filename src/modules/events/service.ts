import type { DeskEvent } from "./model";

type Listener = (event: DeskEvent) => void;

/**
 * The live desk's fan-out, in this process. Publishing with no one listening costs a loop over an
 * empty set; a listener costs nothing until something is published (no timers, no polling).
 */
export interface EventBus {
  publish(event: DeskEvent): void;
  subscribe(listener: Listener, onClose: () => void): () => void;
  readonly listeners: number;
  /** Ends every open stream (at shutdown: a stream never ends by itself and would hold the server up). */
  closeAll(): void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<Listener, () => void>();
  return {
    publish(event) {
      for (const listener of listeners.keys()) listener(event);
    },
    subscribe(listener, onClose) {
      listeners.set(listener, onClose);
      return () => listeners.delete(listener);
    },
    get listeners() {
      return listeners.size;
    },
    closeAll() {
      for (const close of listeners.values()) close();
      listeners.clear();
    },
  };
}

const encoder = new TextEncoder();

export function serverSentEvent(event: DeskEvent): Uint8Array {
  return encoder.encode(`event: ${event.tipo}\ndata: ${JSON.stringify(event)}\n\n`);
}

/** A text/event-stream body that carries every published event until the client goes away. */
export function eventStream(bus: EventBus): ReadableStream<Uint8Array> {
  let unsubscribe = () => {};
  return new ReadableStream({
    start(controller) {
      // A comment first, so the client knows at once that the stream is open.
      controller.enqueue(encoder.encode(": connesso\n\n"));
      unsubscribe = bus.subscribe(
        (event) => controller.enqueue(serverSentEvent(event)),
        () => controller.close(),
      );
    },
    cancel() {
      unsubscribe();
    },
  });
}
