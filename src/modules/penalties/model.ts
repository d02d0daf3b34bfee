import { type Static, t } from "elysia";
import { answerInteger, idParams, timestampText } from "../schemas";

export const penaltyUserParams = t.Object({ userId: idParams("Utente non valido").properties.id });

/** `userId` as a number or as the text of one (both reach this call from existing clients). */
export const unblockBody = t.Object(
  {
    userId: t.Union([t.Integer({ minimum: 1 }), t.String({ pattern: "^[1-9][0-9]{0,14}$" })], {
      error: "Utente non valido",
    }),
    resetStrikes: t.Optional(t.Boolean({ error: "resetStrikes deve essere vero o falso" })),
  },
  { error: "Dati non validi" },
);

export const penaltyView = t.Object({
  id: answerInteger(),
  prestito_id: t.Nullable(answerInteger()),
  articolo_nome: t.String(),
  motivo: t.String(),
  strike_assegnati: answerInteger(),
  giorni_ritardo: answerInteger(),
  created_at: timestampText,
  created_by_name: t.Nullable(t.String()),
  created_by_surname: t.Nullable(t.String()),
  /** When the desk cleared it, or when it expired; the history keeps it. */
  azzerata_at: t.Nullable(timestampText),
});

export const userPenaltiesAnswer = t.Object({
  userInfo: t.Object({
    id: answerInteger(),
    name: t.String(),
    surname: t.String(),
    email: t.String(),
    penalty_strikes: answerInteger(),
    is_blocked: t.Boolean(),
    blocked_reason: t.Nullable(t.String()),
  }),
  penalties: t.Array(penaltyView),
});

export const unblockAnswer = t.Object({
  message: t.String(),
  user: t.Object({ id: answerInteger(), penalty_strikes: answerInteger(), is_blocked: t.Boolean() }),
});

export type UnblockInput = Static<typeof unblockBody>;
export type PenaltyView = Static<typeof penaltyView>;
export type UserPenalties = Static<typeof userPenaltiesAnswer>;
export type UnblockAnswer = Static<typeof unblockAnswer>;
