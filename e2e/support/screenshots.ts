import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { projectRoot } from "./server";

/** Where journeys leave their pictures of the UI (gitignored; see README "Tests"). */
export const screenshotDir = join(projectRoot, "e2e", "screenshots");

/** The two layouts every screen is checked in: the desk's desktop and a student's phone. */
export const layouts = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Saves full-page screenshots of the current screen as e2e/screenshots/<name>-1280.png and
 * <name>-390.png, then puts the page back to the size it had.
 */
export async function saveScreenshots(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize();
  const saved: string[] = [];
  try {
    for (const layout of layouts) {
      await page.setViewportSize(layout);
      saved.push(await saveScreenshotAtCurrentWidth(page, name));
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return saved;
}

/** Saves the full-page screenshot e2e/screenshots/<name>-<width>.png at the width the page has now. */
export async function saveScreenshotAtCurrentWidth(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${page.viewportSize()?.width}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  return path;
}
