// Why a TLS connection to the academy's directory or OpenID provider failed: a certificate PrestaLab does
// not trust is a setting to fix (the CA in Impostazioni → Accesso), not a server that is down, so the
// desk is told which one it is. The person signing in is told neither: they can fix neither.

/** The TLS error codes (Node's, which Bun and ldapts pass on) that mean "certificate not trusted". */
const CERTIFICATE_CODES = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_SIGNATURE_FAILURE",
  "INVALID_CA",
  "HOSTNAME_MISMATCH",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

export const DIRECTORY_CERTIFICATE_REFUSED =
  "Il certificato della directory LDAP non è stato accettato: non è firmato dall'autorità (CA) scelta in Impostazioni → Accesso, è scaduto o non corrisponde all'indirizzo della directory. Controlla la CA e l'indirizzo";
export const PROVIDER_CERTIFICATE_REFUSED =
  "Il certificato del servizio di accesso dell'Accademia (OpenID) non è stato accettato: non è firmato da un'autorità riconosciuta dal server, è scaduto o non corrisponde all'indirizzo dell'emittente";

/**
 * The TLS code of a certificate PrestaLab refused, looked for on the error and the errors it wraps
 * (openid-client and fetch wrap the socket's error in `cause`); null for any other failure.
 */
export function refusedCertificateCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CERTIFICATE_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
