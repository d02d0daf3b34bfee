import { badRequest } from "./errors";

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
