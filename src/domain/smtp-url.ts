/**
 * What the settings show in place of the mail server's password. Sent back unchanged, it means "keep the
 * stored one", so the settings form can save every field without ever holding the password.
 */
export const HIDDEN_SMTP_PASSWORD = "****";

export const SMTP_PASSWORD_NOT_KEPT =
  "La password del server di posta è nascosta (****): scrivila di nuovo per un server o un utente diversi";

/** The mail server's address with its password, when it has one, shown as ****. */
export function hideSmtpPassword(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password === "") return smtpUrl;
  url.password = HIDDEN_SMTP_PASSWORD;
  return url.toString();
}

/**
 * The address to store when `sent` comes from the settings form: unchanged when it names its own password
 * (or none); with the stored password in place of ****, when the server and the user are the stored
 * ones; null when **** stands for a password there is no reason to hand to that server.
 */
export function withStoredSmtpPassword(sent: string, stored: string | null): string | null {
  // Not an address at all: the settings' own check says so.
  const url = URL.canParse(sent) ? new URL(sent) : null;
  if (url?.password !== HIDDEN_SMTP_PASSWORD) return sent;
  const previous = stored === null ? null : new URL(stored);
  if (!previous || previous.password === "" || previous.host !== url.host || previous.username !== url.username)
    return null;
  url.password = previous.password;
  return url.toString();
}
