import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { type AccessSettings, oidcConfigured } from "../../domain/academy-access";
import type { AcademySettings } from "../../domain/academy-settings";
import { NO_PUBLIC_ADDRESS, OIDC_OFF, PROVIDER_DOWN } from "../../domain/academy-sign-in-errors";
import { badRequest, forbidden, HttpError } from "../../http/errors";
import { openSecret } from "../settings/secret-box";
import { PROVIDER_CERTIFICATE_REFUSED, refusedCertificateCode } from "./certificate-failure";
import { profileFrom, signInFromDirectory } from "./directory-accounts";

// Sign-in through the academy's OpenID provider: the authorization code flow with PKCE, state and
// nonce, and a verified ID token (openid-client). The provider's tokens are used once, here, and never
// stored or logged. See docs/decisions/oidc-session-hand-over.md.

export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";
/** The cookie that ties a callback to the browser that started the sign-in. */
export const OIDC_STATE_COOKIE = "prestalab_oidc";
/** A slow or unreachable provider never holds a request longer than this. */
const PROVIDER_TIMEOUT_SECONDS = 5;
const PENDING_MS = 10 * 60_000;
const HAND_OVER_MS = 60_000;
const MAX_PENDING = 10_000;

export const SIGN_IN_EXPIRED = "L'accesso non è più valido o è già stato usato: ricomincia da capo";

/** The address PrestaLab is reached at, from the settings or PUBLIC_URL; never the request's Host. */
export function publicAddress(ctx: AppContext, settings: AcademySettings): string | null {
  return settings.url_pubblico ?? ctx.publicUrl ?? null;
}

/** A map whose entries expire and whose size is capped: keyed by random values clients send back. */
function expiringMap<T>(lifetimeMs: number, now: () => number) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    put(key: string, value: T) {
      // Entries expire in the order they were put: drop the expired ones, and the oldest beyond the cap.
      for (const [old, entry] of entries) {
        if (entry.until > now() && entries.size < MAX_PENDING) break;
        entries.delete(old);
      }
      entries.set(key, { value, until: now() + lifetimeMs });
    },
    /** The value, once: taking it removes it. */
    take(key: string): T | null {
      const entry = entries.get(key);
      entries.delete(key);
      return entry && entry.until > now() ? entry.value : null;
    },
  };
}

interface PendingSignIn {
  verifier: string;
  nonce: string;
}

export function createOidcSignIn(ctx: AppContext) {
  const now = () => ctx.clock.now().getTime();
  const pending = expiringMap<PendingSignIn>(PENDING_MS, now);
  const handOvers = expiringMap<number>(HAND_OVER_MS, now);
  let cached: { key: string; config: oidc.Configuration } | null = null;

  async function configuration(access: AccessSettings): Promise<oidc.Configuration> {
    if (!oidcConfigured(access)) throw badRequest(OIDC_OFF);
    const secret = openSecret(ctx.jwtSecret, access.oidc_client_secret) ?? undefined;
    const key = JSON.stringify([access.oidc_issuer, access.oidc_client_id, secret]);
    if (cached?.key === key) return cached.config;
    const issuer = new URL(access.oidc_issuer as string);
    try {
      const config = await oidc.discovery(issuer, access.oidc_client_id as string, secret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Plain http only for a provider on this machine (a test or a local Keycloak).
        execute: issuer.protocol === "http:" && isLoopback(issuer.hostname) ? [oidc.allowInsecureRequests] : [],
      });
      cached = { key, config };
      return config;
    } catch (error) {
      const certificate = refusedCertificateCode(error);
      if (certificate)
        ctx.logger.warn(
          `oidc discovery failed issuer=${issuer.origin}: ${PROVIDER_CERTIFICATE_REFUSED} (${certificate})`,
        );
      else ctx.logger.warn(`oidc discovery failed issuer=${issuer.origin}: ${(error as Error).name}`);
      throw new HttpError(503, PROVIDER_DOWN);
    }
  }

  return {
    /** Where to send the browser, and the state its cookie must carry back. */
    async start(settings: AcademySettings): Promise<{ url: string; state: string }> {
      const base = publicAddress(ctx, settings);
      if (!base) throw forbidden(NO_PUBLIC_ADDRESS);
      const config = await configuration(settings.accesso);
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      pending.put(state, { verifier, nonce });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: base + OIDC_CALLBACK_PATH,
        scope: settings.accesso.oidc_scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url: url.toString(), state };
    },

    /**
     * Checks the provider's answer (state against the browser's cookie, the code with PKCE, the ID
     * token's signature, issuer, audience and nonce) and signs the person in.
     */
    async finish(
      settings: AcademySettings,
      callbackQuery: URLSearchParams,
      cookieState: string | null,
    ): Promise<Actor> {
      const base = publicAddress(ctx, settings);
      if (!base) throw forbidden(NO_PUBLIC_ADDRESS);
      const state = callbackQuery.get("state");
      const started = state ? pending.take(state) : null;
      if (!state || !started || cookieState !== state) throw badRequest(SIGN_IN_EXPIRED);
      if (callbackQuery.has("error")) throw forbidden("L'accesso è stato annullato o rifiutato dall'Accademia");
      const config = await configuration(settings.accesso);
      const callbackUrl = new URL(base + OIDC_CALLBACK_PATH);
      callbackUrl.search = callbackQuery.toString();
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: started.verifier,
          expectedState: state,
          expectedNonce: started.nonce,
          idTokenExpected: true,
        });
        const idClaims: Record<string, unknown> = tokens.claims() ?? {};
        // The user info endpoint fills what a provider leaves out of the ID token (Keycloak's groups).
        const userInfo = config.serverMetadata().userinfo_endpoint
          ? await oidc.fetchUserInfo(config, tokens.access_token, String(idClaims.sub))
          : {};
        claims = { ...userInfo, ...idClaims };
      } catch (error) {
        if (error instanceof oidc.ClientError || error instanceof oidc.AuthorizationResponseError) {
          ctx.logger.warn(`oidc callback refused: ${error.name} ${(error as { code?: string }).code ?? ""}`);
          throw badRequest(SIGN_IN_EXPIRED);
        }
        ctx.logger.warn(`oidc token exchange failed: ${(error as Error).name}`);
        throw new HttpError(503, PROVIDER_DOWN);
      }
      const directoryId = `${claims.iss} ${claims.sub}`;
      const profile = profileFrom(settings.accesso, claims, directoryId, claims.email_verified === true);
      return signInFromDirectory(ctx, settings.accesso, "oidc", profile);
    },

    /** A one-time code, handed to the browser in the URL's fragment, for the session of `user`. */
    handOver(user: Actor): string {
      const code = randomBytes(32).toString("base64url");
      handOvers.put(code, user.id);
      return code;
    },

    /** The user a hand-over code stands for, once. */
    takeHandOver(code: string): number | null {
      return handOvers.take(code);
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}
