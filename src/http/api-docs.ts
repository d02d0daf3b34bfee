import { OptionalKind } from "@sinclair/typebox";
import { type AnyElysia, Elysia } from "elysia";
import { VERSION } from "../domain/version";
import { BEARER_SCHEME } from "./auth";

export const API_DOCS_PATH = "/api/docs";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type MediaTypes = Record<string, { schema: Schema }>;
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses?: Record<string, { content?: MediaTypes; $ref?: string }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

const DESCRIPTION =
  "API di PrestaLab. Le chiamate protette portano `Authorization: Bearer <token>` (il token di " +
  "POST /api/auth/login); ogni operazione dice chi può chiamarla. Gli errori sono `{ error }` con un messaggio " +
  "in italiano e lo stato HTTP giusto.";

/** Every refusal (a 4xx) answers `{ error }`: a bad body or a body too large is possible on any route. */
const REFUSAL = {
  description: "Richiesta rifiutata: `error` dice perché, in italiano.",
  content: {
    "application/json": {
      schema: { type: "object", required: ["error"], properties: { error: { type: "string" } } },
    },
  },
};

const COMPONENTS = {
  securitySchemes: {
    [BEARER_SCHEME]: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
      description: "Il token di POST /api/auth/login; vale 12 ore e decade con un cambio di password o di ruolo.",
    },
  },
  responses: { Rifiuto: REFUSAL },
};

/** An OpenAPI path: `/api/inventario/:id` → `/api/inventario/{id}`. */
const openApiPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** Keywords whose value is a map of schemas, a list of schemas, or one schema. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SUBSCHEMAS = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains"]);

/**
 * What TypeBox writes that OpenAPI 3.1 (JSON Schema 2020-12) does not know: `error`, the Italian message
 * the server answers for a bad field, and `nullable`, OpenAPI 3.0's word (t.Nullable also writes the
 * `null` branch, which 3.1 reads).
 */
const TYPEBOX_ONLY_KEYWORDS = new Set(["error", "nullable"]);

/** t.MaybeEmpty and t.Optional allow `undefined`, which JSON cannot carry: in a body it means "no body". */
const isUndefined = (schema: unknown) => (schema as Schema | null)?.type === "undefined";

/** A body the route may go without: t.Optional (a mark JSON drops), or a union with `undefined`. */
const acceptsNoBody = (schema: Schema) =>
  OptionalKind in schema || (Array.isArray(schema.anyOf) && schema.anyOf.some(isUndefined));

/**
 * A route's TypeBox schema as OpenAPI 3.1 wants it (see TYPEBOX_ONLY_KEYWORDS and isUndefined). It also
 * turns TypeBox's own marks (kept in symbols) into plain JSON.
 */
function openApiSchema(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const converted: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (TYPEBOX_ONLY_KEYWORDS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword))
      converted[keyword] = Object.fromEntries(
        Object.entries(value as Schema).map(([name, part]) => [name, openApiSchema(part)]),
      );
    else if (SCHEMA_LISTS.has(keyword))
      converted[keyword] = (value as unknown[]).filter((part) => !isUndefined(part)).map(openApiSchema);
    else if (SUBSCHEMAS.has(keyword)) converted[keyword] = openApiSchema(value);
    else converted[keyword] = JSON.parse(JSON.stringify(value));
  }
  return converted;
}

const mapSchemas = (content: MediaTypes | undefined) => {
  for (const media of Object.values(content ?? {})) media.schema = openApiSchema(media.schema) as Schema;
};

/**
 * The rules every operation follows, written once here so a new route follows them too: its schemas in
 * OpenAPI 3.1's words, a summary, who may call it (the auth macro marks the signed-in routes; any other is
 * public) and the refusal every route can answer.
 */
function completeOperation(path: string, method: string, operation: Operation) {
  operation.summary ??= `${method.toUpperCase()} ${path}`;
  operation.security ??= [];
  for (const parameter of operation.parameters ?? []) parameter.schema = openApiSchema(parameter.schema) as Schema;
  mapSchemas(operation.requestBody?.content);
  for (const response of Object.values(operation.responses ?? {})) mapSchemas(response.content);
  operation.responses = { ...operation.responses, "4XX": { $ref: "#/components/responses/Rifiuto" } };
}

