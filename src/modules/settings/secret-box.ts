import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Secrets among the settings (the OIDC client secret, the LDAP bind password) are sealed with AES-256-GCM
// under a key derived from the server's own secret (JWT_SECRET or secret.key), so the database, its
// backups and its exports never hold them usable: see docs/decisions/sealed-sign-in-secrets.md.

const PREFIX = "sealed:v1:";

function keyFrom(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "prestalab", "settings-secret-box", 32));
}

export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The plain secret, or null when it was sealed under another server secret (or is not sealed at all). */
export function openSecret(serverSecret: string, stored: string | null): string | null {
  if (stored === null || !stored.startsWith(PREFIX)) return null;
  const bytes = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(serverSecret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
