import { jwt } from "@elysiajs/jwt";
import { eq, sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { isDesk } from "../access";
import type { Actor } from "../actor";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { forbidden, HttpError, unauthorized } from "./errors";

export type Access = "signed-in" | "admin";

interface TokenClaims {
  sub: string;
  ruolo: string;
  sv: number;
}

export interface TokenService {
  sign(user: Pick<Actor, "id" | "ruolo" | "sessionVersion">): Promise<string>;
  /** The signed-in user behind a request, or null for an anonymous or stale token. */
  actorOf(request: Request): Promise<Actor | null>;
}

export const TOKEN_LIFETIME = "12h";
/** Verified tokens remembered at most: a few thousand people signed in at once, each on a few devices. */
const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenService(ctx: AppContext): TokenService {
  const signer = (
    jwt({ name: "jwt", secret: ctx.jwtSecret, exp: TOKEN_LIFETIME, alg: "HS256" }) as unknown as {
      decorator: {
        jwt: { sign(claims: TokenClaims): Promise<string>; verify(token?: string): Promise<TokenClaims | false> };
      };
    }
  ).decorator.jwt;
  // One request is authenticated once, however many lifecycle hooks ask.
  const seen = new WeakMap<Request, Promise<Actor | null>>();
  // Prepared once: built per call, the query builder's SQL cost more than the rest of a cached answer.
  const userById = ctx.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  // Tokens whose signature was checked, with their claims: a signature stays valid, so a token seen again
  // skips the HMAC and only its expiry is checked again. Whether its session is still alive (password
  // change, role change) is read from the account on every call, below.
  const verified = new Map<string, TokenClaims & { exp: number }>();

  async function claimsOf(token: string): Promise<TokenClaims | null> {
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      verified.delete(token);
      return null;
    }
    const claims = await signer.verify(token);
    if (!claims || typeof claims.sub !== "string") return null;
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp === "number") {
      // Oldest first: a Map iterates in insertion order.
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, { ...claims, exp });
    }
    return claims;
  }

  async function resolveActor(request: Request): Promise<Actor | null> {
    const header = request.headers.get("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) return null;
    const claims = await claimsOf(token);
    if (!claims) return null;
    const user = userById.get({ id: Number(claims.sub) });
    // A password reset or a role change bumps the session version: older tokens stop working.
    if (!user || user.sessionVersion !== claims.sv) return null;
    ctx.metrics.recordActiveUser(user.id, ctx.clock.now().getTime());
    return user;
  }

  return {
    sign: (user) => signer.sign({ sub: String(user.id), ruolo: user.ruolo, sv: user.sessionVersion }),
    actorOf(request) {
      let pending = seen.get(request);
      if (!pending) {
        pending = resolveActor(request);
        seen.set(request, pending);
      }
      return pending;
    },
  };
}

/** The API documentation's name for the `Authorization: Bearer <token>` check the auth macro makes. */
export const BEARER_SCHEME = "bearer";

/**
 * Whether the session `user` was signed in with is still alive: the account exists and no password change
 * or role change has bumped its session version since. For what outlives one request (the live stream).
 */
export function sessionIsCurrent(ctx: AppContext, user: Pick<Actor, "id" | "sessionVersion">): boolean {
  const current = ctx.db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  return current?.sessionVersion === user.sessionVersion;
}

/** Who may call a route, as the API documentation says it. */
const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  "signed-in": "Accesso: ogni utente autenticato.",
  admin: "Accesso: solo il banco prestiti (ruolo admin).",
};

/**
 * `{ auth: 'signed-in' }` or `{ auth: 'admin' }` on a route states who may call it. The check runs in
 * the parse and transform hooks, i.e. before the body or query is validated, so a caller without the
 * right gets 401/403 whatever it sent.
 */
export function authPlugin(tokens: TokenService) {
  async function requireActor(request: Request, access: Access): Promise<Actor> {
    const actor = await tokens.actorOf(request);
    if (!actor) throw unauthorized();
    if (access === "admin" && !isDesk(actor)) throw forbidden();
    return actor;
  }
  return new Elysia({ name: "auth" }).macro({
    auth(access: Access) {
      return {
        detail: { security: [{ [BEARER_SCHEME]: [] }], description: ACCESS_DESCRIPTIONS[access] },
        async parse({ request }) {
          // Anything thrown while parsing reaches onError wrapped as a malformed-body error (400), so
          // only the 401/403 answer is given here; an unexpected failure (e.g. the database) is
          // raised again by transform below and answered as a 500.
          try {
            await requireActor(request, access);
          } catch (error) {
            if (error instanceof HttpError) throw error;
          }
        },
        async transform({ request }) {
          await requireActor(request, access);
        },
        async resolve({ request }) {
          return { actor: await requireActor(request, access) };
        },
      };
    },
  });
}
