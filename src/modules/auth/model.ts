import { type Static, t } from "elysia";
import { answerInteger, idParams, oneOf, pagedAnswer, pageQueryFields, timestampText } from "../schemas";

/**
 * Sign-in, registration, password resets and the users list. Text fields are optional and nullable on the
 * way in: the service trims them and answers the field's own Italian message when one is missing or blank
 * (a schema cannot say "blank"), so the first missing field is named, in the form's order.
 */
const optionalText = t.Optional(t.Nullable(t.String({ error: "Dati non validi" })));

export const ROLES = ["user", "admin"] as const;

const profileFields = {
  name: optionalText,
  surname: optionalText,
  email: optionalText,
  username: optionalText,
  matricola: optionalText,
  phone: optionalText,
  corso_accademico: optionalText,
};

export const INVALID_RESET_LINK =
  "Il link per reimpostare la password non è valido, è già stato usato o è scaduto: chiedine uno nuovo";

export const userParams = idParams("Utente non valido");

export const loginBody = t.Object(
  {
    email: optionalText,
    username: optionalText,
    password: t.Optional(t.String({ error: "Dati non validi" })),
  },
  { error: "Inserisci email o nome utente e password" },
);

export const registrationBody = t.Object(
  {
    ...profileFields,
    password: optionalText,
    ruolo: t.Optional(t.Nullable(oneOf(ROLES, "Ruolo non valido"), { error: "Ruolo non valido" })),
    role: t.Optional(t.Nullable(oneOf(ROLES, "Ruolo non valido"), { error: "Ruolo non valido" })),
  },
  { error: "Dati di registrazione non validi" },
);

export const profileBody = t.Object(profileFields, { error: "Dati non validi" });

export const forgotPasswordBody = t.Object({ email: optionalText }, { error: "Inserisci la tua email" });

export const resetWithLinkBody = t.Object(
  {
    token: t.String({ minLength: 1, maxLength: 200, error: INVALID_RESET_LINK }),
    password: optionalText,
  },
  { error: "Indica il link ricevuto e la nuova password" },
);

export const adminResetBody = t.Object(
  { email: optionalText, newPassword: optionalText },
  { error: "Dati non validi" },
);
export const newPasswordBody = t.Object({ newPassword: optionalText }, { error: "Dati non validi" });
export const ownPasswordBody = t.Object(
  { password_attuale: optionalText, nuova_password: optionalText },
  { error: "Indica la password attuale e quella nuova" },
);

export const userListQuery = t.Object({
  ruolo: t.Optional(oneOf([...ROLES, ""], "Ruolo non valido")),
  cerca: t.Optional(t.String({ maxLength: 100, error: "Testo di ricerca troppo lungo (massimo 100 caratteri)" })),
  ...pageQueryFields,
});

/** The user as every answer shows it: never the password hash nor the session version. */
export const publicUserView = t.Object({
  id: answerInteger(),
  name: t.String(),
  surname: t.String(),
  email: t.String(),
  username: t.Nullable(t.String()),
  matricola: t.Nullable(t.String()),
  phone: t.Nullable(t.String()),
  corso_accademico: t.Nullable(t.String()),
  ruolo: t.UnionEnum(ROLES),
  isAdmin: t.Boolean(),
  penalty_strikes: answerInteger(),
  is_blocked: t.Boolean(),
  blocked_reason: t.Nullable(t.String()),
  created_at: timestampText,
  /** "oidc" or "ldap" when the academy's directory owns the account: its name, course and role follow it. */
  directory: t.Nullable(t.UnionEnum(["oidc", "ldap"])),
  directory_synced_at: t.Nullable(timestampText),
  /** The account's last valid day; after it the student cannot book. */
  valido_fino_al: t.Nullable(t.String()),
  /** A directory account with no course yet: the student is asked to choose one. */
  scelta_corso: t.Boolean(),
});

export const signedInAnswer = t.Object({ token: t.String(), user: publicUserView });
export const meAnswer = t.Object({ user: publicUserView });
/** A password change ends every session, so the answer carries the caller's new one. */
export const passwordChangedAnswer = t.Object({ message: t.String(), token: t.String(), user: publicUserView });
/** Public sign-up signs the student in; an administrator's new-user form only creates the account. */
export const registrationAnswer = t.Union([signedInAnswer, t.Object({ user: publicUserView, message: t.String() })]);
export const forgotPasswordAnswer = t.Object({ per_email: t.Boolean(), message: t.String() });

export const resetRequestView = t.Object({
  id: answerInteger(),
  email: t.String(),
  user_name: t.String(),
  user_surname: t.String(),
  user_email: t.String(),
  requested_at: timestampText,
});

/** One page of Gestione Utenti, with how many users each tab (students, administrators) holds whatever the search. */
export const userPage = t.Composite([
  pagedAnswer(publicUserView),
  t.Object({ per_ruolo: t.Object({ user: answerInteger(), admin: answerInteger() }) }),
]);
export const userListAnswer = t.Union([t.Array(publicUserView), userPage]);

export type Role = (typeof ROLES)[number];
export type PublicUser = Static<typeof publicUserView>;
export type LoginBody = Static<typeof loginBody>;
export type RegistrationInput = Static<typeof registrationBody>;
export type ProfileInput = Static<typeof profileBody>;
export type UserListQuery = Static<typeof userListQuery>;
export type UserPage = Static<typeof userPage>;
export type ResetRequestView = Static<typeof resetRequestView>;
export type SignedInAnswer = Static<typeof signedInAnswer>;
export type ForgotPasswordAnswer = Static<typeof forgotPasswordAnswer>;
