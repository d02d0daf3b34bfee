import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium: Playwright's own browser download cannot be
 * reached here) against the compiled binary, dist/prestalab — `bun run build` first; `bun run test` does.
 * Files end in .e2e.ts so that `bun test` never picks them up.
 */
/** Debian's Chromium, as every journey starts it (a journey adding switches starts from these). */
export const CHROMIUM_EXECUTABLE = "/usr/bin/chromium";
// The machine's network is closed: without the background-networking switches Chromium keeps trying to
// reach Google's services at every start.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // Two workers, each with its own browser, servers and data directories (every server picks a free port
  // and a temporary directory): a journey spends much of its time waiting on the other processes, so two
  // overlap well even on two cores. Files still run whole inside one worker, in order.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // The accessibility sweep audits every screen four times (two widths, light and dark) and takes minutes by
  // design; a file is "slow" for this suite past ten, and only then is it worth a line.
  reportSlowTests: { max: 5, threshold: 10 * 60_000 },
  // The list reporter ends the run with its own "N passed" / "N failed" summary; junit goes to a file.
  reporter: [["list"], ["junit", { outputFile: "test-results/junit.xml" }]],
  use: {
    // A trace records every action's DOM and a screencast of the page: a third of the suite's time on two
    // cores (docs/decisions/e2e-records-no-trace.md). A failure still leaves its screenshot and the page's
    // accessibility tree beside the error; `bun x playwright test --trace on <file>` records one when wanted.
    trace: "off",
    screenshot: "only-on-failure",
    locale: "it-IT",
    timezoneId: "Europe/Rome",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        headless: true,
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM_EXECUTABLE,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
