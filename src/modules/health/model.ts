import { type Static, t } from "elysia";
import { answerInteger, dayText, timestampText } from "../schemas";

/** Public: whether the server answers, its version, and the day it counts in (the UI's "today"). */
export const healthAnswer = t.Object({
  ok: t.Boolean(),
  appName: t.String(),
  version: t.String(),
  build: answerInteger(),
  /** `shifted` while a demo or a test moves the server's clock. */
  clock: t.UnionEnum(["real", "shifted"]),
  now: timestampText,
  today: dayText,
});

export type HealthAnswer = Static<typeof healthAnswer>;
