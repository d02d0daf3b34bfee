import { afterAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diskUiAssets, embeddedUiAssets } from "./ui";

const base = mkdtempSync(join(tmpdir(), "prestalab-ui-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function builtUi() {
  const dist = join(base, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<html>PrestaLab</html>");
  writeFileSync(join(dist, "assets", "app-1a2b.js"), "console.log(1)");
  // A sibling whose name starts like the UI folder, and a secret one level up.
  mkdirSync(join(base, "dist-old"), { recursive: true });
  writeFileSync(join(base, "dist-old", "index.html"), "old");
  writeFileSync(join(base, "secret.key"), "segreto");
  return dist;
}

describe("UI assets on disk", () => {
  it("is absent when the UI was never built", () => {
    expect(diskUiAssets(join(base, "non-compilata"))).toBeNull();
  });

  it("serves files inside the build folder only", async () => {
    const assets = diskUiAssets(builtUi());
    expect(assets).not.toBeNull();
    expect(await assets?.file("/index.html")?.text()).toBe("<html>PrestaLab</html>");
    expect(await assets?.file("/assets/app-1a2b.js")?.text()).toBe("console.log(1)");
    expect(assets?.file("/assets")).toBeNull();
    expect(assets?.file("/nope.js")).toBeNull();
    expect(assets?.file("/../secret.key")).toBeNull();
    expect(assets?.file("/../dist-old/index.html")).toBeNull();
  });
});

describe("UI assets embedded in the binary", () => {
  it("maps URL paths to embedded files and nothing else", () => {
    const dist = builtUi();
    const assets = embeddedUiAssets({ "/index.html": join(dist, "index.html") });
    expect(assets.file("/index.html")).not.toBeNull();
    expect(assets.file("/secret.key")).toBeNull();
  });
});
