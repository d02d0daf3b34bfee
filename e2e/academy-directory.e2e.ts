/**
 * The academy's directory seen from the desk: a real slapd (started in this process) loses a student who
 * still holds a camera; the server's restart runs the daily check, Sistema lists her, Prestiti flags her
 * loan, and the academy sign-in that cannot reach its provider says why on the sign-in screen. Lean: the
 * accounts and the loan are seeded through the API, Sistema gets one axe pass (1280 px, light).
 */
import { directoryAccess, freePort, LDAP_ANNA, LDAP_CARLA, startTestDirectory } from "../src/testing/slapd";
import { auditScreenOnce } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { openSignedIn, openSystemFromFooter, sidebar, signOut } from "./support/ui";

test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-10T09:00:00+01:00" } } });

const carla = LDAP_CARLA;
const anna = LDAP_ANNA;

test("the desk sees who left the directory, on Sistema and beside their loan", async ({ page, server }) => {
  const directory = await startTestDirectory([anna, carla]);
  try {
    const admin = await server.login();
    const configured = await server.configureSignIn(
      admin,
      directoryAccess(directory.url, {
        // A local port nothing listens on: the academy's OpenID provider, down.
        oidc_issuer: `http://127.0.0.1:${await freePort()}`,
        oidc_client_id: "prestalab",
      }),
    );
    expect(configured.status).toBe(200);
    const signedIn: Record<string, number> = {};
    for (const person of [anna, carla]) {
      const answer = await server.call("POST", "/api/auth/login", {
        body: { email: person.mail, password: person.password },
      });
      expect(answer.status).toBe(200);
      signedIn[person.uid] = answer.body.user.id;
    }
    const camera = await server.call("POST", "/api/inventario", {
      token: admin,
      body: {
        nome: "Fotocamera Sony FX3",
        unita: ["FX3_001"],
        corsi_assegnati: ["Fotografia"],
        tipo_prestito: "solo_esterno",
      },
    });
    expect(camera.status).toBe(200);
    const lent = await server.call("POST", "/api/prestiti", {
      token: admin,
      body: {
        inventario_id: camera.body.id,
        unita_ids: [camera.body.unita[0].id],
        utente_id: signedIn[carla.uid],
        chi: "",
        tipo_utilizzo: null,
        note: null,
        data_uscita: "2026-03-10",
        data_rientro: "2026-03-13",
        consegna: true,
      },
    });
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);

    // Carla leaves the academy; the daily check runs with the first round of the restarted server.
    await directory.remove(carla.uid);
    await server.restart();
    await expect
      .poll(async () => (await server.call("GET", "/api/system/directory", { token: admin })).body.ultimo_controllo)
      .toMatchObject({ esito: "completato", account_controllati: 2, account_scomparsi: 1 });

    await openSignedIn(page, server, server.admin, "/dashboard");
    await openSystemFromFooter(page);
    const card = page.getByRole("region", { name: "Account non più nella directory" });
    await expect(card).toContainText("2 account LDAP controllati");
    await expect(card.getByRole("listitem")).toHaveCount(1);
    await expect(card.getByRole("link", { name: "Carla Via" })).toBeVisible();
    await auditScreenOnce(page, "sistema-directory");

    await sidebar(page).getByRole("link", { name: "Prestiti", exact: true }).click();
    const loan = page.getByRole("article", { name: /Fotocamera Sony FX3 · Carla Via/ });
    await expect(loan.getByText("Account scaduto")).toBeVisible();

    // At the sign-in screen: the academy's button meets a provider that does not answer.
    await signOut(page);
    await page.getByRole("link", { name: "Accedi con l'account dell'Accademia" }).click();
    await expect(
      page.getByText(
        "Il servizio di accesso dell'Accademia non risponde: riprova tra poco, o accedi con la password se ne hai una",
      ),
    ).toBeVisible();
  } finally {
    await directory.stop();
  }
});
