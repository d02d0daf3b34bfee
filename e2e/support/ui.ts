/**
 * Steps every journey repeats on the screens: signing in and out, moving between sections, opening a
 * second browser for another person. Selectors are the visible Italian texts and accessible names.
 */
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import type { Credentials, PrestaLabServer } from "./server";

/** The key under which the UI keeps its session token (ui/src/lib/api.ts). */
const TOKEN_KEY = "prestalab.token";

/** Signs in through the sign-in form, as a person would. */
export async function signIn(page: Page, credentials: Credentials) {
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page.getByRole("button", { name: "Esci" }).first()).toBeVisible();
}

/**
 * Opens the UI already signed in: the token comes from the API and goes where the UI keeps it. For
 * journeys whose subject is not the sign-in itself.
 */
export async function openSignedIn(page: Page, server: PrestaLabServer, credentials: Credentials, path = "/") {
  const token = await server.login(credentials);
  await page.goto("/");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Esci" }).first()).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Esci" }).first().click();
  await expect(page.getByLabel("Email o nome utente")).toBeVisible();
}

/** The sidebar (desktop layout). */
export function sidebar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Navigazione principale" });
}

/** An administrator's section from the sidebar: "Inventario", "Prestiti", "Gestione Utenti"… */
export async function openAdminSection(page: Page, label: string, heading = label) {
  await sidebar(page).getByRole("link", { name: label, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A student's view from the sidebar: "Dashboard", "I Miei Prestiti", "Articoli Disponibili", "Segnala Guasto". */
export async function openStudentView(page: Page, label: string) {
  await sidebar(page).getByRole("link", { name: label, exact: true }).click();
  await expect(sidebar(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
}

const ITALIAN_MONTHS = [
  "gennaio",
  "febbraio",
  "marzo",
  "aprile",
  "maggio",
  "giugno",
  "luglio",
  "agosto",
  "settembre",
  "ottobre",
  "novembre",
  "dicembre",
];

/** A day of the booking calendar, by its Italian accessible name ("lunedì 9 marzo 2026"). */
export function calendarDay(scope: Locator, isoDate: string): Locator {
  const [year, month, day] = isoDate.split("-").map(Number);
  return scope.getByRole("button", { name: new RegExp(`\\b${day} ${ITALIAN_MONTHS[(month ?? 1) - 1]} ${year}`) });
}

/** Picks a booking's first and last day on the calendar (one click for a one-day booking). */
export async function pickBookingDays(scope: Locator, from: string, to = from) {
  await expect(scope.getByRole("grid").first()).toBeVisible();
  for (const day of from === to ? [from] : [from, to]) {
    while (!(await calendarDay(scope, day).isVisible()))
      await scope.getByRole("button", { name: "Vai al mese successivo" }).click();
    await calendarDay(scope, day).click();
  }
}

/** The system page, reached from the footer's "Sistema" link (desktop has no sidebar entry for it). */
export async function openSystemFromFooter(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Sistema" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stato del Sistema" })).toBeVisible();
}

/** A second person at another computer: a browser context of its own on the same server. */
export async function openSecondBrowser(browser: Browser, server: PrestaLabServer): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

/** The open dialog with this title. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole("dialog", { name: title });
}

/** A short success or error message ("toast") containing this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("status").filter({ hasText: text });
}