/**
 * The OpenAPI 3.1 document of every `/api` route, generated from the routes' own `t` schemas.
 * Every body is JSON (the body guard refuses anything else), but the generator cannot tell that from a
 * parser written as a function, so the bodies are described here from the same schemas.
 */
async function documentOf(api: AnyElysia): Promise<OpenApiDocument> {
  // The generator is loaded with the first request for the document, which most runs never make.
  const { toOpenAPISchema } = await import("@elysiajs/openapi");
  const generated = toOpenAPISchema(api) as unknown as Pick<OpenApiDocument, "paths">;
  const paths: OpenApiDocument["paths"] = {};
  for (const [path, operations] of Object.entries(generated.paths)) {
    if (!path.startsWith(API_DOCS_PATH) && !path.includes("*")) paths[path] = operations;
  }
  for (const route of api.routes) {
    const body = (route.hooks as { body?: Schema }).body;
    const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    if (body && operation)
      operation.requestBody = { required: !acceptsNoBody(body), content: { "application/json": { schema: body } } };
  }
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) completeOperation(path, method, operation);
  return {
    openapi: "3.1.0",
    info: { title: "PrestaLab API", version: VERSION, description: DESCRIPTION },
    // Relative: the document describes the server that serves it, whatever its address.
    servers: [{ url: "/", description: "Questo server PrestaLab" }],
    paths,
    components: COMPONENTS,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const schemaBlock = (title: string, schema: Schema | undefined) =>
  schema
    ? `<details><summary>${title}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`
    : "";

/** A route answering a file says which kind (fileAnswer in src/modules/schemas.ts). */
function fileLine(operation: Operation): string {
  const kinds = Object.keys(operation.responses?.["200"]?.content ?? {}).filter((kind) => kind !== "application/json");
  return kinds.length ? `<p>Risposta 200: file <code>${escapeHtml(kinds.join(", "))}</code></p>` : "";
}

function operationSection(path: string, method: string, operation: Operation) {
  const parameters = (operation.parameters ?? [])
    .map(
      (parameter) =>
        `<li><code>${escapeHtml(parameter.name)}</code> (${parameter.in === "path" ? "percorso" : "query"}` +
        `${parameter.required ? ", obbligatorio" : ""})</li>`,
    )
    .join("");
  return `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.description ?? "Accesso: pubblico.")}</p>
${parameters ? `<p>Parametri:</p><ul>${parameters}</ul>` : ""}
${schemaBlock("Corpo (JSON)", operation.requestBody?.content["application/json"]?.schema)}
${schemaBlock("Risposta 200 (JSON)", operation.responses?.["200"]?.content?.["application/json"]?.schema)}
${fileLine(operation)}
</section>`;
}

/** A self-contained reference page: no script, no font, nothing fetched from elsewhere (campus networks). */
function referencePage(document: OpenApiDocument) {
  const sections = Object.entries(document.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => operationSection(path, method, operation)),
    )
    .join("\n");
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1c1917;background:#fff}
code,pre{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
pre{background:#f5f5f4;padding:.75rem;overflow:auto;white-space:pre-wrap}
.op{border-top:1px solid #d6d3d1;padding:.5rem 0}
.op h3{font-size:1rem;margin:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700}
.get{color:#1d4ed8}.post{color:#15803d}.put{color:#a16207}.delete{color:#b91c1c}
summary{cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Documento OpenAPI in formato JSON: <a href="docs/json">/api/docs/json</a> (anche con <code>prestalab openapi</code>).</p>
${sections}
</main>
</body>
</html>`;
}

/**
 * The API documentation for academy IT writing integrations: the reference page at `/api/docs` and the
 * OpenAPI document at `/api/docs/json`. Both are built once, on first request, from the app's routes.
 */
export function apiDocs(api: AnyElysia) {
  let document: Promise<OpenApiDocument> | undefined;
  const current = () => {
    document ??= documentOf(api);
    return document;
  };
  return new Elysia()
    .get("/docs/json", () => current())
    .get(
      "/docs",
      async () =>
        new Response(referencePage(await current()), { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
}
