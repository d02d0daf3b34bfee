/**
 * The Playwright `test` every journey imports: a fresh PrestaLab binary per test (its own data directory
 * and port), with the page's baseURL pointing at it. A file changes how it starts with
 * `test.use({ serverOptions: { env: { PRESTALAB_NOW: "…" } } })`.
 *
 * A file whose tests build on each other (with `test.describe.configure({ mode: "serial" })`) can share one
 * server among its tests with `test.use({ serverScope: "file" })`: the server starts with the file's first
 * test and stops before the next file's first test, or when the worker ends. So can a file of independent
 * tests that only share a costly start (`mode: "parallel"`): each worker then starts one server for the
 * file's tests it runs.
 */
import { test as base, type TestInfo } from "@playwright/test";
import { PrestaLabServer, type ServerOptions } from "./server";

export type ServerScope = "test" | "file";

export interface PrestaLabFixtures {
  serverOptions: ServerOptions;
  serverScope: ServerScope;
  server: PrestaLabServer;
}

interface WorkerFixtures {
  sharedServerReaper: undefined;
}

/** The one file-scoped server of this worker (files run one after the other inside a worker). */
let shared: { file: string; server: PrestaLabServer } | null = null;

async function stopServer(server: PrestaLabServer) {
  const ended = await server.stop();
  await server.dispose();
  if (ended.code !== 0) throw new Error(`PrestaLab exited with ${ended.code ?? ended.signal} on SIGTERM`);
}

async function stopSharedServer() {
  const current = shared;
  shared = null;
  if (current) await stopServer(current.server);
}

async function attachLogOnFailure(server: PrestaLabServer, testInfo: TestInfo) {
  // The server's own log explains most failures; keep it with the failed test's report.
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach("server.log", { body: server.output(), contentType: "text/plain" });
}

export const test = base.extend<PrestaLabFixtures, WorkerFixtures>({
  serverOptions: [{}, { option: true }],
  serverScope: ["test", { option: true }],
  sharedServerReaper: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern; it needs none.
    async ({}, use) => {
      await use(undefined);
      await stopSharedServer();
    },
    { scope: "worker", auto: true },
  ],
  server: async ({ serverOptions, serverScope }, use, testInfo) => {
    if (serverScope === "file") {
      if (shared && shared.file !== testInfo.file) await stopSharedServer();
      if (!shared) shared = { file: testInfo.file, server: await PrestaLabServer.start(serverOptions) };
      const { server } = shared;
      await use(server);
      await attachLogOnFailure(server, testInfo);
      return;
    }
    const server = await PrestaLabServer.start(serverOptions);
    let ended: Awaited<ReturnType<PrestaLabServer["stop"]>>;
    try {
      await use(server);
    } finally {
      ended = await server.stop();
      await attachLogOnFailure(server, testInfo);
      await server.dispose();
    }
    if (ended.code !== 0) throw new Error(`PrestaLab exited with ${ended.code ?? ended.signal} on SIGTERM`);
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect } from "@playwright/test";
