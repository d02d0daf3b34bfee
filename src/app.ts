import { Elysia, type ValidationError } from "elysia";
import type { AppContext } from "./context";
import { apiDocs } from "./http/api-docs";
import { createTokenService } from "./http/auth";
import { bodyGuard, bodyLimitFor, isImportPath, tooLarge } from "./http/body-guard";
import { HttpError, INTERNAL_ERROR_MESSAGE } from "./http/errors";
import { UNMATCHED_ROUTE } from "./http/metrics";
import { type UiAssetSource, uiRoutes } from "./http/ui";
import { alertsModule } from "./modules/alerts";
import { auditModule } from "./modules/audit";
import { authModule, userEditRoutes } from "./modules/auth";
import { availabilityModule } from "./modules/availability";
import { calendarModule } from "./modules/calendar";
import { counterModule } from "./modules/counter";
import { coursesModule } from "./modules/courses";
import { demandModule } from "./modules/demand";
import { eventsModule } from "./modules/events";
import { excelModule } from "./modules/excel";
import { createImportJobs } from "./modules/excel/import-jobs";
import { healthModule } from "./modules/health";
import { inventoryModule } from "./modules/inventory";
import { jsonTextOf } from "./modules/json-text";
import { kitsModule } from "./modules/kits";
import { loansModule } from "./modules/loans";
import { notificationsModule } from "./modules/notifications";
import { penaltiesModule } from "./modules/penalties";
import { peopleModule } from "./modules/people";
import { photosModule } from "./modules/photos";
import { repairsModule } from "./modules/repairs";
import { reportsModule } from "./modules/reports";
import { searchModule } from "./modules/search";
import { setsModule } from "./modules/sets";
import { settingsModule } from "./modules/settings";
import { setupModule } from "./modules/setup";
import { statsModule } from "./modules/stats";
import { systemModule } from "./modules/system";
import {
  compressedStream,
  createResponseCache,
  encodeJson,
  gzippedJsonOf,
  isStreamedList,
  jsonResponse,
  type ListReaders,
  readsOffThread,
  resourcesRead,
} from "./read-model";

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

/**
 * Posts that write nothing to the database, so they need not wait while an import holds the write lock:
 * sign-in keeps its throttle in memory and records no last sign-in (docs/decisions/sign-in-beside-import.md).
 */
const WRITE_FREE_POSTS = new Set(["/api/auth/login"]);

/** The message of a failed `t` schema: the field's Italian `error`, else a generic one. */
function validationMessage(error: ValidationError): string {
  const custom = (error.valueError?.schema as { error?: unknown } | undefined)?.error;
  return typeof custom === "string" ? custom : "Dati non validi";
}

/**
 * Builds the whole HTTP application from its dependencies. It never listens: the command line
 * serves it, and tests call `app.handle(request)` directly.
 */
/**
 * What the log says a request asked for: an API call's route template ("/api/calendario/:token"), never
 * its address, which may carry a secret (the calendar feed's token); a path no API route serves is named
 * by the same fixed key as in the metrics. The UI's pages are logged by their path.
 */
function loggedPath(path: string, route: string | undefined): string {
  if (!path.startsWith("/api")) return path;
  // A path under /api that no API route serves reaches the UI's catch-all route.
  return route?.startsWith("/api") ? route : UNMATCHED_ROUTE;
}

