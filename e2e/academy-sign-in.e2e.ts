/**
 * Academy sign-in: a student signs in through the academy's own OpenID provider (a real `oidc-provider`,
 * started in this process), its login page included, and lands in the student area with the course their
 * group maps to: the catalogue shows that course's items only.
 */
import { OIDC_CLIENT, startTestProvider } from "../src/testing/oidc-provider";
import { expect, test } from "./support/fixtures";

test("a student signs in with the academy's account and finds their course's catalogue", async ({ page, server }) => {
  const provider = await startTestProvider([`${server.baseURL}/api/auth/oidc/callback`], {
    "giulia.foto": {
      email: "giulia.verdi@studenti.accademia.test",
      email_verified: true,
      given_name: "Giulia",
      family_name: "Verdi",
      groups: ["studenti-fotografia"],
    },
  });
  try {
    const admin = await server.login();
    const configured = await server.configureSignIn(admin, {
      oidc_issuer: provider.issuer,
      oidc_client_id: OIDC_CLIENT.id,
      oidc_client_secret: OIDC_CLIENT.secret,
      oidc_scopes: "openid email profile groups",
      gruppi_corsi: { "studenti-fotografia": "Fotografia" },
    });
    expect(configured.status).toBe(200);
    for (const [nome, corso] of [
      ["Reflex per il corso di fotografia", "Fotografia"],
      ["Tavoletta grafica per il corso di design", "Design"],
    ])
      expect(
        (
          await server.call("POST", "/api/inventario", {
            token: admin,
            body: { nome, quantita_totale: 1, tipo_prestito: "solo_esterno", corsi_assegnati: [corso] },
          })
        ).status,
      ).toBeLessThan(300);

    await page.goto("/");
    await page.getByRole("link", { name: "Accedi con l'account dell'Accademia" }).click();
    // The provider's own login page.
    await page.locator('input[name="login"]').fill("giulia.foto");
    await page.locator('input[name="password"]').fill("qualsiasi");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page.getByRole("heading", { name: "Benvenuto, Giulia Verdi" })).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
    await page.getByRole("link", { name: "Articoli Disponibili" }).first().click();
    await expect(page.getByText("Reflex per il corso di fotografia")).toBeVisible();
    await expect(page.getByText("Tavoletta grafica per il corso di design")).toHaveCount(0);
  } finally {
    await provider.stop();
  }
});
