import { Elysia } from "elysia";
import { photoTurns, tooManyPhotos } from "../modules/photos/photo-jobs";
import { badRequest, HttpError } from "./errors";

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** A 10 MB spreadsheet arrives base64-encoded inside JSON: about 4/3 of its size. */
export const MAX_IMPORT_BODY_BYTES = 14 * 1024 * 1024;
/** A photo of at most MAX_PHOTO_BYTES (src/modules/photos/codec.ts) and the form around it. */
export const MAX_PHOTO_BODY_BYTES = 13 * 1024 * 1024;
export const IMPORT_PATH = "/api/excel/inventario/import";
/** The same upload, started as a job whose progress the page reads. */
export const IMPORT_JOB_PATH = `${IMPORT_PATH}/lavori`;
/** No request of the API nests deeper than a few levels; 32 leaves room and keeps validation cheap. */
export const MAX_JSON_DEPTH = 32;

export const tooLarge = () => new HttpError(413, "Richiesta troppo grande");

export const isImportPath = (path: string) => path === IMPORT_PATH || path === IMPORT_JOB_PATH;

/** A photo's upload, an item's or a fault report's: a form (multipart) with the image as `file`. */
export const isPhotoUploadPath = (path: string) => /^\/api\/(inventario|segnalazioni)\/\d{1,12}\/foto$/.test(path);

export function bodyLimitFor(path: string): number {
  if (isPhotoUploadPath(path)) return MAX_PHOTO_BODY_BYTES;
  return isImportPath(path) ? MAX_IMPORT_BODY_BYTES : MAX_BODY_BYTES;
}

/** Whether JSON text nests arrays/objects deeper than `limit`, found by one scan, without parsing it. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // backslash: the next character is escaped
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > limit) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

/** Reads a body to its end and keeps none of it: the caller is answered, and the body held no memory. */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read());
}

/**
 * The body's bytes, refused (413) past `limit` bytes, chunked or not. A body that says its length is read
 * whole, once that length is within the limit: reading it as a stream cost every such request a buffer of
 * about 230 kB however small its body, and the collector ran every few writes (a JSON body of 20 bytes).
 */
async function readCapped(request: Request, body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const length = request.headers.get("content-length");
  if (length !== null && /^\d{1,15}$/.test(length)) {
    if (Number(length) > limit) {
      await body.cancel();
      throw tooLarge();
    }
    return Buffer.from(await request.arrayBuffer());
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** A photo upload's form as `{ file, ...fields }`, or why it is refused (anything but a form). */
async function photoForm(request: Request, bytes: Buffer): Promise<Record<string, unknown> | HttpError> {
  const contentType = request.headers.get("content-type") ?? "";
  const refused = new HttpError(415, "Invia la foto come modulo (multipart/form-data) nel campo file");
  if (!contentType.startsWith("multipart/form-data")) return refused;
  try {
    const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
    return Object.fromEntries(form.entries());
  } catch {
    return refused;
  }
}

/**
 * What Bun.serve gets: the largest body any route accepts as the hard ceiling (Bun answers 413 past it
 * whether the body is chunked or announced), and no `reusePort`, which Elysia asks for by default: with
 * it a second server on a busy port would start and the kernel would split requests between the two.
 */
export function listenOptions(port: number, hostname: string) {
  return { port, hostname, maxRequestBodySize: MAX_IMPORT_BODY_BYTES, reusePort: false };
}

/**
 * Reads and parses every request body itself, before any route (public ones included) validates it: at
 * most the route's size limit however it is sent (413 at once), JSON only, nested at most MAX_JSON_DEPTH
 * levels — a body nested hundreds of thousands of levels deep would exhaust the stack while the schema
 * walks it, and even JSON.parse spends a quarter of a second on it, so it is never parsed.
 * A refused body becomes an empty object and its problem is answered once the route's auth check has
 * run (a caller without the right gets 401/403 whatever it sent): by onError when the schema refuses
 * the empty object, else before the handler. Bun's `maxRequestBodySize` (`listenOptions`) is the ceiling.
 */
export function bodyGuard() {
  const problems = new WeakMap<Request, HttpError>();
  const refuse = (request: Request, problem: HttpError) => {
    problems.set(request, problem);
    return {};
  };
  return {
    problemOf: (request: Request) => problems.get(request),
    plugin: new Elysia({ name: "body-guard" })
      .onParse({ as: "global" }, async ({ request, contentType }) => {
        if (!request.body) return;
        const path = new URL(request.url).pathname;
        // With the photo queue full the upload would be refused anyway: its body is not kept meanwhile.
        if (isPhotoUploadPath(path) && photoTurns.full()) {
          await drain(request.body);
          return refuse(request, tooManyPhotos());
        }
        const bytes = await readCapped(request, request.body, bodyLimitFor(path));
        if (isPhotoUploadPath(path)) {
          const form = await photoForm(request, bytes);
          return form instanceof HttpError ? refuse(request, form) : form;
        }
        const text = new TextDecoder().decode(bytes);
        if (text.trim() === "") return;
        if (contentType !== "application/json")
          return refuse(request, new HttpError(415, "Il corpo della richiesta deve essere in formato JSON"));
        if (nestsDeeperThan(text, MAX_JSON_DEPTH))
          return refuse(request, badRequest("Richiesta non valida: dati annidati troppo in profondità"));
        try {
          return JSON.parse(text);
        } catch {
          return refuse(request, badRequest("Richiesta non valida: il corpo non è un JSON corretto"));
        }
      })
      .onBeforeHandle({ as: "global" }, ({ request }) => {
        const problem = problems.get(request);
        if (problem) throw problem;
      }),
  };
}
