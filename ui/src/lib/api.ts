import { treaty } from "@elysiajs/eden";
import type { App } from "../../../src/app";

/** The one HTTP client of the UI: adds the token, reads `error` from failed answers, reports 401s. */
export const TOKEN_KEY = "prestalab.token";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The session registers here so that an expired token sends the user back to sign-in. */
export function setUnauthorizedListener(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY);
}

const CONNECTION_ERROR = "Errore di connessione. Riprova più tardi.";

/** Every failure reaches the screens as an ApiError whose message is meant for a person. */
async function send(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, CONNECTION_ERROR, {});
  }
}

const GENERIC_ERROR = "Errore di comunicazione con il server";

function messageOf(body: Record<string, unknown>, fallbackError: string | undefined): string {
  return (
    (typeof body.error === "string" && body.error) ||
    (typeof body.message === "string" && body.message) ||
    fallbackError ||
    GENERIC_ERROR
  );
}

function authorization(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The typed client (Eden Treaty): every path, query, body and answer is typed from the server's own route
 * schemas, so a renamed field fails the type check here. Dates stay the `YYYY-MM-DD` strings the API sends.
 */
const origin = globalThis.location?.origin ?? "http://localhost";
const fetcher = ((input: RequestInfo | URL, init?: RequestInit) => send(input, init)) as typeof fetch;

export const server = treaty<App>(origin, { fetcher, headers: () => authorization(), parseDate: false });

/**
 * The same client for the public calls (sign-in, sign-up, password resets, the service's name): it sends no
 * token, so a leftover one cannot turn a sign-up into a 401. Read its answers with `publicAnswerOf`.
 */
export const publicServer = treaty<App>(origin, { fetcher, parseDate: false });

interface EdenAnswer<Data> {
  data: Data;
  error: { status: unknown; value: unknown } | null;
  status: number;
}

/**
 * Turns an Eden answer into its data, or throws the ApiError every screen shows (the server's `error`, else
 * the fallback): a 401 with a token signs the user out.
 */
export function answerOf<Data>(request: Promise<EdenAnswer<Data>>, fallbackError?: string) {
  return dataOf(request, fallbackError, true);
}

/** `answerOf` for `publicServer`: a refusal there (wrong password, say) never signs anyone out. */
export function publicAnswerOf<Data>(request: Promise<EdenAnswer<Data>>, fallbackError?: string) {
  return dataOf(request, fallbackError, false);
}

async function dataOf<Data>(
  request: Promise<EdenAnswer<Data>>,
  fallbackError: string | undefined,
  signOutOn401: boolean,
): Promise<Exclude<Data, null>> {
  const { data, error, status } = await request;
  // Eden answers a fetcher that threw (no connection) as a 503 carrying the thrown error: keep ours as it is.
  if (error?.value instanceof ApiError) throw error.value;
  if (error) {
    if (signOutOn401 && status === 401 && getToken()) onUnauthorized();
    const body = (typeof error.value === "object" && error.value !== null ? error.value : {}) as Record<
      string,
      unknown
    >;
    throw new ApiError(status, messageOf(body, fallbackError), body);
  }
  return data as Exclude<Data, null>;
}

/** Downloads a file answer (spreadsheets, backups) with the token attached. */
export async function apiDownload(
  path: string,
  fallbackError: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  const response = await send(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    let message = fallbackError;
    try {
      const body = await response.json();
      if (typeof body.error === "string") message = body.error;
    } catch {}
    throw new ApiError(response.status, message, {});
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/**
 * A list route answers the whole array, or one page when `pagina` is given (the server's `listOrPage`):
 * the caller that asked for a page gets the page, typed.
 */
export function pageOf<Page extends { elementi: unknown[] }>(answer: Page | unknown[]): Page {
  if (Array.isArray(answer)) throw new ApiError(0, GENERIC_ERROR, {});
  return answer;
}

/** The number of the page after `last`, or undefined when `last` reached the total (an infinite list's end). */
export function nextPageOf<Page extends { pagina: number; per_pagina: number; totale: number }>(
  last: Page,
): number | undefined {
  return last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined;
}
