import { textKey } from "../domain/text-key";
import { badRequest } from "./errors";

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

/** A positive integer id from a path parameter, or a 400 with `message`. */
export function idParam(value: string, message: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw badRequest(message);
  return id;
}

/**
 * Parses a JSON body that may be absent. Elysia's own parser turns malformed JSON into no body at all,
 * which an optional body would take for "use the defaults"; here malformed JSON stays a string for the
 * route to refuse with its 400 (after the auth check, which runs in transform).
 */
export async function optionalJsonBody({ request }: { request: Request }): Promise<unknown> {
  // The body guard (src/http/body-guard.ts) has read every non-empty body already; what reaches here
  // with its stream used up was empty.
  if (request.bodyUsed) return undefined;
  const text = await request.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
