import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { messageAnswer } from "../schemas";
import { notificationList, notificationParams } from "./model";
import { deleteNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from "./service";

/** A signed-in person's own stored notifications (the desk's drawer is built from its lists instead). */
export function notificationsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/notifiche" })
    .use(authPlugin(tokens))
    .get("", ({ actor }) => listNotifications(ctx, actor), { auth: "signed-in", response: notificationList })
    .put(
      "/tutte-lette",
      ({ actor }) => {
        markAllNotificationsRead(ctx, actor);
        return { message: "Notifiche segnate come lette" };
      },
      { auth: "signed-in", response: messageAnswer },
    )
    .put(
      "/:id/letta",
      ({ actor, params }) => {
        markNotificationRead(ctx, actor, Number(params.id));
        return { message: "Notifica segnata come letta" };
      },
      { auth: "signed-in", params: notificationParams, response: messageAnswer },
    )
    .delete(
      "/:id",
      ({ actor, params }) => {
        deleteNotification(ctx, actor, Number(params.id));
        return { message: "Notifica eliminata" };
      },
      { auth: "signed-in", params: notificationParams, response: messageAnswer },
    );
}
