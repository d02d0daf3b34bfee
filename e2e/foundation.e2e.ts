import { readFileSync } from "node:fs";
import { join } from "node:path";
import { auditScreenOnce } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { projectRoot } from "./support/server";
import { openSignedIn } from "./support/ui";

const { version } = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { version: string };

test("the binary serves the UI at the root and at a deep link", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  for (const path of ["/", "/prestiti"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(/PrestaLab/);
    await expect(page.getByText(/PrestaLab/).first()).toBeVisible();
    // React mounted: the embedded script ran under the UI's Content-Security-Policy.
    await expect(page.locator("#root > *").first()).toBeAttached();
  }
  await page.goto("/");
  await saveScreenshots(page, "foundation-home");
  expect(pageErrors).toEqual([]);
});

test(`health reports version ${version}`, async ({ request }) => {
  const answer = await request.get("/api/health");
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ ok: true, version, clock: "real" });
});

test("the first administrator and a new student sign in through the API", async ({ server }) => {
  const adminToken = await server.login();
  const admin = await server.call("GET", "/api/auth/me", { token: adminToken });
  expect(admin.body.user).toMatchObject({ email: server.admin.email, isAdmin: true });

  const student = await server.registerStudent();
  const studentToken = await server.login(student);
  const me = await server.call("GET", "/api/auth/me", { token: studentToken });
  expect(me.body.user).toMatchObject({ email: student.email, isAdmin: false });
  expect((await server.call("GET", "/api/auth/users", { token: studentToken })).status).toBe(403);

  const wrong = await server.call("POST", "/api/auth/login", {
    body: { email: student.email, username: student.email, password: "not-the-password" },
  });
  expect(wrong.status).toBe(401);
});

test("a restart with a shifted clock keeps the data", async ({ server }) => {
  const student = await server.registerStudent();
  await server.restart({ PRESTALAB_NOW: "2027-01-15T10:00:00+01:00" });

  const health = await server.call("GET", "/api/health");
  expect(health.body).toMatchObject({ clock: "shifted", today: "2027-01-15" });
  expect(await server.login(student)).toEqual(expect.any(String));
});

test("a clean install's dashboard starts with Primi passi, its done step ticked and each step a link to its screen", async ({
  page,
  server,
}) => {
  // The desk adds a course before opening the dashboard: that step is ticked, the other four are still to do.
  const token = await server.login();
  expect((await server.call("POST", "/api/corsi", { token, body: { nome: "Scenografia" } })).status).toBe(200);
  await openSignedIn(page, server, server.admin, "/dashboard");
  const checklist = page.getByRole("region", { name: "Primi passi" });
  await expect(checklist.getByRole("listitem")).toHaveText([
    /^1\. Nome e indirizzo pubblico.*Da fare$/,
    /^2\. Corsi9 corsi attiviFatto$/,
    /^3\. Giorni di apertura.*Da fare$/,
    /^4\. Primi articoli.*Da fare$/,
    /^5\. Posta elettronica.*Da fare$/,
  ]);
  await expect(checklist).toContainText("1 di 5 fatti");
  await auditScreenOnce(page, "primi-passi");
  await saveScreenshots(page, "primi-passi");

  await checklist.getByRole("link", { name: "5. Posta elettronica" }).click();
  await expect(page.getByRole("heading", { name: "Posta elettronica" })).toBeInViewport();
});
