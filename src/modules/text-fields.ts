import { textKey } from "../domain/text-key";
import { badRequest } from "../http/errors";

/**
 * The rules every free-text field of a service follows: trimmed, blank means missing, and a length
 * limit answered with an Italian 400.
 */
const MAX_FIELD_LENGTH = 2000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text, or a 400 with `message` when it is missing or blank. */
export function requiredText(value: unknown, message: string, maxLength = 200): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest(message);
  return limited(value.trim(), maxLength);
}

/** Trimmed text, or null when missing or blank. */
export function optionalText(value: unknown, maxLength = MAX_FIELD_LENGTH): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw badRequest("Dati non validi");
  const trimmed = value.trim();
  return trimmed === "" ? null : limited(trimmed, maxLength);
}

function limited(value: string, maxLength: number): string {
  if (value.length > maxLength) throw badRequest(`Testo troppo lungo (massimo ${maxLength} caratteri)`);
  return value;
}

export function normalizedEmail(value: unknown, missingMessage = "L'email è obbligatoria"): string {
  const email = textKey(requiredText(value, missingMessage, 254));
  if (!EMAIL.test(email)) throw badRequest("Indirizzo email non valido");
  return email;
}
