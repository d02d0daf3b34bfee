// Why the academy sign-in could not even start, by code: the server redirects a browser that followed the
// sign-in button back to the app with `#accesso_errore=<code>`, and the sign-in screen shows the text.
// A code, not the text itself, so that a link cannot make the sign-in screen say whatever it carries.

export const OIDC_OFF = "L'accesso con l'account dell'Accademia non è configurato";
export const NO_PUBLIC_ADDRESS =
  "L'accesso con l'account dell'Accademia richiede l'indirizzo pubblico di PrestaLab (URL pubblico nelle impostazioni o PUBLIC_URL)";
export const PROVIDER_DOWN =
  "Il servizio di accesso dell'Accademia non risponde: riprova tra poco, o accedi con la password se ne hai una";

export const ACADEMY_SIGN_IN_ERRORS = {
  oidc_non_configurato: OIDC_OFF,
  indirizzo_pubblico_mancante: NO_PUBLIC_ADDRESS,
  servizio_non_raggiungibile: PROVIDER_DOWN,
} as const;

export type AcademySignInError = keyof typeof ACADEMY_SIGN_IN_ERRORS;

/** The text of a code from the address, or a general one for a code this version does not know. */
export function academySignInErrorText(code: string): string {
  return (
    ACADEMY_SIGN_IN_ERRORS[code as AcademySignInError] ??
    "L'accesso con l'account dell'Accademia non è riuscito: riprova, o accedi con la password se ne hai una"
  );
}

/** The code of one of these messages, null for any other. */
export function academySignInErrorCode(message: string): AcademySignInError | null {
  const entry = Object.entries(ACADEMY_SIGN_IN_ERRORS).find(([, text]) => text === message);
  return entry ? (entry[0] as AcademySignInError) : null;
}
