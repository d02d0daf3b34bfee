import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { ldapConfigured, oidcConfigured } from "../../domain/academy-access";
import type { TokenService } from "../../http/auth";
import { clientAddress } from "../../http/client-address";
import { badRequest, HttpError, tooManyRequests } from "../../http/errors";
import { createFailureLimiter } from "../../http/rate-limit";
import { redirectAnswer } from "../schemas";
import { readSettings } from "../settings/service";
import { signedInAnswer } from "./model";
import { createOidcSignIn, OIDC_STATE_COOKIE, publicAddress } from "./oidc";
import { findUserById } from "./service";
import { publicUser } from "./users";

const FIFTEEN_MINUTES = 15 * 60_000;
const STATE_COOKIE_SECONDS = 600;

const signInMethods = t.Object({
  oidc: t.Nullable(t.Object({ etichetta: t.String() })),
  ldap: t.Boolean(),
  password_studenti: t.Boolean(),
  registrazione_aperta: t.Boolean(),
});

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/**
 * The academy sign-in's routes: what the sign-in screen offers, the OIDC redirect and callback, and the
 * exchange of the callback's one-time code for a session (the UI keeps its token as after a password
 * sign-in; no session token ever travels in a URL).
 */
export function oidcRoutes(ctx: AppContext, tokens: TokenService) {
  const signIn = createOidcSignIn(ctx);
  const now = () => Date.now();
  // Refused callbacks and hand-overs per address, as generous as refused password sign-ins.
  const failuresByIp = createFailureLimiter({ limit: 100, windowMs: FIFTEEN_MINUTES, now });
  const addressOf = (server: Parameters<typeof clientAddress>[0], request: Request) =>
    clientAddress(server, request, ctx.trustProxy ?? false);

  return new Elysia()
    .get(
      "/metodi",
      () => {
        const access = readSettings(ctx.db).accesso;
        return {
          oidc: oidcConfigured(access) ? { etichetta: access.oidc_etichetta } : null,
          ldap: ldapConfigured(access),
          password_studenti: access.accesso_password_studenti,
          registrazione_aperta: access.registrazione_aperta,
        };
      },
      { response: signInMethods },
    )
    .get(
      "/oidc/start",
      async ({ set }) => {
        const settings = readSettings(ctx.db);
        const { url, state } = await signIn.start(settings);
        const secure = publicAddress(ctx, settings)?.startsWith("https:") ? "; Secure" : "";
        set.headers["set-cookie"] =
          `${OIDC_STATE_COOKIE}=${state}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${STATE_COOKIE_SECONDS}${secure}`;
        set.headers.location = url;
        set.status = 302;
        return "";
      },
      { detail: redirectAnswer("Al servizio di accesso dell'Accademia") },
    )
    .get(
      "/oidc/callback",
      async ({ request, server, set }) => {
        const ip = addressOf(server, request);
        if (failuresByIp.isLimited(ip)) throw tooManyRequests();
        const settings = readSettings(ctx.db);
        const base = publicAddress(ctx, settings) ?? "";
        set.headers["set-cookie"] = `${OIDC_STATE_COOKIE}=; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=0`;
        set.status = 302;
        try {
          const query = new URL(request.url).searchParams;
          const user = await signIn.finish(settings, query, cookieValue(request, OIDC_STATE_COOKIE));
          ctx.logger.info(`sign-in ok directory=oidc identifier=${user.email} ip=${ip}`);
          set.headers.location = `${base}/#accesso=${signIn.handOver(user)}`;
        } catch (error) {
          if (!(error instanceof HttpError) || (error.status >= 500 && error.status !== 503)) throw error;
          failuresByIp.recordFailure(ip);
          set.headers.location = `${base}/#accesso_negato=${encodeURIComponent(error.message)}`;
        }
        return "";
      },
      { detail: redirectAnswer("All'app: #accesso=<codice monouso> oppure #accesso_negato=<messaggio>") },
    )
    .post(
      "/oidc/sessione",
      async ({ body, request, server }) => {
        const ip = addressOf(server, request);
        if (failuresByIp.isLimited(ip)) throw tooManyRequests();
        const userId = signIn.takeHandOver(body.codice);
        if (userId === null) {
          failuresByIp.recordFailure(ip);
          throw badRequest("L'accesso non è più valido o è già stato usato: ricomincia da capo");
        }
        const user = findUserById(ctx, userId);
        return { token: await tokens.sign(user), user: publicUser(user) };
      },
      {
        body: t.Object({ codice: t.String({ maxLength: 100, error: "Manca il codice di accesso" }) }),
        response: signedInAnswer,
      },
    );
}
