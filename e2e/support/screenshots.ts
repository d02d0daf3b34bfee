import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { projectRoot } from "./server";

/** Where journeys leave their pictures of the UI (gitignored; see README "Tests"). */
export const screenshotDir = join(projectRoot, "e2e", "screenshots");

/** Where the desk's guide (docs/guida-banco.md) finds its pictures; these are committed. */
export const guideImageDir = join(projectRoot, "docs", "img");

/**
 * The journeys' screens that the desk's guide shows, by screenshot name → file under docs/img/. Each run
 * of the journey rewrites its picture, so the guide follows the screens as they change.
 */
const GUIDE_PICTURES: Readonly<Record<string, string>> = {
  "desk-dashboard": "dashboard",
  "desk-refuse-request": "richiesta",
  "desk-new-loan-5-dates": "prestito-diretto",
  "counter-scan-handover": "banco",
  "counter-return-preview": "banco-restituzione",
  "repairs-reports-tab": "riparazioni",
  "desk-penalty-modal": "penalita",
  "insight-stats-advanced-30": "statistiche",
  "settings-closure": "impostazioni",
  // Screens the set journey audits (auditScreen saves them too).
  "sets-kit-form": "kit",
  "sets-pending": "set-in-attesa",
  "sets-banco-handover": "set-consegna",
  "sets-banco-return": "set-restituzione",
};

/** The two layouts every screen is checked in: the desk's desktop and a student's phone. */
export const layouts = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Saves full-page screenshots of the current screen as e2e/screenshots/<name>-1280.png and
 * <name>-390.png, then puts the page back to the size it had. A screen the guide shows is also saved to
 * docs/img/ as the desk sees it: the 1280 px window from the top of the page, in the light scheme every
 * journey but the accessibility sweep runs in.
 */
export async function saveScreenshots(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize();
  const saved: string[] = [];
  try {
    for (const layout of layouts) {
      await page.setViewportSize(layout);
      saved.push(await saveScreenshotAtCurrentWidth(page, name));
      if (layout.width === 1280) await saveGuidePicture(page, name);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return saved;
}

/**
 * When the guide shows this screen, saves docs/img/<picture>.png from the current page: the window from
 * the top of the page, as the desk opens it, whatever the journey scrolled to.
 */
export async function saveGuidePicture(page: Page, name: string) {
  const guidePicture = GUIDE_PICTURES[name];
  if (!guidePicture) return;
  mkdirSync(guideImageDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(guideImageDir, `${guidePicture}.png`), animations: "disabled" });
}

/**
 * Review pictures are taken when asked for (`E2E_SCREENSHOTS=1`): a full-page picture of a long screen
 * costs a second or more, four times per audited screen, and `bun run test` needs none of them.
 */
export const reviewPicturesWanted = process.env.E2E_SCREENSHOTS === "1";

/**
 * Saves the full-page screenshot e2e/screenshots/<name>-<width>.png at the width the page has now, when
 * review pictures are wanted; answers its path either way.
 */
export async function saveScreenshotAtCurrentWidth(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir, `${name}-${page.viewportSize()?.width}.png`);
  if (!reviewPicturesWanted) return path;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  return path;
}
