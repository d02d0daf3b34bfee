import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { Elysia } from "elysia";
import { notFound } from "./errors";

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

/**
 * Serves the single-page app: real files by path, `/sw.js` as JavaScript, and `index.html` for every
 * other non-API path so that history routes such as /prestiti survive a reload.
 */
export function uiRoutes(assets: UiAssetSource | null) {
  return new Elysia({ name: "ui" }).get("/*", ({ path, set }) => {
    if (path === "/api" || path.startsWith("/api/")) throw notFound("Risorsa non trovata");
    set.headers["content-security-policy"] = UI_CSP;
    if (!assets) {
      set.headers["content-type"] = "text/html; charset=utf-8";
      return MISSING_UI_PAGE;
    }
    const file = path !== "/" ? assets.file(path) : null;
    if (file) {
      set.headers["cache-control"] = path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
      if (path === "/sw.js") set.headers["content-type"] = "text/javascript; charset=utf-8";
      return file;
    }
    // Unknown files (a typo'd asset) are 404; everything else is a client-side route.
    if (path.startsWith("/assets/")) throw notFound("Risorsa non trovata");
    set.headers["cache-control"] = "no-cache";
    set.headers["content-type"] = "text/html; charset=utf-8";
    return assets.file("/index.html");
  });
}
