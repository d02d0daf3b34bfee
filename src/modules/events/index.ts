import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { fileAnswer } from "../schemas";
import { eventStream } from "./service";

export function eventsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia().use(authPlugin(tokens)).get(
    "/eventi",
    ({ request, server }) => {
      // An idle stream is the normal state: Bun's idle timeout must not cut it.
      server?.timeout(request, 0);
      return new Response(eventStream(ctx.events), {
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          // Tells a reverse proxy (nginx) not to buffer the stream.
          "x-accel-buffering": "no",
        },
      });
    },
    {
      auth: "admin",
      detail: fileAnswer(
        "text/event-stream",
        "Flusso di eventi per il banco: ogni evento ha `event: <tipo>` e `data:` con il JSON { tipo, id, testo } " +
          "(tipo: richiesta, segnalazione, restituzione, blocco).",
      ),
    },
  );
}
