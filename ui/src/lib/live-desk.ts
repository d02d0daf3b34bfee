import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getToken } from "./api";

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/** The blocks of a text/event-stream read so far, and what is left of an unfinished one. */
export function splitEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  // Comment blocks (": connesso") only say the stream is open.
  return { events: blocks.filter((block) => /^event: /m.test(block)), rest };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The desk's live stream (GET /api/eventi): each push — a new request, report, return or block — makes
 * the screens on show fetch again at once, so the dashboard, Prestiti and the drawer update without a
 * reload and the drawer's desktop alerts fire. It reads the stream through fetch, since EventSource cannot
 * send the token, and reconnects by itself with a growing pause; the screens' 300-second poll stays as
 * the fallback while it is down.
 */
export function useLiveDesk() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    async function listen() {
      let retryMs = FIRST_RETRY_MS;
      let reconnecting = false;
      while (!signal.aborted) {
        const token = getToken();
        if (!token) return;
        try {
          const response = await fetch("/api/eventi", { headers: { Authorization: `Bearer ${token}` }, signal });
          // Signed out, no longer an administrator, or a server without the stream: retrying cannot help.
          if (response.status >= 400 && response.status < 500) return;
          if (response.ok && response.body) {
            retryMs = FIRST_RETRY_MS;
            // Whatever happened while the stream was down is fetched now.
            if (reconnecting) void queryClient.invalidateQueries();
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              const { events, rest } = splitEvents(buffer + value);
              buffer = rest;
              if (events.length > 0) void queryClient.invalidateQueries();
            }
          }
        } catch {
          // A dropped connection or a server restart: try again below.
        }
        if (signal.aborted) return;
        reconnecting = true;
        await pause(retryMs, signal);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      }
    }
    void listen();
    return () => controller.abort();
  }, [queryClient]);
}
