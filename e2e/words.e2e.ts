/**
 * No word breaks across lines on any main screen, for the desk and for a student, at 1280 and 390 px: the
 * demo academy's long names, e-mails and codes included. One visit per screen and width, measured by
 * e2e/support/words.ts (no axe here: the accessibility sweep does that).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { Credentials } from "./support/server";
import { openSignedIn } from "./support/ui";
import { brokenWords } from "./support/words";

test.use({ serverScope: "file", serverOptions: { args: ["--demo"] } });

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const DESK_SCREENS = [
  "/dashboard",
  "/inventario",
  "/kit",
  "/prestiti",
  "/banco",
  "/riparazioni",
  "/utenti",
  "/statistiche",
  "/statistiche?tab=domanda",
  "/impostazioni",
  "/sistema",
];
const STUDENT_SCREENS = ["/dashboard", "/articoli", "/miei-prestiti", "/mie-prenotazioni", "/attese", "/segnalazioni"];

/** Visits each screen once per width and answers every broken word, named by screen and width. */
async function sweep(page: Page, screens: string[]) {
  const broken: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // The screen's data is in once no spinner is left.
      await expect(page.locator("[role=status]", { hasText: /Caricament/ })).toHaveCount(0);
      for (const word of await brokenWords(page))
        broken.push(`${path} @${size.width}: "${word.word}" in ${word.inside}`);
    }
  }
  return broken;
}

async function signedIn(page: Page, server: Parameters<typeof openSignedIn>[1], who: Credentials) {
  await openSignedIn(page, server, who, "/dashboard");
}

test("no word breaks on the desk's screens at 1280 and 390 px", async ({ page, server }) => {
  test.setTimeout(120_000);
  await signedIn(page, server, server.admin);
  expect(await sweep(page, DESK_SCREENS)).toEqual([]);
});

test("no word breaks on the student's screens at 1280 and 390 px", async ({ page, server }) => {
  test.setTimeout(90_000);
  const student = server.demo?.student;
  if (!student) throw new Error("the demo academy prints a student account");
  await signedIn(page, server, student);
  expect(await sweep(page, STUDENT_SCREENS)).toEqual([]);
});
