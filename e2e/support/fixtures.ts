/**
 * The Playwright `test` every journey imports: a fresh PrestaLab binary per test (its own data directory
 * and port), with the page's baseURL pointing at it. A file changes how it starts with
 * `test.use({ serverOptions: { env: { PRESTALAB_NOW: "…" } } })`.
 */
import { test as base } from "@playwright/test";
import { PrestaLabServer, type ServerOptions } from "./server";

export interface PrestaLabFixtures {
  serverOptions: ServerOptions;
  server: PrestaLabServer;
}

export const test = base.extend<PrestaLabFixtures>({
  serverOptions: [{}, { option: true }],
  server: async ({ serverOptions }, use, testInfo) => {
    const server = await PrestaLabServer.start(serverOptions);
    let ended: Awaited<ReturnType<PrestaLabServer["stop"]>>;
    try {
      await use(server);
    } finally {
      ended = await server.stop();
      // The server's own log explains most failures; keep it with the failed test's report.
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("server.log", { body: server.output(), contentType: "text/plain" });
      await server.dispose();
    }
    if (ended.code !== 0) throw new Error(`PrestaLab exited with ${ended.code ?? ended.signal} on SIGTERM`);
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect } from "@playwright/test";
