/**
 * "Usable within 1 s" (issue 14): every admin and student screen opened in Debian's Chromium against the
 * real binary on the bench's seeded data. A screen is usable when its main area has a heading and no
 * spinner is left in it: what a person can read and act on. The time runs from the navigation's start
 * (the browser's own clock, so it includes the page, its JavaScript and every call the screen makes).
 *
 * Each screen is opened twice: first right after the server started (every call a cache miss), then again
 * (what a person moving between screens meets). This is a measurement for the bench, not a test.
 *
 *   bun run bench --screens [--scale 5] [--no-build]
 */
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_EXECUTABLE } from "../playwright.config";

export interface ScreenInput {
  baseUrl: string;
  adminToken: string;
  studentToken: string;
  /** An item the student's course can borrow, for the item page. */
  studentItemId: number;
  /** Where a picture of each screen at the moment it became usable goes, to check what "usable" meant. */
  screenshotDir: string;
  progress: (message: string) => void;
}

export interface ScreenRow {
  who: "banco" | "studente";
  screen: string;
  path: string;
  firstMs: number;
  againMs: number;
}

const BUDGET_MS = 1_000;
const GIVE_UP_MS = 15_000;
const TOKEN_KEY = "prestalab.token";

function screensOf(input: ScreenInput): Array<Pick<ScreenRow, "who" | "screen" | "path">> {
  return [
    { who: "banco", screen: "Dashboard", path: "/dashboard" },
    { who: "banco", screen: "Inventario", path: "/inventario" },
    { who: "banco", screen: "Scheda articolo", path: `/inventario/${input.studentItemId}` },
    { who: "banco", screen: "Prestiti", path: "/prestiti" },
    { who: "banco", screen: "Banco", path: "/banco" },
    { who: "banco", screen: "Riparazioni", path: "/riparazioni" },
    { who: "banco", screen: "Utenti", path: "/utenti" },
    { who: "banco", screen: "Statistiche", path: "/statistiche" },
    { who: "banco", screen: "Sistema", path: "/sistema" },
    { who: "banco", screen: "Impostazioni", path: "/impostazioni" },
    { who: "studente", screen: "Dashboard", path: "/dashboard" },
    { who: "studente", screen: "Articoli disponibili", path: "/articoli" },
    { who: "studente", screen: "Scheda articolo", path: `/inventario/${input.studentItemId}` },
    { who: "studente", screen: "I miei prestiti", path: "/miei-prestiti" },
    { who: "studente", screen: "Segnalazioni", path: "/segnalazioni" },
  ];
}

/** Opens `path` signed in with `token` and answers the ms from navigation start until the screen is usable. */
async function timeToUsable(
  browser: Browser,
  baseUrl: string,
  token: string,
  path: string,
  screenshot?: string,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: "commit" });
    const usableAt = await page.waitForFunction(
      () => {
        const main = document.querySelector("main");
        const ready = main?.querySelector("h1, h2") && !main.querySelector(".animate-spin, [aria-busy='true']");
        return ready ? performance.now() : false;
      },
      undefined,
      { timeout: GIVE_UP_MS, polling: "raf" },
    );
    const ms = Math.round((await usableAt.jsonValue()) as number);
    if (screenshot) await page.screenshot({ path: screenshot });
    return ms;
  } finally {
    await context.close();
  }
}

export async function runScreenTimings(input: ScreenInput): Promise<ScreenRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE });
  try {
    const rows: ScreenRow[] = [];
    for (const [index, screen] of screensOf(input).entries()) {
      const token = screen.who === "banco" ? input.adminToken : input.studentToken;
      const picture = join(input.screenshotDir, `${String(index + 1).padStart(2, "0")}-${screen.who}.png`);
      const firstMs = await timeToUsable(browser, input.baseUrl, token, screen.path, picture);
      const againMs = await timeToUsable(browser, input.baseUrl, token, screen.path);
      input.progress(`  ${screen.who} ${screen.screen}: ${firstMs} ms, again ${againMs} ms`);
      rows.push({ ...screen, firstMs, againMs });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export function screensMarkdown(rows: ScreenRow[]): string {
  const lines = [
    `### Screens usable within ${BUDGET_MS / 1000} s (Chromium, 1280 px)`,
    "",
    "| who | screen | first open (cache misses) | again | within budget |",
    "|---|---|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.who} | ${row.screen} | ${row.firstMs} ms | ${row.againMs} ms | ${Math.max(row.firstMs, row.againMs) < BUDGET_MS ? "yes" : "NO"} |`,
    ),
  ];
  return lines.join("\n");
}
