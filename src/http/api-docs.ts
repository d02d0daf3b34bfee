import { toOpenAPISchema } from "@elysiajs/openapi";
import { type AnyElysia, Elysia } from "elysia";
import { VERSION } from "../domain/version";

export const API_DOCS_PATH = "/api/docs";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDocument = {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
};

const DESCRIPTION =
  "API di PrestaLab. Le chiamate protette portano `Authorization: Bearer <token>` (il token di " +
  "POST /api/auth/login); ogni operazione dice chi può chiamarla. Gli errori sono `{ error }` con un messaggio " +
  "in italiano e lo stato HTTP giusto.";

/** An OpenAPI path: `/api/inventario/:id` → `/api/inventario/{id}`. */
const openApiPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** A TypeBox schema as plain JSON Schema (TypeBox keeps its own marks in symbols, which JSON drops). */
const plainSchema = (schema: unknown): Schema => JSON.parse(JSON.stringify(schema));

/**
 * The OpenAPI document of every `/api` route, generated from the routes' own `t` schemas.
 * Every body is JSON (the body guard refuses anything else), but the generator cannot tell that from a
 * parser written as a function, so the bodies are described here from the same schemas.
 */
function documentOf(api: AnyElysia): OpenApiDocument {
  const generated = toOpenAPISchema(api) as unknown as Pick<OpenApiDocument, "paths">;
  const paths: OpenApiDocument["paths"] = {};
  for (const [path, operations] of Object.entries(generated.paths)) {
    if (!path.startsWith(API_DOCS_PATH) && !path.includes("*")) paths[path] = operations;
  }
  for (const route of api.routes) {
    const body = (route.hooks as { body?: unknown }).body;
    const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    if (body && operation) operation.requestBody = { content: { "application/json": { schema: plainSchema(body) } } };
  }
  return { info: { title: "PrestaLab API", version: VERSION, description: DESCRIPTION }, paths };
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
  let document: OpenApiDocument | undefined;
  const current = () => {
    document ??= documentOf(api);
    return document;
  };
  return new Elysia()
    .get("/docs/json", () => current())
    .get(
      "/docs",
      () => new Response(referencePage(current()), { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
}
