import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, sessionIsCurrent, type TokenService } from "../../http/auth";
import { HttpError } from "../../http/errors";
import { fileAnswer } from "../schemas";
import { eventStream } from "./service";

/** A desk person rarely has more than a few tabs open; more streams only hold the server's memory. */
export const MAX_STREAMS_PER_USER = 5;

export function eventsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia().use(authPlugin(tokens)).get(
    "/eventi",
    ({ actor, request, server }) => {
      if (ctx.events.streamsOf(actor.id) >= MAX_STREAMS_PER_USER)
        throw new HttpError(
          429,
          `Aggiornamenti in tempo reale già aperti in ${MAX_STREAMS_PER_USER} schede: chiudine una per riceverli anche qui`,
        );
      // An idle stream is the normal state: Bun's idle timeout must not cut it.
      server?.timeout(request, 0);
      const owner = { userId: actor.id, sessionIsCurrent: () => sessionIsCurrent(ctx, actor) };
      return new Response(eventStream(ctx.events, owner), {
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
          "(tipo: richiesta, segnalazione, restituzione, blocco). Il flusso si chiude quando la sessione finisce " +
          `(cambio o reimpostazione della password); al massimo ${MAX_STREAMS_PER_USER} flussi aperti per utente, ` +
          "oltre risponde 429.",
      ),
    },
  );
}
