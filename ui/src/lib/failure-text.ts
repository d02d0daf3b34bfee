import { ApiError } from "./api";

/**
 * What to tell the desk when an action fails: the server's own reason when it refused the request
 * (4xx), otherwise the screen's message for that action (server down, unexpected answer).
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
