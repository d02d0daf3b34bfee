// Who may sign in and how: the academy's identity provider (OpenID Connect), its directory (LDAP), the
// password form and self-registration. Pure rules over the `accesso` settings, shared by the server and
// the settings screen.

/** What the settings show in place of a stored secret; sent back unchanged it keeps the stored one. */
export const HIDDEN_SECRET = "****";

export const DEFAULT_OIDC_LABEL = "Accedi con l'account dell'Accademia";

export interface AccessSettings {
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Stored sealed (src/modules/settings/secret-box.ts), shown as ****. */
  oidc_client_secret: string | null;
  oidc_scopes: string;
  oidc_etichetta: string;
  ldap_url: string | null;
  ldap_bind_dn: string | null;
  /** Stored sealed, shown as ****. */
  ldap_bind_password: string | null;
  ldap_base_dn: string | null;
  /** The search for the person signing in; `{{login}}` stands for what they typed, escaped. */
  ldap_filtro: string;
  /** PEM certificate of the authority that signed the directory's certificate (LDAPS and StartTLS). */
  ldap_ca: string | null;
  claim_email: string;
  claim_nome: string;
  claim_cognome: string;
  /** A claim or attribute, or `email:local` for the part of the e-mail before the @. */
  claim_matricola: string;
  claim_gruppi: string;
  /** A claim or attribute holding the account's last valid day; empty = none. */
  claim_valido_fino_al: string;
  gruppi_corsi: Record<string, string>;
  gruppo_banco: string | null;
  /** Whether students see the password form; the desk always does. */
  accesso_password_studenti: boolean;
  /** When a directory user maps to no course: ask them to choose one (false) or refuse them (true). */
  corso_obbligatorio: boolean;
  /** The only e-mail domains a student may sign up with ("studenti.accademia.it"); empty = any. */
  domini_email_registrazione: string[];
  registrazione_aperta: boolean;
  /** `MM-DD`: every directory account runs until the next such day (e.g. "10-31"); null = no expiry. */
  scadenza_account: string | null;
}

export const DEFAULT_ACCESS: AccessSettings = {
  oidc_issuer: null,
  oidc_client_id: null,
  oidc_client_secret: null,
  oidc_scopes: "openid email profile",
  oidc_etichetta: DEFAULT_OIDC_LABEL,
  ldap_url: null,
  ldap_bind_dn: null,
  ldap_bind_password: null,
  ldap_base_dn: null,
  ldap_filtro: "(mail={{login}})",
  ldap_ca: null,
  claim_email: "email",
  claim_nome: "given_name",
  claim_cognome: "family_name",
  claim_matricola: "email:local",
  claim_gruppi: "groups",
  claim_valido_fino_al: "",
  gruppi_corsi: {},
  gruppo_banco: null,
  accesso_password_studenti: true,
  corso_obbligatorio: false,
  domini_email_registrazione: [],
  registrazione_aperta: true,
  scadenza_account: null,
};

/** The secrets among the settings: sealed at rest, hidden on the way out. */
export const ACCESS_SECRETS = ["oidc_client_secret", "ldap_bind_password"] as const;
export type AccessSecret = (typeof ACCESS_SECRETS)[number];

export function oidcConfigured(access: AccessSettings): boolean {
  return Boolean(access.oidc_issuer && access.oidc_client_id);
}

export function ldapConfigured(access: AccessSettings): boolean {
  return Boolean(access.ldap_url && access.ldap_base_dn);
}

const MAX_GROUPS = 500;
const ACCOUNT_END = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const CLAIM_NAME = /^[A-Za-z0-9_:.\-/]{1,100}$/;

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol);
}

/** The Italian message of the first problem in the access settings, or null. */
export function accessProblem(access: AccessSettings): string | null {
  if (access.oidc_issuer !== null && !isHttpUrl(access.oidc_issuer))
    return "L'emittente OIDC è un indirizzo https:// (es. https://accounts.google.com)";
  if (!/\bopenid\b/.test(access.oidc_scopes)) return "Gli scope OIDC comprendono openid";
  if (access.oidc_etichetta.trim() === "" || access.oidc_etichetta.length > 80)
    return "L'etichetta del pulsante è un testo da 1 a 80 caratteri";
  if (
    access.ldap_url !== null &&
    !(URL.canParse(access.ldap_url) && ["ldap:", "ldaps:"].includes(new URL(access.ldap_url).protocol))
  )
    return "Il server LDAP è un indirizzo ldap:// o ldaps:// (es. ldaps://ldap.accademia.it)";
  if (!access.ldap_filtro.includes("{{login}}") || !/^\(.*\)$/.test(access.ldap_filtro))
    return "Il filtro LDAP è tra parentesi e contiene {{login}}, es. (mail={{login}})";
  if (access.ldap_ca !== null && !access.ldap_ca.includes("-----BEGIN CERTIFICATE-----"))
    return "Il certificato dell'autorità (CA) LDAP è in formato PEM (-----BEGIN CERTIFICATE-----)";
  for (const claim of [access.claim_email, access.claim_nome, access.claim_cognome, access.claim_gruppi])
    if (!CLAIM_NAME.test(claim)) return `"${claim}" non è il nome di un claim o di un attributo`;
  if (access.claim_matricola !== "" && !CLAIM_NAME.test(access.claim_matricola))
    return `"${access.claim_matricola}" non è il nome di un claim o di un attributo`;
  if (access.claim_valido_fino_al !== "" && !CLAIM_NAME.test(access.claim_valido_fino_al))
    return `"${access.claim_valido_fino_al}" non è il nome di un claim o di un attributo`;
  const groups = Object.entries(access.gruppi_corsi);
  if (groups.length > MAX_GROUPS) return `Al massimo ${MAX_GROUPS} gruppi collegati ai corsi`;
  if (groups.some(([group, course]) => group.trim() === "" || course.trim() === ""))
    return "Ogni gruppo collegato ha il nome del gruppo e quello del corso";
  if (access.scadenza_account !== null && !ACCOUNT_END.test(access.scadenza_account))
    return "La scadenza degli account è un giorno dell'anno MM-GG (es. 10-31 per il 31 ottobre)";
  return null;
}

/**
 * The last valid day of an account under `scadenza_account` on `today`: the next such day, today
 * included (10-31 on 2026-03-10 → 2026-10-31; on 2026-11-02 → 2027-10-31).
 */
export function accountEndFrom(scadenza: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${scadenza}`;
  return thisYear >= today ? thisYear : `${year + 1}-${scadenza}`;
}

export function isExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/**
 * Whether the desk flags an account beside its open loans (`account_scaduto`): past its last valid day,
 * or gone from the academy's directory, which no longer lets it sign in. Either way the equipment has to
 * be fetched back by reaching the person.
 */
export function accountEnded(validUntil: string | null, directoryGoneAt: string | null, today: string): boolean {
  return isExpired(validUntil, today) || directoryGoneAt !== null;
}

export const EXPIRED_ACCOUNT =
  "Il tuo account è scaduto: non puoi fare nuove richieste. I prestiti in corso restano da restituire; per rinnovare l'account rivolgiti al banco prestiti";
