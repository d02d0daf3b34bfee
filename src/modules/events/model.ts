import { type Static, t } from "elysia";
import { answerInteger } from "../schemas";

export const DESK_EVENT_TYPES = ["richiesta", "segnalazione", "restituzione", "blocco"] as const;

/** One push of the live desk, sent as the JSON of an SSE `data:` line. */
export const deskEvent = t.Object({
  tipo: t.UnionEnum(DESK_EVENT_TYPES),
  /** The request, report, loan or user the event is about. */
  id: answerInteger(),
  /** One line for a person, in Italian. */
  testo: t.String(),
});

export type DeskEvent = Static<typeof deskEvent>;
export type DeskEventType = DeskEvent["tipo"];
