import type { DeskEvent } from "./model";

type Listener = (event: DeskEvent) => void;

/** Whose stream it is, and whether the session it was opened with is still alive (read when asked). */
export interface StreamOwner {
  userId: number;
  sessionIsCurrent(): boolean;
}

interface Subscription {
  owner: StreamOwner;
  close(): void;
}

/**
 * The live desk's fan-out, in this process. Publishing with no one listening costs a loop over an
 * empty set; a listener costs nothing until something is published (no timers, no polling).
 */
export interface EventBus {
  /** Delivers to every stream whose session is still alive; the others are closed instead. */
  publish(event: DeskEvent): void;
  subscribe(owner: StreamOwner, listener: Listener, onClose: () => void): () => void;
  readonly listeners: number;
  /** How many streams this user holds open. */
  streamsOf(userId: number): number;
  /**
   * Closes every stream whose session has ended. Called right after a write that ends sessions, so the
   * reader sees its stream end at once rather than at the next event.
   */
  closeEndedSessions(): void;
  /** Ends every open stream (at shutdown: a stream never ends by itself and would hold the server up). */
  closeAll(): void;
}

export function createEventBus(): EventBus {
  const subscriptions = new Map<Listener, Subscription>();
  const end = (listener: Listener, subscription: Subscription) => {
    subscriptions.delete(listener);
    subscription.close();
  };
  return {
    publish(event) {
      for (const [listener, subscription] of subscriptions) {
        if (subscription.owner.sessionIsCurrent()) listener(event);
        else end(listener, subscription);
      }
    },
    subscribe(owner, listener, onClose) {
      subscriptions.set(listener, { owner, close: onClose });
      return () => subscriptions.delete(listener);
    },
    get listeners() {
      return subscriptions.size;
    },
    streamsOf(userId) {
      let open = 0;
      for (const { owner } of subscriptions.values()) if (owner.userId === userId) open++;
      return open;
    },
    closeEndedSessions() {
      for (const [listener, subscription] of subscriptions)
        if (!subscription.owner.sessionIsCurrent()) end(listener, subscription);
    },
    closeAll() {
      for (const { close } of subscriptions.values()) close();
      subscriptions.clear();
    },
  };
}

const encoder = new TextEncoder();

export function serverSentEvent(event: DeskEvent): Uint8Array {
  return encoder.encode(`event: ${event.tipo}\ndata: ${JSON.stringify(event)}\n\n`);
}

/** A text/event-stream body that carries every published event until the client goes away or its session ends. */
export function eventStream(bus: EventBus, owner: StreamOwner): ReadableStream<Uint8Array> {
  let unsubscribe = () => {};
  return new ReadableStream({
    start(controller) {
      // A comment first, so the client knows at once that the stream is open.
      controller.enqueue(encoder.encode(": connesso\n\n"));
      unsubscribe = bus.subscribe(
        owner,
        (event) => controller.enqueue(serverSentEvent(event)),
        () => controller.close(),
      );
    },
    cancel() {
      unsubscribe();
    },
  });
}
