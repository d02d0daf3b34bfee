import { Elysia, t } from "elysia";
import { isDesk } from "../../access";
import type { AppContext } from "../../context";
import { ldapConfigured, oidcConfigured } from "../../domain/academy-access";
import { academySignInErrorCode } from "../../domain/academy-sign-in-errors";
import { textKey } from "../../domain/text-key";
import { authPlugin, type TokenService } from "../../http/auth";
import { clientAddress } from "../../http/client-address";
import { badRequest, forbidden, HttpError, tooManyRequests, unauthorized } from "../../http/errors";
import { createFailureLimiter, signInDelayMs } from "../../http/rate-limit";
import { readsPlugin } from "../../read-model";
import { messageAnswer, redirectAnswer } from "../schemas";
import { readSettings } from "../settings/service";
import { normalizedEmail } from "../text-fields";
import { chooseOwnCourse } from "./course-choice";
import { signInWithDirectory } from "./ldap";
import {
  adminResetBody,
  forgotPasswordAnswer,
  forgotPasswordBody,
  loginBody,
  meAnswer,
  newPasswordBody,
  ownPasswordBody,
  passwordChangedAnswer,
  profileBody,
  publicUserView,
  registrationAnswer,
  registrationBody,
  resetRequestView,
  resetWithLinkBody,
  signedInAnswer,
  userListAnswer,
  userListQuery,
  userParams,
} from "./model";
import { createOidcSignIn, OIDC_STATE_COOKIE, publicAddress } from "./oidc";
import { resetLinkBase, resetPasswordWithLink } from "./reset-link";
import {
  changeOwnPassword,
  deleteUser,
  findUserByEmail,
  findUserById,
  listPendingResetRequests,
  registerUser,
  requestPasswordReset,
  setPasswordByAdmin,
  updateUserProfile,
  verifyCredentials,
  WRONG_CURRENT_PASSWORD,
} from "./service";
import { listUsers } from "./user-list";
import { publicUser } from "./users";

const FIFTEEN_MINUTES = 15 * 60_000;
const STUDENTS_USE_ACADEMY_ACCOUNT =
  "Gli studenti accedono con l'account dell'Accademia: usa il pulsante sopra il modulo";
const TOO_MANY_SIGN_UPS =
  "Troppe registrazioni da questa rete nell'ultima ora: riprova più tardi o chiedi al banco prestiti";

