import { describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/**
 * What the server's thread loads before its first answer: every file src/main.ts reaches through static
 * imports. The packages only some calls need are loaded with their first call (a dynamic `import()`) or on
 * their worker thread, so that the binary starts and idles small (DESIGN §7).
 */
const ROOT = resolve(import.meta.dir, "..");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?"([^"]+)"/gm;

const LOADED_ON_FIRST_USE = ["pdf-lib", "qrcode", "xlsx", "nodemailer", "@elysiajs/openapi"];

/** The packages src/main.ts reaches through static, non-type imports, each with the file that imports it. */
function packagesLoadedAtStart(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const pending = ["src/main.ts"];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const text = readFileSync(resolve(ROOT, file), "utf8");
    for (const [, typeOnly, specifier] of text.matchAll(STATIC_IMPORT)) {
      if (typeOnly || !specifier) continue;
      if (!specifier.startsWith(".")) {
        if (!packages.has(specifier)) packages.set(specifier, file);
        continue;
      }
      const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
      const path = existsSync(resolve(ROOT, `${target}.ts`)) ? `${target}.ts` : `${target}/index.ts`;
      if (seen.has(path) || !existsSync(resolve(ROOT, path))) continue;
      seen.add(path);
      pending.push(path);
    }
  }
  return packages;
}

describe("start-up", () => {
  it("loads the PDF, spreadsheet, mail and API-document packages only when first used", () => {
    const isLazy = (specifier: string) =>
      LOADED_ON_FIRST_USE.some((name) => specifier === name || specifier.startsWith(`${name}/`));
    const early = [...packagesLoadedAtStart()].filter(([specifier]) => isLazy(specifier));
    expect(early.map(([specifier, file]) => `${file} → ${specifier}`)).toEqual([]);
  });

  it("does reach the packages every answer needs (the walk follows the imports)", () => {
    expect([...packagesLoadedAtStart().keys()]).toEqual(expect.arrayContaining(["elysia", "drizzle-orm"]));
  });
});
