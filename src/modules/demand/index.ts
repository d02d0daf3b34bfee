import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { messageAnswer } from "../schemas";
import {
  confirmAnswer,
  deskQueue,
  emptySearchBody,
  joinQueueAnswer,
  joinQueueBody,
  waitParams,
  waitView,
} from "./model";
import { recordEmptySearch } from "./searches";
import { confirmHold, deskQueues, joinQueue, leaveQueue, myWaits } from "./waiting-list";

/** What the waiting list's answers read: the queues, and the names of the items and kits waited for. */
const QUEUES = ["demand", "inventory", "sets", "users"] as const;

export function demandModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .post("/domanda/ricerche", ({ actor, body }) => recordEmptySearch(ctx, actor, body), {
      auth: "signed-in",
      body: emptySearchBody,
      response: messageAnswer,
    })
    .post(
      "/attese",
      ({ actor, body, set }) => {
        set.status = 201;
        return joinQueue(ctx, actor, body);
      },
      { auth: "signed-in", body: joinQueueBody, response: { 201: joinQueueAnswer } },
    )
    .get("/attese/mie", ({ actor }) => myWaits(ctx, actor), {
      auth: "signed-in",
      reads: QUEUES,
      response: t.Array(waitView),
    })
    .put("/attese/:id/conferma", ({ actor, params }) => confirmHold(ctx, actor, Number(params.id)), {
      auth: "signed-in",
      params: waitParams,
      response: confirmAnswer,
    })
    .delete("/attese/:id", ({ actor, params }) => leaveQueue(ctx, actor, Number(params.id)), {
      auth: "signed-in",
      params: waitParams,
      response: messageAnswer,
    })
    .get("/attese", () => deskQueues(ctx), { auth: "admin", reads: QUEUES, response: t.Array(deskQueue) });
}