export function authModule(ctx: AppContext, tokens: TokenService) {
  const now = () => Date.now();
  const addressOf = (server: Parameters<typeof clientAddress>[0], request: Request) =>
    clientAddress(server, request, ctx.trustProxy ?? false);
  // Failed sign-ins: per (identifier, address) pair, more generously per address (a lab shares one
  // address), and per identifier across addresses only as a delay, so the owner always gets in.
  const loginFailuresByPair = createFailureLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES, now });
  const loginFailuresByIp = createFailureLimiter({ limit: 100, windowMs: FIFTEEN_MINUTES, now });
  const loginFailuresById = createFailureLimiter({ limit: Number.POSITIVE_INFINITY, windowMs: FIFTEEN_MINUTES, now });
  // A wrong current password while changing it: per account, so a stolen session cannot guess its way on.
  const passwordChangeFailuresByUser = createFailureLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES, now });
  const registerFailuresByIp = createFailureLimiter({ limit: 50, windowMs: FIFTEEN_MINUTES, now });
  // Self-registrations per address (docs/decisions/sign-up-throttle.md): counted as each one begins, so
  // a burst sent at once cannot all pass the check, and taken back when one fails.
  const signUpsByIp = createFailureLimiter({ limit: 50, windowMs: 4 * FIFTEEN_MINUTES, now });
  // Reset requests always "succeed", so each one counts: per (email, address) pair and per address.
  const resetRequestsByPair = createFailureLimiter({ limit: 5, windowMs: 4 * FIFTEEN_MINUTES, now });
  const resetRequestsByIp = createFailureLimiter({ limit: 50, windowMs: 4 * FIFTEEN_MINUTES, now });
  // Refused reset links (a wrong or spent token, a refused password) per address: see
  // docs/decisions/reset-link-throttle.md.
  const resetLinkFailuresByIp = createFailureLimiter({ limit: 20, windowMs: FIFTEEN_MINUTES, now });

  return new Elysia({ prefix: "/auth" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
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
        const access = readSettings(ctx.db).accesso;
        const local = await verifyCredentials(ctx, identifier, body.password);
        // The right local password, so saying why does not reveal whether the account exists.
        if (local && !isDesk(local) && !access.accesso_password_studenti) throw forbidden(STUDENTS_USE_ACADEMY_ACCOUNT);
        const user = local ?? (await signInWithDirectory(ctx, access, identifier, body.password));
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
      { body: loginBody, response: signedInAnswer },
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
        const selfRegistration = !caller || !isDesk(caller);
        if (selfRegistration) {
          if (signUpsByIp.isLimited(ip)) throw new HttpError(429, TOO_MANY_SIGN_UPS);
          signUpsByIp.recordFailure(ip);
        }
        try {
          const user = await registerUser(ctx, caller, body);
          if (!selfRegistration) return { user: publicUser(user), message: "Utente creato" };
          return { token: await tokens.sign(user), user: publicUser(user) };
        } catch (error) {
          if (selfRegistration) signUpsByIp.forgetLatest(ip);
          if (error instanceof HttpError && error.status < 500) registerFailuresByIp.recordFailure(ip);
          throw error;
        }
      },
      { body: registrationBody, response: registrationAnswer },
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
        requestPasswordReset(ctx, email);
        // Whether links are on depends on the configuration only, never on the address asked about.
        const byMail = resetLinkBase(ctx, readSettings(ctx.db)) !== null;
        return {
          per_email: byMail,
          message: byMail
            ? "Se l'indirizzo è registrato, riceverai un'e-mail con un link per scegliere una nuova password (vale un'ora); la richiesta è stata inoltrata anche all'amministrazione"
            : "Se l'indirizzo è registrato, la richiesta è stata inoltrata all'amministrazione",
        };
      },
      { body: forgotPasswordBody, response: forgotPasswordAnswer },
    )
    .post(
      "/reimposta-password",
      async ({ body, request, server }) => {
        const ip = addressOf(server, request);
        if (resetLinkFailuresByIp.isLimited(ip)) throw tooManyRequests();
        try {
          await resetPasswordWithLink(ctx, body.token, body.password);
        } catch (error) {
          if (error instanceof HttpError && error.status === 400) resetLinkFailuresByIp.recordFailure(ip);
          throw error;
        }
        return { message: "Password aggiornata: accedi con la nuova password" };
      },
      { body: resetWithLinkBody, response: messageAnswer },
    )
    .get("/me", ({ actor }) => ({ user: publicUser(actor) }), { auth: "signed-in", response: meAnswer })
    .put("/me/corso", ({ actor, body }) => ({ user: publicUser(chooseOwnCourse(ctx, actor, body.corso_accademico)) }), {
      auth: "signed-in",
      body: t.Object({ corso_accademico: t.String({ maxLength: 200, error: "Seleziona il corso accademico" }) }),
      response: meAnswer,
    })
    .put(
      "/password",
      async ({ actor, body }) => {
        const key = String(actor.id);
        if (passwordChangeFailuresByUser.isLimited(key)) throw tooManyRequests();
        try {
          const user = await changeOwnPassword(ctx, actor, body);
          passwordChangeFailuresByUser.clear(key);
          return { message: "Password cambiata", token: await tokens.sign(user), user: publicUser(user) };
        } catch (error) {
          if (error instanceof HttpError && error.message === WRONG_CURRENT_PASSWORD)
            passwordChangeFailuresByUser.recordFailure(key);
          throw error;
        }
      },
      { auth: "signed-in", body: ownPasswordBody, response: passwordChangedAnswer },
    )
    .get("/password-reset-requests", () => listPendingResetRequests(ctx), {
      auth: "admin",
      reads: ["users"],
      response: t.Array(resetRequestView),
    })
    .post(
      "/admin-reset-password",
      async ({ actor, body }) => {
        const target = findUserByEmail(ctx, body.email);
        await setPasswordByAdmin(ctx, actor, target, body.newPassword);
        return { message: "Password aggiornata con successo" };
      },
      { auth: "admin", body: adminResetBody, response: messageAnswer },
    )
    .get("/users", ({ query }) => listUsers(ctx, query), {
      auth: "admin",
      reads: ["users"],
      query: userListQuery,
      response: userListAnswer,
    })
    .put(
      "/users/:id/reset-password",
      async ({ actor, body, params }) => {
        const target = findUserById(ctx, Number(params.id));
        await setPasswordByAdmin(ctx, actor, target, body.newPassword);
        return { message: "Password aggiornata con successo" };
      },
      { auth: "admin", params: userParams, body: newPasswordBody, response: messageAnswer },
    )
    .use(oidcRoutes(ctx, tokens))
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
      ({ actor, body, params }) => publicUser(updateUserProfile(ctx, actor, Number(params.id), body)),
      { auth: "admin", params: userParams, body: profileBody, response: publicUserView },
    )
    .delete(
      "/users/:id",
      ({ actor, params }) => {
        deleteUser(ctx, actor, Number(params.id));
        return { message: "Utente eliminato" };
      },
      { auth: "admin", params: userParams, response: messageAnswer },
    );
}

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
      async ({ request, set }) => {
        const settings = readSettings(ctx.db);
        set.status = 302;
        let started: Awaited<ReturnType<typeof signIn.start>>;
        try {
          started = await signIn.start(settings);
        } catch (error) {
          // A browser that followed the sign-in button goes back to the sign-in screen, which says why;
          // any other client gets the error as JSON.
          const code = error instanceof HttpError ? academySignInErrorCode(error.message) : null;
          if (code === null || !request.headers.get("accept")?.includes("text/html")) throw error;
          set.headers.location = `${publicAddress(ctx, settings) ?? ""}/#accesso_errore=${code}`;
          return "";
        }
        const secure = publicAddress(ctx, settings)?.startsWith("https:") ? "; Secure" : "";
        set.headers["set-cookie"] =
          `${OIDC_STATE_COOKIE}=${started.state}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${STATE_COOKIE_SECONDS}${secure}`;
        set.headers.location = started.url;
        return "";
      },
      {
        detail: redirectAnswer(
          "Al servizio di accesso dell'Accademia; se l'accesso non può cominciare, un browser torna all'app con #accesso_errore=<codice>",
        ),
      },
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