export function createApp(
  ctx: AppContext,
  options: {
    ui?: UiAssetSource | null;
    /** The threads that compute the polled lists on a miss (src/read-model/list-readers.ts); without them, this thread does. */
    readers?: ListReaders | null;
    /** False in a list reader: the server's thread keeps the answers. */
    listCache?: boolean;
  } = {},
) {
  const tokens = createTokenService(ctx);
  const startedAt = new WeakMap<Request, number>();
  const responses = options.listCache === false ? null : createResponseCache(ctx);
  const readers = options.readers ?? null;
  const bodies = bodyGuard();
  const writes = ctx.writes;
  const imports = createImportJobs(ctx, writes);
  const heldWrites = new WeakSet<Request>();

  const api = new Elysia({ prefix: "/api" })
    .use(healthModule(ctx))
    .use(authModule(ctx, tokens))
    .use(userEditRoutes(ctx, tokens))
    .use(inventoryModule(ctx, tokens))
    .use(availabilityModule(ctx, tokens))
    .use(kitsModule(ctx, tokens))
    .use(excelModule(ctx, tokens, imports))
    .use(loansModule(ctx, tokens))
    .use(notificationsModule(ctx, tokens))
    .use(counterModule(ctx, tokens))
    .use(penaltiesModule(ctx, tokens))
    .use(alertsModule(ctx, tokens))
    .use(repairsModule(ctx, tokens))
    .use(reportsModule(ctx, tokens))
    .use(statsModule(ctx, tokens))
    .use(systemModule(ctx, tokens))
    .use(auditModule(ctx, tokens))
    .use(settingsModule(ctx, tokens))
    .use(setupModule(ctx, tokens))
    .use(coursesModule(ctx, tokens))
    .use(eventsModule(ctx, tokens))
    .use(searchModule(ctx, tokens))
    .use(calendarModule(ctx, tokens))
    .use(setsModule(ctx, tokens))
    .use(peopleModule(ctx, tokens))
    .use(photosModule(ctx, tokens))
    .use(demandModule(ctx, tokens));
  api.use(apiDocs(api));

  return new Elysia()
    .onRequest(({ request, set }) => {
      startedAt.set(request, performance.now());
      Object.assign(set.headers, SECURITY_HEADERS);
      const path = new URL(request.url).pathname;
      if (path.startsWith("/api")) set.headers["cache-control"] = "no-store";
      // A declared size over the limit is refused before anything is read; bodyGuard counts the rest.
      if (Number(request.headers.get("content-length") ?? 0) > bodyLimitFor(path)) {
        set.status = 413;
        return tooLarge().toBody();
      }
    })
    .onError(({ code, error, set, request, path, route }) => {
      // Errors thrown while parsing (e.g. the auth check) arrive wrapped in a ParseError.
      const cause = code === "PARSE" ? (error as { cause?: unknown }).cause : error;
      if (cause instanceof HttpError) {
        set.status = cause.status;
        return cause.toBody();
      }
      if (code === "PARSE") {
        set.status = 400;
        return { error: "Richiesta non valida: il corpo non è un JSON corretto" };
      }
      const bodyProblem = bodies.problemOf(request);
      if (code === "VALIDATION" && bodyProblem) {
        set.status = bodyProblem.status;
        return bodyProblem.toBody();
      }
      if (code === "VALIDATION") {
        set.status = 400;
        return { error: validationMessage(error as ValidationError) };
      }
      if (code === "NOT_FOUND") {
        set.status = 404;
        return { error: "Risorsa non trovata" };
      }
      const message = error instanceof Error ? error.message : String(error);
      ctx.logger.error(`${request.method} ${loggedPath(path, route)} failed: ${message}`);
      ctx.metrics.recordIncident("api", `${request.method} ${loggedPath(path, route)}: errore interno`);
      set.status = 500;
      return { error: INTERNAL_ERROR_MESSAGE };
    })
    .onBeforeHandle({ as: "global" }, async ({ request }) => {
      // Every write waits here while an import holds the write lock (src/db/write-gate.ts); the import's
      // own requests do not: they wait for the import itself. Nor do posts that write nothing.
      if (request.method === "GET" || request.method === "HEAD") return;
      const path = new URL(request.url).pathname;
      if (isImportPath(path) || WRITE_FREE_POSTS.has(path)) return;
      await writes.enter();
      heldWrites.add(request);
    })
    .onBeforeHandle({ as: "global" }, async ({ request, route, set }) => {
      const reads = resourcesRead(request);
      if (!responses || request.method !== "GET" || !reads) return;
      const actor = await tokens.actorOf(request);
      // Lists differ by who asks (a student sees their own); the same user gets the same answer.
      const kept = await responses.lookup(request, `${actor?.id ?? 0} ${request.url}`, reads);
      if (kept || !actor || !readers || !readsOffThread(route, new URL(request.url))) return kept;
      const read = await readers.read(request);
      // When no reader could compute it, the route's handler does, here.
      return read ? responses.storeRead(request, read, set.headers as Record<string, string>) : undefined;
    })
    .mapResponse({ as: "global" }, async ({ request, responseValue, set }) => {
      if (isStreamedList(responseValue))
        return responses && request.method === "GET" && resourcesRead(request)
          ? responses.storeStream(request, responseValue)
          : compressedStream(request, responseValue);
      const status = typeof set.status === "number" ? set.status : 200;
      const headers = set.headers as Record<string, string>;
      const gzipped = gzippedJsonOf(responseValue);
      if (gzipped)
        return responses && request.method === "GET" && resourcesRead(request)
          ? responses.storeGzipped(request, gzipped, headers)
          : jsonResponse(request, { body: null, gzipped }, headers, status);
      const builtText = jsonTextOf(responseValue);
      // Plain objects and arrays, and JSON text a list built: files and other responses go out as they are.
      const isPlain = Array.isArray(responseValue) || Object.getPrototypeOf(responseValue ?? 0) === Object.prototype;
      if (builtText === undefined && !isPlain) return;
      const text = builtText ?? JSON.stringify(responseValue);
      if (responses && request.method === "GET" && status === 200 && resourcesRead(request))
        return responses.store(request, text, headers);
      return jsonResponse(request, encodeJson(text), headers, status);
    })
    .onAfterResponse(({ request, set, route }) => {
      const ms = performance.now() - (startedAt.get(request) ?? performance.now());
      const status = typeof set.status === "number" ? set.status : 200;
      const path = new URL(request.url).pathname;
      // Keyed by route pattern: every path no route serves shares one key, so clients cannot grow the table.
      if (path.startsWith("/api"))
        ctx.metrics.recordRequest(route ? `${request.method} ${route}` : UNMATCHED_ROUTE, status, ms);
      ctx.logger.info(`${request.method} ${loggedPath(path, route)} ${status} ${ms.toFixed(1)}ms`);
      // A list whose handler failed releases the callers that waited for it (a success already did).
      responses?.settle(request);
      if (heldWrites.delete(request)) writes.leave();
    })
    .use(bodies.plugin)
    .use(api)
    .use(uiRoutes(options.ui ?? null));
}

export type App = ReturnType<typeof createApp>;
