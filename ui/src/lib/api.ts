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
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, CONNECTION_ERROR, {});
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Fallback message when the server gives none. */
  fallbackError?: string;
  /** Public calls (sign-in, forgot password) do not send the token nor sign out on 401. */
  anonymous?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await send(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    const message =
      (typeof body.error === "string" && body.error) ||
      (typeof body.message === "string" && body.message) ||
      options.fallbackError ||
      "Errore di comunicazione con il server";
    throw new ApiError(response.status, message, body);
  }
  return body as T;
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
