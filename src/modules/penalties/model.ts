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

/** The most strikes one penalty may carry, by hand as by the scale's last step. */
export const MAX_PENALTY_STRIKES = 10;
const strikesField = t.Integer({
  minimum: 1,
  maximum: MAX_PENALTY_STRIKES,
  error: `Le penalità vanno da 1 a ${MAX_PENALTY_STRIKES}`,
});
const reasonField = t.String({ maxLength: 500, error: "Il motivo è un testo di al massimo 500 caratteri" });

/** A penalty the desk gives by hand (damage, misuse): who, how many strikes, why. */
export const manualPenaltyBody = t.Object(
  { userId: unblockBody.properties.userId, strikes: strikesField, motivo: reasonField },
  { error: "Indica utente, penalità e motivo" },
);

/** A correction of one penalty: its strikes, its reason, or both. */
export const penaltyChangeBody = t.Object(
  { strike_assegnati: t.Optional(strikesField), motivo: t.Optional(reasonField) },
  { error: "Dati della penalità non validi" },
);

export const penaltyParams = t.Object({ id: idParams("Penalità non valida").properties.id });

export const penaltyChangeAnswer = t.Object({
  message: t.String(),
  penalty: t.Nullable(penaltyView),
  user: unblockAnswer.properties.user,
});

export const penaltyStatsAnswer = t.Object({
  /** Students whose strikes count now. */
  total_users_with_penalties: answerInteger(),
  blocked_users: answerInteger(),
  /** Every penalty in the history, cleared ones included. */
  total_penalties: answerInteger(),
  /** Average days late of the penalties for a late return, to one decimal; 0 with none. */
  avg_delay_days: t.Number(),
  total_strikes_assigned: answerInteger(),
});

export type ManualPenaltyInput = Static<typeof manualPenaltyBody>;
export type PenaltyChangeInput = Static<typeof penaltyChangeBody>;
export type PenaltyChangeAnswer = Static<typeof penaltyChangeAnswer>;
export type PenaltyStats = Static<typeof penaltyStatsAnswer>;
