import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { publicBaseUrl } from "../counter/documents";
import { fileAnswer, messageAnswer } from "../schemas";
import { feedLink, feedParams, loanParams } from "./model";
import { feedCalendar, feedUrl, loanCalendar, revokeFeed } from "./service";

export function calendarModule(ctx: AppContext, tokens: TokenService) {
  return (
    new Elysia()
      .use(authPlugin(tokens))
      .get("/calendario", ({ actor, request }) => feedUrl(ctx, actor, publicBaseUrl(ctx, request)), {
        auth: "signed-in",
        response: feedLink,
      })
      .delete("/calendario", ({ actor }) => revokeFeed(ctx, actor), { auth: "signed-in", response: messageAnswer })
      // Public: a calendar application asks with the token in the address, never with a session.
      .get(
        "/calendario/:token",
        ({ params, request }) => feedCalendar(ctx, params.token, publicBaseUrl(ctx, request)),
        {
          params: feedParams,
          detail: fileAnswer("text/calendar", "Il calendario iCal dei prestiti dello studente"),
        },
      )
      .get(
        "/prestiti/:id/ics",
        ({ actor, params, request }) => loanCalendar(ctx, actor, Number(params.id), publicBaseUrl(ctx, request)),
        {
          auth: "signed-in",
          params: loanParams,
          detail: fileAnswer("text/calendar", "Il prestito come evento iCal"),
        },
      )
  );
}
