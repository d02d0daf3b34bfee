import { describe, expect, it } from "bun:test";
import { screen } from "@testing-library/react";
import { COURSES } from "../../../../src/domain/courses";
import { fieldError } from "../../../test/described-by";
import { aStudent } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import { shellApi } from "../../../test/shell-api";
import { TOKEN_KEY } from "../../lib/api";

const student = aStudent();

describe("sign-in", () => {
  it("shows the service name from the server and the 2025 copyright", async () => {
    renderApp({ api: { "GET /api/health": { body: { ok: true, appName: "Prestiti ABA" } } } });
    expect(await screen.findAllByText(/Prestiti ABA/)).not.toHaveLength(0);
    expect(screen.getByText("© 2025 Prestiti ABA")).toBeTruthy();
  });

  it('falls back to "PrestaLab" when the server does not answer', async () => {
    renderApp({ api: { "GET /api/health": "network-error" } });
    expect(await screen.findByText("© 2025 PrestaLab")).toBeTruthy();
  });

  it("sends the typed identifier as both email and username, then opens the student area", async () => {
    const { user, server } = renderApp({
      api: { "POST /api/auth/login": { body: { token: "nuovo-token", user: student } }, ...shellApi(student) },
    });
    await user.type(screen.getByLabelText("Email o nome utente"), "giulia.bianchi@accademia.it");
    await user.type(screen.getByLabelText("Password"), "segreta-e-lunga");
    await user.click(screen.getByRole("button", { name: "Accedi" }));

    expect(await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" })).toBeTruthy();
    expect(server.callsTo("POST /api/auth/login")[0]?.body).toEqual({
      email: "giulia.bianchi@accademia.it",
      username: "giulia.bianchi@accademia.it",
      password: "segreta-e-lunga",
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe("nuovo-token");
  });

  it("asks for both fields before calling the server", async () => {
    const { user, server } = renderApp();
    await user.click(screen.getByRole("button", { name: "Accedi" }));
    expect(screen.getByRole("alert").textContent).toBe("Inserisci email o nome utente e password");
    expect(server.callsTo("POST /api/auth/login")).toHaveLength(0);
  });

  it.each([
    ["the server's error", { status: 401, body: { error: "Credenziali non valide" } }, "Credenziali non valide"],
    [
      "the server's message when there is no error",
      { status: 429, body: { message: "Riprova tra poco" } },
      "Riprova tra poco",
    ],
    ["a generic text when the server says nothing", { status: 500, body: {} }, "Errore durante il login"],
    ["that an answer without token is invalid", { status: 200, body: { user: student } }, "Risposta login non valida"],
  ])("shows %s", async (_case, reply, message) => {
    const { user } = renderApp({ api: { "POST /api/auth/login": reply } });
    await user.type(screen.getByLabelText("Email o nome utente"), "giulia");
    await user.type(screen.getByLabelText("Password"), "sbagliata1");
    await user.click(screen.getByRole("button", { name: "Accedi" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows a connection message when the server cannot be reached", async () => {
    const { user } = renderApp({ api: { "POST /api/auth/login": "network-error" } });
    await user.type(screen.getByLabelText("Email o nome utente"), "giulia");
    await user.type(screen.getByLabelText("Password"), "segreta-e-lunga");
    await user.click(screen.getByRole("button", { name: "Accedi" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Errore di connessione. Riprova più tardi.");
  });
});

describe("fields at fault on sign-in", () => {
  it("marks the empty identifier and password as invalid when signing in without them", async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole("button", { name: /^Accedi$/ }));
    for (const label of ["Email o nome utente", "Password"])
      expect(screen.getByLabelText(label, { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });
});

describe("registration", () => {
  async function fillRegistration(user: ReturnType<typeof renderApp>["user"], password = "girasole-2025") {
    await user.type(screen.getByLabelText("Email"), "luca.verdi@accademia.it");
    await user.type(screen.getByLabelText("Password"), password);
    await user.type(screen.getByLabelText("Nome"), "Luca");
    await user.type(screen.getByLabelText("Cognome"), "Verdi");
    await user.type(screen.getByLabelText("Matricola"), "M9876");
    await user.selectOptions(screen.getByLabelText("Corso accademico"), "Graphic Design & Multimedia");
  }

  it("offers the academy's fixed list of courses", async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    const options = [...(screen.getByLabelText("Corso accademico") as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(["Seleziona il tuo corso", ...COURSES]);
  });

  it("registers a student and signs them in", async () => {
    const registered = aStudent({ name: "Luca", surname: "Verdi" });
    const { user, server } = renderApp({
      api: { "POST /api/auth/register": { body: { token: "token-luca", user: registered } }, ...shellApi(registered) },
    });
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    await fillRegistration(user);
    await user.click(screen.getByRole("button", { name: "Registrati" }));

    expect(await screen.findByRole("heading", { name: "Benvenuto, Luca Verdi" })).toBeTruthy();
    expect(server.callsTo("POST /api/auth/register")[0]?.body).toEqual({
      email: "luca.verdi@accademia.it",
      password: "girasole-2025",
      name: "Luca",
      surname: "Verdi",
      matricola: "M9876",
      corso_accademico: "Graphic Design & Multimedia",
      phone: null,
      ruolo: "user",
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-luca");
  });

  it("requires every field, the course included", async () => {
    const { user, server } = renderApp();
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    await user.type(screen.getByLabelText("Email"), "luca.verdi@accademia.it");
    await user.click(screen.getByRole("button", { name: "Registrati" }));
    expect(screen.getByRole("alert").textContent).toBe("Compila tutti i campi obbligatori");
    expect(server.callsTo("POST /api/auth/register")).toHaveLength(0);
  });

  it("marks each missing field, with its message tied to it, and clears a field once filled", async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    await user.type(screen.getByLabelText("Email"), "luca.verdi@accademia.it");
    await user.click(screen.getByRole("button", { name: "Registrati" }));

    const errorOf = (label: string) => fieldError(screen.getByLabelText(label, { exact: true }));
    expect(errorOf("Email")).toBeNull();
    for (const label of ["Nome", "Cognome", "Matricola", "Corso accademico"])
      expect(errorOf(label)).toBe("Campo obbligatorio");
    expect(errorOf("Password")).not.toBeNull();

    await user.type(screen.getByLabelText("Nome", { exact: true }), "Luca");
    expect(errorOf("Nome")).toBeNull();
    expect(errorOf("Cognome")).toBe("Campo obbligatorio");
  });

  it("refuses a password that is too short before sending it", async () => {
    const { user, server } = renderApp();
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    await fillRegistration(user, "corta");
    await user.click(screen.getByRole("button", { name: "Registrati" }));
    expect(screen.getByRole("alert").textContent).toBe("La password deve contenere almeno 8 caratteri");
    expect(server.callsTo("POST /api/auth/register")).toHaveLength(0);
  });

  it.each([
    ["the server's error", { status: 409, body: { error: "Email già registrata" } }, "Email già registrata"],
    ["a generic text when the server says nothing", { status: 500, body: {} }, "Errore durante la registrazione"],
    [
      "that an answer without user is invalid",
      { status: 200, body: { token: "x" } },
      "Risposta registrazione non valida",
    ],
  ])("shows %s", async (_case, reply, message) => {
    const { user } = renderApp({ api: { "POST /api/auth/register": reply } });
    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    await fillRegistration(user);
    await user.click(screen.getByRole("button", { name: "Registrati" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });
});

describe("switching between sign-in and registration", () => {
  it("clears what was typed and the error", async () => {
    const { user } = renderApp({
      api: { "POST /api/auth/login": { status: 401, body: { error: "Credenziali non valide" } } },
    });
    await user.type(screen.getByLabelText("Email o nome utente"), "giulia");
    await user.type(screen.getByLabelText("Password"), "sbagliata1");
    await user.click(screen.getByRole("button", { name: "Accedi" }));
    await screen.findByText("Credenziali non valide");

    await user.click(screen.getByRole("button", { name: "Non hai un account? Registrati" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("button", { name: "Hai dimenticato la password?" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Hai già un account? Accedi" }));
    expect((screen.getByLabelText("Email o nome utente") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(screen.queryByText("Credenziali non valide")).toBeNull();
  });
});

describe("forgot password", () => {
  async function openForgotPassword(api: Parameters<typeof renderApp>[0]) {
    const rendered = renderApp(api);
    await rendered.user.click(screen.getByRole("button", { name: "Hai dimenticato la password?" }));
    return rendered;
  }

  it("sends the email and confirms, then leads back to sign-in", async () => {
    const { user, server } = await openForgotPassword({
      api: { "POST /api/auth/forgot-password": { body: { message: "Richiesta inoltrata all'amministrazione" } } },
    });
    await user.type(screen.getByLabelText("Email"), "giulia.bianchi@accademia.it");
    await user.click(screen.getByRole("button", { name: "Richiedi Reset Password" }));

    expect(await screen.findByRole("heading", { name: "Richiesta Inviata!" })).toBeTruthy();
    expect(server.callsTo("POST /api/auth/forgot-password")[0]?.body).toEqual({ email: "giulia.bianchi@accademia.it" });
    await user.click(screen.getByRole("button", { name: "Torna al login" }));
    expect(screen.getByRole("heading", { name: "Accedi" })).toBeTruthy();
  });

  it("shows the busy text while sending", async () => {
    const { user } = await openForgotPassword({ api: { "POST /api/auth/forgot-password": "never" } });
    await user.type(screen.getByLabelText("Email"), "giulia.bianchi@accademia.it");
    await user.click(screen.getByRole("button", { name: "Richiedi Reset Password" }));
    const busy = await screen.findByRole("button", { name: "Invio in corso..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the email when it is empty", async () => {
    const { user, server } = await openForgotPassword({});
    await user.click(screen.getByRole("button", { name: "Richiedi Reset Password" }));
    expect(screen.getByRole("alert").textContent).toBe("Inserisci la tua email");
    expect(server.callsTo("POST /api/auth/forgot-password")).toHaveLength(0);
  });

  it.each([
    [
      "the server's error",
      { status: 429, body: { error: "Troppi tentativi, riprova più tardi" } },
      "Troppi tentativi, riprova più tardi",
    ],
    ["a generic text when the server says nothing", { status: 500, body: {} }, "Errore nell'invio della richiesta"],
    [
      "a connection message when the server is unreachable",
      "network-error" as const,
      "Errore di connessione. Riprova più tardi.",
    ],
  ])("shows %s", async (_case, reply, message) => {
    const { user } = await openForgotPassword({ api: { "POST /api/auth/forgot-password": reply } });
    await user.type(screen.getByLabelText("Email"), "giulia.bianchi@accademia.it");
    await user.click(screen.getByRole("button", { name: "Richiedi Reset Password" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("leads back to sign-in with the link", async () => {
    const { user } = await openForgotPassword({});
    await user.click(screen.getByRole("button", { name: "Torna al login" }));
    expect(screen.getByRole("heading", { name: "Accedi" })).toBeTruthy();
  });
});

describe("a reset link from an e-mail", () => {
  const link = "/reimposta-password?token=gettone-di-prova";

  it("sets the new password with the link's token, then leads back to sign-in", async () => {
    const { user, server } = renderApp({
      path: link,
      api: {
        "POST /api/auth/reimposta-password": { body: { message: "Password aggiornata: accedi con la nuova password" } },
      },
    });
    await user.type(await screen.findByLabelText("Nuova password"), "Nuova-Password-42");
    await user.type(screen.getByLabelText("Conferma la nuova password"), "Nuova-Password-42");
    await user.click(screen.getByRole("button", { name: "Salva la nuova password" }));
    expect(await screen.findByRole("heading", { name: "Password aggiornata" })).toBeTruthy();
    expect(server.callsTo("POST /api/auth/reimposta-password")[0]?.body).toEqual({
      token: "gettone-di-prova",
      password: "Nuova-Password-42",
    });
    await user.click(screen.getByRole("button", { name: "Vai al login" }));
    expect(await screen.findByLabelText("Email o nome utente")).toBeTruthy();
    expect(window.location.pathname).toBe("/");
  });

  it("checks the confirmation before sending, and shows the server's refusal of a spent link", async () => {
    const { user, server } = renderApp({
      path: link,
      api: {
        "POST /api/auth/reimposta-password": {
          status: 400,
          body: {
            error:
              "Il link per reimpostare la password non è valido, è già stato usato o è scaduto: chiedine uno nuovo",
          },
        },
      },
    });
    await user.type(await screen.findByLabelText("Nuova password"), "Nuova-Password-42");
    await user.type(screen.getByLabelText("Conferma la nuova password"), "Altra-Password-42");
    await user.click(screen.getByRole("button", { name: "Salva la nuova password" }));
    expect(await screen.findByText("Le password non coincidono")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/reimposta-password")).toHaveLength(0);
    await user.clear(screen.getByLabelText("Conferma la nuova password"));
    await user.type(screen.getByLabelText("Conferma la nuova password"), "Nuova-Password-42");
    await user.click(screen.getByRole("button", { name: "Salva la nuova password" }));
    expect(await screen.findByText(/è già stato usato o è scaduto/)).toBeTruthy();
  });
});
