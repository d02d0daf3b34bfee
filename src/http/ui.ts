import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { Elysia } from "elysia";
import { notFound } from "./errors";
import { acceptsGzip } from "./response-cache";

/** Where the built UI comes from: embedded in the binary, or `ui/dist` on disk in development. */
export interface UiAssetSource {
  file(path: string): Blob | null;
}

export function diskUiAssets(dir: string): UiAssetSource | null {
  if (!existsSync(join(dir, "index.html"))) return null;
  // With the separator, so that a sibling such as `dist-old` does not pass for a file inside `dist`.
  const root = normalize(join(dir, sep));
  return {
    file(path) {
      const full = normalize(join(dir, path));
      if (!full.startsWith(root) || !existsSync(full) || !statSync(full).isFile()) return null;
      return Bun.file(full);
    },
  };
}

/** `files` maps a URL path ("/assets/app-1a2b.js") to the embedded file's path inside the binary. */
export function embeddedUiAssets(files: Record<string, string>): UiAssetSource {
  return { file: (path) => (files[path] ? Bun.file(files[path]) : null) };
}

const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const MISSING_UI_PAGE = `<!doctype html><html lang="it"><meta charset="utf-8"><title>PrestaLab</title>
<p>L'interfaccia non è stata compilata. Esegui <code>bun run build</code> oppure <code>bun run start</code>.</p></html>`;

/** The built code and styles, which gzip to about a third: the desk's first load is ~1 MB of them plain. */
const COMPRESSIBLE_TYPES = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

/**
 * The gzip of each hashed asset, made on its first request and kept: a hashed name never changes content,
 * and the build has a dozen of them, so the map stays small.
 */
function gzippedAssets() {
  const kept = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return (path: string, file: Blob) => {
    let gzipped = kept.get(path);
    if (!gzipped) {
      gzipped = file.arrayBuffer().then((bytes) => Bun.gzipSync(new Uint8Array(bytes), { level: 9 }));
      kept.set(path, gzipped);
    }
    return gzipped;
  };
}

/**
 * Serves the single-page app: real files by path, `/sw.js` as JavaScript, and `index.html` for every
 * other non-API path so that history routes such as /prestiti survive a reload. Hashed assets go out
 * gzipped to a browser that accepts it.
 */
export function uiRoutes(assets: UiAssetSource | null) {
  const gzipped = gzippedAssets();
  return new Elysia({ name: "ui" }).get("/*", async ({ path, request, set }) => {
    if (path === "/api" || path.startsWith("/api/")) throw notFound("Risorsa non trovata");
    set.headers["content-security-policy"] = UI_CSP;
    if (!assets) {
      set.headers["content-type"] = "text/html; charset=utf-8";
      return MISSING_UI_PAGE;
    }
    const file = path !== "/" ? assets.file(path) : null;
    if (file) {
      const hashed = path.startsWith("/assets/");
      set.headers["cache-control"] = hashed ? "public, max-age=31536000, immutable" : "no-cache";
      if (path === "/sw.js") set.headers["content-type"] = "text/javascript; charset=utf-8";
      if (!hashed || !COMPRESSIBLE_TYPES.test(file.type)) return file;
      set.headers.vary = "accept-encoding";
      if (!acceptsGzip(request)) return file;
      set.headers["content-type"] = file.type;
      set.headers["content-encoding"] = "gzip";
      return new Response(await gzipped(path, file));
    }
    // Unknown files (a typo'd asset) are 404; everything else is a client-side route.
    if (path.startsWith("/assets/")) throw notFound("Risorsa non trovata");
    set.headers["cache-control"] = "no-cache";
    set.headers["content-type"] = "text/html; charset=utf-8";
    return assets.file("/index.html");
  });
}
