import { type Static, t } from "elysia";
import { NOTIFICATION_KINDS } from "../../db/schema";
import { answerInteger, idParams, timestampText } from "../schemas";

export const notificationParams = idParams("Notifica non valida");

export const notificationView = t.Object({
  id: answerInteger(),
  tipo: t.UnionEnum(NOTIFICATION_KINDS),
  titolo: t.String(),
  messaggio: t.String(),
  link: t.Nullable(t.String()),
  letta: t.Boolean(),
  created_at: timestampText,
});

export const notificationList = t.Object({
  notifiche: t.Array(notificationView),
  non_lette: answerInteger(),
});

export type NotificationView = Static<typeof notificationView>;
export type NotificationList = Static<typeof notificationList>;
