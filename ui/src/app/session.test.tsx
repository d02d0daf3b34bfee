import { describe, expect, it, spyOn } from "bun:test";
import { screen } from "@testing-library/react";
import { anAdmin, aStudent } from "../../test/fixtures";
import { userListRoute } from "../../test/paged-lists";
import { renderApp } from "../../test/render-app";
import { TOKEN_KEY } from "../lib/api";

describe("session", () => {
  it("shows the sign-in screen when no token is stored, without asking who is signed in", async () => {
    const { server } = renderApp();
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(server.callsTo("GET /api/auth/me")).toHaveLength(0);
  });

  it("restores a stored session with the token the server accepts", async () => {
    const { server } = renderApp({ signedInAs: anAdmin(), path: "/dashboard" });
    expect(await screen.findByRole("heading", { name: "Dashboard Amministratore" })).toBeTruthy();
    expect(server.callsTo("GET /api/auth/me")[0]?.headers.Authorization).toBe("Bearer token-di-prova");
  });

  it("accepts a current-user answer that is the user itself", async () => {
    renderApp({ signedInAs: aStudent(), api: { "GET /api/auth/me": { body: aStudent() } } });
    expect(await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" })).toBeTruthy();
  });

  it("drops a token the server refuses silently: sign-in screen, no error, a console warning only", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    renderApp({
      signedInAs: aStudent(),
      api: { "GET /api/auth/me": { status: 401, body: { error: "Sessione scaduta" } } },
    });
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Sessione scaduta")).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("keeps the session and asks again when the server cannot be reached at start", async () => {
    let checks = 0;
    const { server } = renderApp({
      signedInAs: aStudent(),
      api: { "GET /api/auth/me": () => (++checks === 1 ? "network-error" : { body: { user: aStudent() } }) },
    });
    expect(await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" }, { timeout: 3000 })).toBeTruthy();
    expect(server.callsTo("GET /api/auth/me")).toHaveLength(2);
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-di-prova");
  });

  it('signs out with "Esci": token gone, sign-in screen back', async () => {
    const { user } = renderApp({ signedInAs: aStudent() });
    await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
    await user.click(screen.getByRole("button", { name: "Esci" }));
    expect(screen.getByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("forgets the previous user's data on sign-out", async () => {
    let userListCalls = 0;
    const firstList = userListRoute([aStudent()]);
    const { user } = renderApp({
      signedInAs: anAdmin(),
      path: "/utenti",
      api: {
        // The first admin sees the list; for the next one the server is still answering.
        "GET /api/auth/users": (call) => (++userListCalls === 1 ? firstList(call) : "never"),
        "POST /api/auth/login": { body: { token: "altro-token", user: anAdmin({ name: "Sara" }) } },
      },
    });
    await screen.findAllByText("Giulia Bianchi");
    await user.click(screen.getByRole("button", { name: "Esci" }));
    await user.type(screen.getByLabelText("Email o nome utente"), "sara");
    await user.type(screen.getByLabelText("Password"), "segreta-e-lunga");
    await user.click(screen.getByRole("button", { name: "Accedi" }));

    expect(await screen.findByText("Caricamento utenti...")).toBeTruthy();
    expect(screen.queryByText("Giulia Bianchi")).toBeNull();
  });

  it("signs out when the server says the session expired", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/utenti",
      api: { "GET /api/auth/users": { status: 401, body: { error: "Sessione scaduta" } } },
    });
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
