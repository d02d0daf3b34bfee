/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Accessibility checks for the journeys: axe-core on the current screen at the desktop and phone widths,
 * every visible form control named, and the keyboard contract of a dialog (focus in, Tab kept inside,
 * Escape closes, focus back on the opener).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import axe, { type RunOptions } from "axe-core";
import { layouts, saveGuidePicture, saveScreenshotAtCurrentWidth } from "./screenshots";

/**
 * The rules run: WCAG 2.0–2.2 at levels A and AA, including those axe leaves off unless asked (the target
 * size of 2.5.8), and axe's best practices (a main landmark, one top heading, headings in order).
 */
const AUDITED_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** Dark mode follows the system setting: every screen is checked in both. */
const COLOR_SCHEMES = ["light", "dark"] as const;

/** An open modal dialog or drawer covers the page: the checks then look at it alone. */
const OPEN_DIALOG = '[aria-modal="true"]';

/** The visible inputs, selects and text areas that have no accessible name. */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate((dialogSelector) => {
    const dialogs = document.querySelectorAll(dialogSelector);
    const root = dialogs[dialogs.length - 1] ?? document;
    const controls = [...root.querySelectorAll<HTMLElement>("input, select, textarea")];
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim();
    const unnamed: string[] = [];
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === "hidden") continue;
      // Visually hidden radios and checkboxes (sr-only inside a label) still count: they are operable.
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      const rendered = style.display !== "none" && style.visibility !== "hidden" && box.width * box.height > 0;
      if (!rendered) continue;
      const labels = (control as HTMLInputElement).labels;
      const name =
        control.getAttribute("aria-label")?.trim() ||
        textOf(control.getAttribute("aria-labelledby") ?? "") ||
        [...(labels ?? [])]
          .map((label) => label.textContent ?? "")
          .join(" ")
          .trim() ||
        control.getAttribute("title")?.trim() ||
        "";
      if (!name) unnamed.push(control.outerHTML.slice(0, 160));
    }
    return unnamed;
  }, OPEN_DIALOG);
}

/**
 * Runs axe and the control-name check on the current screen at 1280 and 390 px, in the light and the dark
 * colour scheme, saves the screenshots (`-dark` for the dark ones), and fails (softly, so one run reports
 * every screen) on any violation. With a dialog open only the dialog is checked: the
 * page under it has its own audit.
 */
export async function auditScreen(page: Page, screen: string) {
  const original = page.viewportSize();
  try {
    for (const [index, scheme] of COLOR_SCHEMES.entries()) {
      await page.emulateMedia({ colorScheme: scheme });
      // Each width is laid out once per scheme, for its audit and its screenshot together; the second
      // scheme walks the widths backwards, starting at the one the first ended on.
      for (const layout of index === 0 ? layouts : [...layouts].reverse()) {
        await page.setViewportSize(layout);
        await auditLayout(page, screen, scheme, layout.width);
        await saveScreenshotAtCurrentWidth(page, scheme === "light" ? `a11y-${screen}` : `a11y-${screen}-dark`);
        if (scheme === "light" && layout.width === 1280) await saveGuidePicture(page, screen);
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
    if (original) await page.setViewportSize(original);
  }
}

/**
 * axe and the control names on the current screen at its current width, in the light scheme only: for a
 * lean journey, whose screens' dark palette and other width the sweeps of accessibility.e2e.ts cover.
 */
export async function auditScreenOnce(page: Page, screen: string) {
  const width = page.viewportSize()?.width ?? 0;
  await auditLayout(page, screen, "light", width);
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `"${screen}" scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The page's own copy of axe, once `loadAxe` evaluated it there. */
type WithAxe = { axe?: typeof axe };

/**
 * Evaluates axe's script in the page unless the page already holds it: a single-page app keeps it across
 * its screens, where evaluating half a megabyte of script again before every pass cost about half a
 * second. Axe goes into the page alone, not into frames: the UI has none.
 */
async function loadAxe(page: Page) {
  if (await page.evaluate(() => (window as WithAxe).axe !== undefined)) return;
  await page.evaluate(axe.source);
  await page.evaluate(() => (window as WithAxe).axe?.configure({ allowedOrigins: ["<same_origin>"] }));
}

async function auditLayout(page: Page, screen: string, scheme: (typeof COLOR_SCHEMES)[number], width: number) {
  // Only the violations are read: axe then skips building a selector for every node that passed, which
  // on the demo's inventory (3,800 elements) is most of a sweep's time. The violations come out the same.
  const options: RunOptions = { resultTypes: ["violations"], runOnly: { type: "tag", values: AUDITED_TAGS } };
  // With a dialog open only the dialog is audited.
  const context = (await page.locator(OPEN_DIALOG).count()) > 0 ? OPEN_DIALOG : null;
  // Audit the settled screen: a colour caught mid-transition (a card just chosen) is neither the old one
  // nor the new, and its contrast means nothing.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  await loadAxe(page);
  const results = await page.evaluate(
    ({ context, options }) => {
      const inPage = (window as WithAxe).axe;
      if (!inPage) throw new Error("axe is not loaded in the page");
      return inPage.run(context ?? document, options);
    },
    { context, options },
  );
  // Every violation fails, whatever its impact: a moderate one (a heading level skipped) is still a screen
  // that reads wrong to someone.
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  const where = `"${screen}" at ${width} px in the ${scheme} scheme`;
  expect.soft(violations, `axe: violations on ${where}`).toEqual([]);
  expect.soft(await unnamedControls(page), `controls without a name on ${where}`).toEqual([]);
}

async function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Opens a dialog from the keyboard and checks its contract: focus moves inside, Tab and Shift+Tab never
 * leave it, Escape closes it and the focus returns to the control that opened it.
 */
export async function checkDialogKeyboard(page: Page, opener: Locator, dialogName: string | RegExp) {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsInside(dialog), { message: "focus moves into the dialog" }).toBe(true);
  for (let press = 0; press < 20; press++) {
    await page.keyboard.press("Tab");
    expect(await focusIsInside(dialog), `Tab ${press + 1} keeps the focus inside`).toBe(true);
  }
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsInside(dialog), `Shift+Tab ${press + 1} keeps the focus inside`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
