// A fake server for screen tests: answers `fetch` from a table of "METHOD /path" routes and records
// every call, so a test can both script the server and check what the screen sent.

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters, e.g. `{ period: "90" }`. */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** `headers` are added to the answer (e.g. a `content-disposition` for a download). */
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | "network-error" | "never";
type Route = Reply | ((call: ApiCall) => Reply);

/** "METHOD /path" → the reply, or a function of the call that returns it. */
export type ApiRoutes = Record<string, Route>;

/** Header names in any case, as HTTP reads them: the typed client (Eden) sends them in lower case. */
function caseInsensitive(headers: Headers): Record<string, string> {
  return new Proxy({} as Record<string, string>, {
    get: (_target, name) => (typeof name === "string" ? (headers.get(name) ?? undefined) : undefined),
    has: (_target, name) => typeof name === "string" && headers.has(name),
    ownKeys: () => [...headers.keys()],
    getOwnPropertyDescriptor: (_target, name) =>
      typeof name === "string" && headers.has(name)
        ? { enumerable: true, configurable: true, value: headers.get(name) }
        : undefined,
  });
}

export function mockApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = init?.method ?? "GET";
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      // A form (a photo upload) is kept as it was sent, for the test to read its fields.
      body:
        typeof init?.body === "string" ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
      headers: caseInsensitive(new Headers(init?.headers)),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      typeof route === "function" ? route(call) : (route ?? { status: 404, body: { error: "Non trovato" } });
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    if (reply === "never") return new Promise<Response>(() => {});
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json", ...reply.headers },
    });
  }) as typeof fetch;
  return {
    calls,
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
