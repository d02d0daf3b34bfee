/**
 * Smoke test of the compiled binary: starts dist/prestalab in an empty temporary directory, measures the
 * cold start to the first healthy /api/health, signs in, checks that the embedded UI is served (root, a
 * deep link, a hashed asset, the service worker), asks once for each thing whose code loads on first use
 * (the spreadsheets, the import's and the PDFs' workers, the API document), then stops it with SIGTERM and
 * checks a clean shutdown.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrestaLabServer } from "../e2e/support/server";

const failures: string[] = [];

function check(condition: unknown, message: string) {
  if (!condition) failures.push(message);
  return Boolean(condition);
}

async function text(server: PrestaLabServer, path: string) {
  const answer = await fetch(`${server.baseURL}${path}`);
  return { status: answer.status, type: answer.headers.get("content-type") ?? "", body: await answer.text() };
}

/** A one-pixel PNG. */
const PNG_PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/** A file answer's status and first bytes ("%PDF", or "PK" for a spreadsheet, which is a zip). */
async function file(server: PrestaLabServer, path: string, token: string) {
  const answer = await fetch(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return { status: answer.status, bytes, head: new TextDecoder().decode(bytes.subarray(0, 4)) };
}

/**
 * What the binary loads only when first asked (docs/decisions/start-up-bytecode-and-lazy-modules.md) works
 * inside it: the import template, an import of it on the import's worker, the export on the read worker,
 * the labels on the PDF worker, the OpenAPI document.
 */
async function checkLoadedOnFirstUse(server: PrestaLabServer, token: string) {
  const template = await file(server, "/api/excel/inventario/template", token);
  check(template.status === 200 && template.head.startsWith("PK"), `the import template answered ${template.status}`);
  const fileData = `data:application/octet-stream;base64,${Buffer.from(template.bytes).toString("base64")}`;
  const imported = await server.call("POST", "/api/excel/inventario/import", {
    token,
    body: { fileName: "template-inventario.xlsx", fileData },
  });
  check(imported.status === 200, `importing the template answered ${imported.status} ${JSON.stringify(imported.body)}`);
  const inventory = await server.call("GET", "/api/inventario", { token });
  const unitIds = (inventory.body as Array<{ unita: Array<{ id: number }> }>).flatMap((item) =>
    item.unita.map((unit) => unit.id),
  );
  check(unitIds.length === 2, `the imported template made ${unitIds.length} units, expected 2`);
  const labels = await file(server, `/api/etichette?unita=${unitIds.join(",")}`, token);
  check(labels.status === 200 && labels.head === "%PDF", `the labels answered ${labels.status} ${labels.head}`);
  // The Code 128 bars come from bwip-js, drawn in the PDF worker: the roll format proves both run in the binary.
  const roll = await file(server, `/api/etichette?unita=${unitIds.join(",")}&formato=29mm`, token);
  check(roll.status === 200 && roll.head === "%PDF", `the 29 mm labels answered ${roll.status} ${roll.head}`);
  // Photos are re-encoded by jpeg-js and pngjs on the photo worker: a PNG in, a JPEG out, inside the binary.
  const itemId = (inventory.body as Array<{ id: number }>)[0]?.id;
  const form = new FormData();
  form.set("file", new Blob([PNG_PIXEL], { type: "image/png" }), "foto.png");
  const uploaded = await fetch(`${server.baseURL}/api/inventario/${itemId}/foto`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const photo = (await uploaded.json()) as { url?: string };
  const kept = photo.url ? await file(server, photo.url, token) : undefined;
  check(
    kept?.bytes[0] === 0xff && kept.bytes[1] === 0xd8,
    `the photo upload answered ${uploaded.status} ${JSON.stringify(photo)}`,
  );
  const spreadsheet = await file(server, "/api/excel/inventario/export", token);
  check(spreadsheet.status === 200 && spreadsheet.head.startsWith("PK"), `the export answered ${spreadsheet.status}`);
  const docs = await server.call("GET", "/api/docs/json", { token });
  check(docs.body?.openapi === "3.1.0", `/api/docs/json answered ${docs.status}`);
}

/** SIGTERM must end the server with exit code 0, the WAL folded into the database and the lock removed. */
async function stopCleanly(server: PrestaLabServer) {
  const ended = await server.stop();
  check(ended.code === 0, `SIGTERM ended the server with ${ended.code ?? ended.signal}, expected exit code 0`);
  const dataFiles = readdirSync(server.dataDir);
  const wal = join(server.dataDir, "prestalab.db-wal");
  check(!existsSync(wal) || statSync(wal).size === 0, `the WAL was not checkpointed (${dataFiles.join(", ")})`);
  check(!dataFiles.includes("server.pid"), "the server left its server.pid lock behind");
  check(dataFiles.includes("prestalab.db") && dataFiles.includes("secret.key"), `data dir holds ${dataFiles}`);
}

const workDir = mkdtempSync(join(tmpdir(), "prestalab-smoke-"));
// The binary is compiled with .env autoload disabled: this file must have no effect.
writeFileSync(join(workDir, ".env"), "APP_NAME=Caricato-da-dotenv\n");

let server: PrestaLabServer | null = null;
try {
  server = await PrestaLabServer.start({ workDir });
  console.log(`smoke: cold start to first healthy /api/health: ${server.startupMs.toFixed(0)} ms`);

  const health = await server.call("GET", "/api/health");
  check(health.body?.ok === true, `/api/health answered ${JSON.stringify(health.body)}`);
  check(health.body?.appName === "PrestaLab", `.env was loaded by the binary (appName ${health.body?.appName})`);

  const token = await server.login();
  const me = await server.call("GET", "/api/auth/me", { token });
  check(me.body?.user?.isAdmin === true, `the first administrator is not an admin: ${JSON.stringify(me.body)}`);

  await checkLoadedOnFirstUse(server, token);

  const root = await text(server, "/");
  check(root.status === 200 && root.type.startsWith("text/html"), `GET / answered ${root.status} ${root.type}`);
  check(root.body.includes('id="root"'), "GET / is not the UI's index.html");
  const deepLink = await text(server, "/prestiti");
  check(deepLink.status === 200 && deepLink.body === root.body, `GET /prestiti is not the UI (${deepLink.status})`);

  const script = root.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (check(script, "index.html references no /assets/*.js script") && script) {
    const asset = await text(server, script);
    check(
      asset.status === 200 && /javascript/.test(asset.type),
      `GET ${script} answered ${asset.status} ${asset.type}`,
    );
  }
  const worker = await text(server, "/sw.js");
  check(worker.status === 200 && /javascript/.test(worker.type), `GET /sw.js answered ${worker.status} ${worker.type}`);
  const missingApi = await server.call("GET", "/api/non-esiste");
  check(missingApi.status === 404, `an unknown /api path answered ${missingApi.status}, expected 404`);

  await stopCleanly(server);

  // A second start on the same data: no migrations to apply and no administrator to create.
  server = await PrestaLabServer.start({ workDir });
  console.log(`smoke: restart on existing data to first healthy /api/health: ${server.startupMs.toFixed(0)} ms`);
  check(await server.login(), "sign-in after a restart failed");
  await stopCleanly(server);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  await server?.dispose();
  rmSync(workDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`smoke: FAILED\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  if (server) console.error(`\nserver output:\n${server.output()}`);
  process.exit(1);
}
console.log(
  "smoke: ok (health, sign-in, spreadsheets, import, labels, API document, UI at / and /prestiti, assets, /sw.js, clean SIGTERM, WAL checkpointed, restart)",
);
