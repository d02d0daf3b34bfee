import { ApiError } from "../../../lib/api";

/** The server's words when it gave any, else the screen's own. */
export function failureText(error: Error, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}
