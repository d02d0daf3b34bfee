import { describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { Glob } from "bun";

/**
 * The layers, checked rather than hoped for (STYLE.md): the UI takes from the server only its pure rules
 * (src/domain), the models' exported types and the app's type (which types the Eden client); a UI feature
 * takes nothing from another (only the app shell puts features together); a service takes from the HTTP
 * layer only the error type it throws; the read model is reached through its entry point and sits below the
 * modules' routes and services; who may see what lives in src/access, below the modules, and is reached
 * through its index alone; no import loop runs between two files.
 */
const ROOT = resolve(import.meta.dir, "..");
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^"';]*?from\s+"([^"]+)"/gm;

interface ImportLine {
  file: string;
  target: string;
  typeOnly: boolean;
}

function importsOf(pattern: string): ImportLine[] {
  const lines: ImportLine[] = [];
  for (const path of new Glob(pattern).scanSync({ cwd: ROOT })) {
    const text = readFileSync(resolve(ROOT, path), "utf8");
    for (const [, typeKeyword, specifier] of text.matchAll(IMPORT)) {
      if (!specifier?.startsWith(".")) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(path), specifier));
      lines.push({ file: path, target, typeOnly: Boolean(typeKeyword) });
    }
  }
  return lines;
}

/** Each server file (tests aside) and the files it imports, named without ".ts" (a folder by its index). */
function serverImportGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const fileOf = (target: string) => (existsSync(resolve(ROOT, `${target}/index.ts`)) ? `${target}/index` : target);
  for (const { file, target } of importsOf("src/**/*.ts")) {
    if (file.endsWith(".test.ts")) continue;
    const from = file.replace(/\.ts$/, "");
    graph.set(from, [...(graph.get(from) ?? []), fileOf(target)]);
  }
  return graph;
}

function leadsTo(graph: Map<string, string[]>, from: string, to: string): boolean {
  const seen = new Set([from]);
  const pending = [from];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (file === to) return true;
    for (const next of graph.get(file) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return false;
}

describe("layering", () => {
  it("lets the UI take from the server only src/domain, the models' types and the app's type", () => {
    const exportedTypes = /\/model$|^src\/app$/;
    const reaches = importsOf("ui/{src,test}/**/*.{ts,tsx}")
      .filter(({ target }) => target.startsWith("src/"))
      .filter(({ target, typeOnly }) => !target.startsWith("src/domain/") && !(typeOnly && exportedTypes.test(target)))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("keeps each UI feature to itself: what two features share lives in ui/src/api, components or lib", () => {
    const featureOf = (path: string) => /^ui\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
    const reaches = importsOf("ui/src/**/*.{ts,tsx}")
      .filter(({ target }) => target.startsWith("ui/src/features/"))
      .filter(({ file, target }) => !file.startsWith("ui/src/app/") && featureOf(file) !== featureOf(`${target}/`))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("lets services take from the HTTP layer only the errors they throw", () => {
    const reaches = importsOf("src/modules/**/*.ts")
      .filter(({ file }) => !/\/(index|model)\.ts$|\.test\.ts$/.test(file))
      .filter(({ target }) => target.startsWith("src/http/") && target !== "src/http/errors")
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("keeps the test harness out of the product: only tests and src/testing itself import src/testing", () => {
    const reaches = importsOf("src/**/*.ts")
      .filter(({ file }) => !file.endsWith(".test.ts") && !file.startsWith("src/testing/"))
      .filter(({ target }) => target === "src/testing" || target.startsWith("src/testing/"))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("lets the rest of the server take the read model only through its entry point, src/read-model/index.ts", () => {
    const reaches = importsOf("{src,scripts}/**/*.ts")
      .filter(({ file }) => !file.startsWith("src/read-model/"))
      .filter(({ target }) => target.startsWith("src/read-model/"))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("keeps the read model below the modules: it takes no module's routes or services, nor the app", () => {
    // The list readers' thread is the exception: it builds the whole app on a thread of its own.
    const threadEntry = "src/read-model/list-reader-worker.ts";
    const isModule = (target: string) => /^src\/modules\/[^/]+$/.test(target) && existsSync(resolve(ROOT, target));
    const reaches = importsOf("src/read-model/**/*.ts")
      .filter(({ file }) => !file.endsWith(".test.ts") && file !== threadEntry)
      .filter(
        ({ target }) =>
          target === "src/app" || isModule(target) || /^src\/modules\/[^/]+\/(index|service)$/.test(target),
      )
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("runs no import loop between two files, within a module or across modules: what both need lives below", () => {
    const graph = serverImportGraph();
    const loops = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => leadsTo(graph, target, file)).map((target) => `${file} → ${target}`),
    );
    expect(loops).toEqual([]);
  });

  it("keeps src/access below the modules and the HTTP layer: it imports neither", () => {
    const reaches = importsOf("src/access/**/*.ts")
      .filter(({ file }) => !file.endsWith(".test.ts"))
      .filter(({ target }) => target.startsWith("src/modules/") || target.startsWith("src/http/"))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("lets the rest of the server reach src/access only through its index", () => {
    const reaches = importsOf("src/**/*.ts")
      .filter(({ file }) => !file.startsWith("src/access/"))
      .filter(({ target }) => target.startsWith("src/access/"))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(reaches).toEqual([]);
  });

  it("checks a role nowhere but in src/access: services ask it who may see what", () => {
    const roleCheck = /\bruolo\s*[!=]==?\s*"admin"|"admin"\s*[!=]==?\s*\S*ruolo\b|eq\(users\.ruolo,\s*"admin"\)/;
    const checks = [...new Glob("src/**/*.ts").scanSync({ cwd: ROOT })]
      .filter(
        (path) => !path.startsWith("src/access/") && !path.endsWith(".test.ts") && !path.startsWith("src/testing/"),
      )
      .filter((path) => roleCheck.test(readFileSync(resolve(ROOT, path), "utf8")));
    expect(checks).toEqual([]);
  });
});
