import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { textKey } from "../../domain/text-key";
import { authPlugin, type TokenService } from "../../http/auth";
import { clientAddress } from "../../http/client-address";
import { badRequest, HttpError, tooManyRequests, unauthorized } from "../../http/errors";
import { idParam } from "../../http/input";
import { createFailureLimiter, signInDelayMs } from "../../http/rate-limit";
import { publicBaseUrl } from "../counter/documents";
import { mailSetup } from "../mail/service";
import { readSettings } from "../settings/service";
import { normalizedEmail } from "../text-fields";
import { INVALID_RESET_LINK, resetPasswordWithLink } from "./reset-link";
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  listPendingResetRequests,
  registerUser,
  requestPasswordReset,
  setPasswordByAdmin,
  updateUserProfile,
  verifyCredentials,
} from "./service";
import { listUsers } from "./user-list";
import { publicUser } from "./users";

const optionalString = t.Optional(t.Nullable(t.String({ error: "Dati non validi" })));
const FIFTEEN_MINUTES = 15 * 60_000;

const profileBody = {
  name: optionalString,
  surname: optionalString,
  email: optionalString,
  username: optionalString,
  matricola: optionalString,
  phone: optionalString,
  corso_accademico: optionalString,
};

export function authModule(ctx: AppContext, tokens: TokenService) {
  const now = () => Date.now();
  const addressOf = (server: Parameters<typeof clientAddress>[0], request: Request) =>
    clientAddress(server, request, ctx.trustProxy ?? false);
  // Failed sign-ins: per (identifier, address) pair, more generously per address (a lab shares one
  // address), and per identifier across addresses only as a delay, so the owner always gets in.
  const loginFailuresByPair = createFailureLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES, now });
  const loginFailuresByIp = createFailureLimiter({ limit: 100, windowMs: FIFTEEN_MINUTES, now });
  const loginFailuresById = createFailureLimiter({ limit: Number.POSITIVE_INFINITY, windowMs: FIFTEEN_MINUTES, now });
  const registerFailuresByIp = createFailureLimiter({ limit: 50, windowMs: FIFTEEN_MINUTES, now });
  // Reset requests always "succeed", so each one counts: per (email, address) pair and per address.
  const resetRequestsByPair = createFailureLimiter({ limit: 5, windowMs: 4 * FIFTEEN_MINUTES, now });
  const resetRequestsByIp = createFailureLimiter({ limit: 50, windowMs: 4 * FIFTEEN_MINUTES, now });

  return new Elysia({ prefix: "/auth" })
    .use(authPlugin(tokens))
    .post(
      "/login",
      async ({ body, request, server }) => {
        // The UI sends the typed value as both fields; other clients may fill only one of them.
        const identifier = textKey(body.email?.trim() || body.username?.trim() || "");
        if (!identifier || !body.password) throw badRequest("Inserisci email o nome utente e password");
        const ip = addressOf(server, request);
        const pair = `${identifier} ${ip}`;
        if (loginFailuresByPair.isLimited(pair) || loginFailuresByIp.isLimited(ip)) {
          ctx.logger.warn(`sign-in throttled identifier=${identifier} ip=${ip}`);
          throw tooManyRequests();
        }
        const delay = signInDelayMs(loginFailuresById.failures(identifier));
        if (delay > 0) await Bun.sleep(delay);
        const user = await verifyCredentials(ctx, identifier, body.password);
        if (!user) {
          loginFailuresByPair.recordFailure(pair);
          loginFailuresByIp.recordFailure(ip);
          loginFailuresById.recordFailure(identifier);
          ctx.logger.info(`sign-in failed identifier=${identifier} ip=${ip}`);
          throw unauthorized("Credenziali non valide");
        }
        loginFailuresByPair.clear(pair);
        loginFailuresById.clear(identifier);
        ctx.logger.info(`sign-in ok identifier=${identifier} ip=${ip}`);
        return { token: await tokens.sign(user), user: publicUser(user) };
      },
      {
        body: t.Object(
          {
            email: optionalString,
            username: optionalString,
            password: t.Optional(t.String({ error: "Dati non validi" })),
          },
          { error: "Inserisci email o nome utente e password" },
        ),
      },
    )
    .post(
      "/register",
      async ({ body, request, server }) => {
        const ip = addressOf(server, request);
        if (registerFailuresByIp.isLimited(ip)) throw tooManyRequests();
        const caller = await tokens.actorOf(request);
        // An expired admin session must not quietly turn the new-user form into a public sign-up
        // (which would ignore the chosen role): a token that is sent has to be valid.
        if (!caller && request.headers.has("authorization")) throw unauthorized();
        try {
          const user = await registerUser(ctx, caller, body);
          if (caller?.ruolo === "admin") return { user: publicUser(user), message: "Utente creato" };
          return { token: await tokens.sign(user), user: publicUser(user) };
        } catch (error) {
          if (error instanceof HttpError && error.status < 500) registerFailuresByIp.recordFailure(ip);
          throw error;
        }
      },
      {
        body: t.Object(
          {
            ...profileBody,
            password: optionalString,
            ruolo: optionalString,
            role: optionalString,
          },
          { error: "Dati di registrazione non validi" },
        ),
      },
    )
    .post(
      "/forgot-password",
      ({ body, request, server }) => {
        if (!body.email?.trim()) throw badRequest("Inserisci la tua email");
        const email = normalizedEmail(body.email);
        const ip = addressOf(server, request);
        const pair = `${email} ${ip}`;
        if (resetRequestsByPair.isLimited(pair) || resetRequestsByIp.isLimited(ip)) throw tooManyRequests();
        resetRequestsByPair.recordFailure(pair);
        resetRequestsByIp.recordFailure(ip);
        requestPasswordReset(ctx, email, publicBaseUrl(ctx, request));
        const byMail = mailSetup(ctx, readSettings(ctx.db)) !== null;
        return {
          per_email: byMail,
          message: byMail
            ? "Se l'indirizzo è registrato, riceverai un'e-mail con un link per scegliere una nuova password (vale un'ora); la richiesta è stata inoltrata anche all'amministrazione"
            : "Se l'indirizzo è registrato, la richiesta è stata inoltrata all'amministrazione",
        };
      },
      { body: t.Object({ email: optionalString }, { error: "Inserisci la tua email" }) },
    )
    .post(
      "/reimposta-password",
      async ({ body }) => {
        await resetPasswordWithLink(ctx, body.token, body.password);
        return { message: "Password aggiornata: accedi con la nuova password" };
      },
      {
        body: t.Object(
          {
            token: t.Optional(t.String({ maxLength: 200, error: INVALID_RESET_LINK })),
            password: optionalString,
          },
          { error: "Indica il link ricevuto e la nuova password" },
        ),
      },
    )
    .get("/me", ({ actor }) => ({ user: publicUser(actor) }), { auth: "signed-in" })
    .get("/password-reset-requests", () => listPendingResetRequests(ctx), { auth: "admin" })
    .post(
      "/admin-reset-password",
      async ({ actor, body }) => {
        const target = findUserByEmail(ctx, body.email);
        await setPasswordByAdmin(ctx, actor, target, body.newPassword);
        return { message: "Password aggiornata con successo" };
      },
      {
        auth: "admin",
        body: t.Object({ email: optionalString, newPassword: optionalString }, { error: "Dati non validi" }),
      },
    )
    .get("/users", ({ query }) => listUsers(ctx.db, query), {
      auth: "admin",
      query: t.Object({
        ruolo: t.Optional(t.String({ maxLength: 20, error: "Ruolo non valido" })),
        cerca: t.Optional(t.String({ maxLength: 200, error: "Ricerca non valida" })),
        pagina: t.Optional(t.String({ maxLength: 20, error: "Pagina non valida" })),
        per_pagina: t.Optional(t.String({ maxLength: 20, error: "Elementi per pagina non validi (da 1 a 200)" })),
      }),
    })
    .put(
      "/users/:id/reset-password",
      async ({ actor, body, params }) => {
        const target = findUserById(ctx, idParam(params.id, "Utente non valido"));
        await setPasswordByAdmin(ctx, actor, target, body.newPassword);
        return { message: "Password aggiornata con successo" };
      },
      { auth: "admin", body: t.Object({ newPassword: optionalString }, { error: "Dati non validi" }) },
    )
    .use(userEditRoutes(ctx, tokens));
}

/**
 * Editing and deleting an account. Mounted inside the `/auth` module (the spec's paths) and at the root, because
 * an existing desk client calls `PUT|DELETE /api/users/:id`: one handler, two paths.
 */
export function userEditRoutes(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .put(
      "/users/:id",
      ({ actor, body, params }) =>
        publicUser(updateUserProfile(ctx, actor, idParam(params.id, "Utente non valido"), body)),
      { auth: "admin", body: t.Object(profileBody, { error: "Dati non validi" }) },
    )
    .delete(
      "/users/:id",
      ({ actor, params }) => {
        deleteUser(ctx, actor, idParam(params.id, "Utente non valido"));
        return { message: "Utente eliminato" };
      },
      { auth: "admin" },
    );
}
