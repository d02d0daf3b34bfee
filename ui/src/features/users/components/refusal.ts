import { ApiError } from "../../../lib/api";

/** The message of a refusal: the server's own words, else the action's fallback. */
export function refusalOf(error: Error | null, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}
