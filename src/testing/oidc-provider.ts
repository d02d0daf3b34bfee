import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { KoaContextWithOIDC } from "oidc-provider";

// A real OpenID provider (`oidc-provider`) for the tests: started on a free local port with test people
// and their groups. Its own development login page signs in whoever types an account id (no password).

export interface TestPerson {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  groups: string[];
  /** Last valid day, sent as the claim `valido_fino_al` when set. */
  valido_fino_al?: string;
}

/**
 * The provider's own notices, meant for someone deploying it (an unsupported runtime: Bun; its
 * development login page and in-memory store, which a test wants), and koa's cookie signing's use of a
 * deprecated Node call (DEP0115): kept out of the test output, which prints no warnings when all is well.
 */
function quietProviderNotices() {
  const fromProvider = (args: unknown[]) => typeof args[0] === "string" && args[0].startsWith("oidc-provider ");
  for (const level of ["info", "warn"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      if (!fromProvider(args)) original(...args);
    };
  }
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const code = typeof rest[0] === "object" ? (rest[0] as { code?: string } | null)?.code : rest[1];
    if (code !== "DEP0115") (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}

export const OIDC_CLIENT = { id: "prestalab", secret: "segreto-del-client-di-prova" };

export interface TestProvider {
  issuer: string;
  people: Map<string, TestPerson>;
  stop(): Promise<void>;
}

export async function startTestProvider(
  redirectUris: string[],
  people: Record<string, TestPerson>,
): Promise<TestProvider> {
  quietProviderNotices();
  // Imported only now: the module warns about the runtime as it loads.
  const { default: Provider } = await import("oidc-provider");
  const directory = new Map(Object.entries(people));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "valido_fino_al"],
      groups: ["groups"],
    },
    scopes: ["openid", "email", "profile", "groups"],
    // Claims in the ID token itself, as Google and Entra send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["chiave-dei-cookie-di-prova"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = directory.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    // Every client is the academy's own: no consent screen after the login page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    people: directory,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The cookies a browser would keep for the provider, across its redirects. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair?.indexOf("=") ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/**
 * What a browser does between PrestaLab's redirect to the provider and the provider's redirect back:
 * follows the provider's redirects, fills its login page as `login`, and returns the URL it sends the
 * browser back to (PrestaLab's callback with the code and the state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
  const jar = cookieJar();
  let url = authorizationUrl;
  let form: { action: string; uid: string } | null = null;
  for (let step = 0; step < 10; step++) {
    if (url.startsWith(callbackPrefix)) return url;
    const response: Response = form
      ? await fetch(form.action, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ prompt: "login", login, password: "qualsiasi" }),
        })
      : await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.keep(response);
    form = null;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const page: string = await response.text();
    const action: string | undefined = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`Il provider di prova non ha risposto come atteso (${response.status})`);
    form = { action: new URL(action, url).toString(), uid: "" };
  }
  throw new Error("Troppi passaggi al provider di prova");
}
