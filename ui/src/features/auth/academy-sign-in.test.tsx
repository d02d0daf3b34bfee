import { describe, expect, it } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import { aStudent } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import { shellApi } from "../../../test/shell-api";
import { TOKEN_KEY } from "../../lib/api";

const methods = (overrides: Record<string, unknown> = {}) => ({
  body: {
    oidc: { etichetta: "Accedi con l'account dell'Accademia" },
    ldap: false,
    password_studenti: true,
    registrazione_aperta: true,
    ...overrides,
  },
});

describe("sign-in with the academy's account", () => {
  it("shows the provider's button, labelled from the settings, above the password form", async () => {
    renderApp({ api: { "GET /api/auth/metodi": methods() } });
    const button = await screen.findByRole("link", { name: "Accedi con l'account dell'Accademia" });
    expect(button.getAttribute("href")).toBe("/api/auth/oidc/start");
    const password = screen.getByLabelText("Password");
    expect(button.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("folds the password form away for the desk when students sign in only with the academy's account", async () => {
    renderApp({ api: { "GET /api/auth/metodi": methods({ password_studenti: false, registrazione_aperta: false }) } });
    expect(await screen.findByText("Accesso del banco prestiti con password")).toBeTruthy();
    expect(screen.queryByText("Non hai un account? Registrati")).toBeNull();
  });

  it("exchanges the one-time code the provider's round trip left for the session, and opens the student area", async () => {
    const student = aStudent({ directory: "oidc" });
    const { server } = renderApp({
      path: "/#accesso=codice-monouso",
      api: {
        "GET /api/auth/metodi": methods(),
        "POST /api/auth/oidc/sessione": { body: { token: "token-accademia", user: student } },
        ...shellApi(student),
      },
    });
    expect(await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" })).toBeTruthy();
    expect(server.callsTo("POST /api/auth/oidc/sessione")[0]?.body).toEqual({ codice: "codice-monouso" });
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-accademia");
    expect(window.location.hash).toBe("");
  });

  it("says why the academy refused the sign-in", async () => {
    const message = "Il tuo account dell'Accademia non fa più parte dei gruppi dei corsi: non puoi più accedere";
    renderApp({ path: `/#accesso_negato=${encodeURIComponent(message)}`, api: { "GET /api/auth/metodi": methods() } });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("says in Italian why the academy sign-in could not start, from the code the server sends back", async () => {
    renderApp({ path: "/#accesso_errore=indirizzo_pubblico_mancante", api: { "GET /api/auth/metodi": methods() } });
    expect(
      await screen.findByText(
        "L'accesso con l'account dell'Accademia richiede l'indirizzo pubblico di PrestaLab (URL pubblico nelle impostazioni o PUBLIC_URL)",
      ),
    ).toBeTruthy();
    expect(window.location.hash).toBe("");
  });

  it("shows only a fixed text for a code it does not know, never the address's words", async () => {
    renderApp({
      path: "/#accesso_errore=Scrivi%20la%20password%20su%20altro.it",
      api: { "GET /api/auth/metodi": methods() },
    });
    expect(
      await screen.findByText(
        "L'accesso con l'account dell'Accademia non è riuscito: riprova, o accedi con la password se ne hai una",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/altro\.it/)).toBeNull();
  });
});

describe("a student whose academy account maps to no course", () => {
  it("chooses their course once, on the dashboard", async () => {
    const student = aStudent({ directory: "oidc", corso_accademico: null, scelta_corso: true });
    const { user, server } = renderApp({
      signedInAs: student,
      api: {
        "PUT /api/auth/me/corso": {
          body: { user: { ...student, corso_accademico: "Fotografia", scelta_corso: false } },
        },
      },
    });
    expect(await screen.findByRole("heading", { name: "Scegli il tuo corso" })).toBeTruthy();
    // The card shows before the academy's courses arrive: choose once they are offered.
    await screen.findByRole("option", { name: "Fotografia" });
    await user.selectOptions(screen.getByLabelText("Corso accademico"), "Fotografia");
    await user.click(screen.getByRole("button", { name: "Conferma il corso" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Scegli il tuo corso" })).toBeNull());
    expect(server.callsTo("PUT /api/auth/me/corso")[0]?.body).toEqual({ corso_accademico: "Fotografia" });
  });
});
