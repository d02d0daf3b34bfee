import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { fieldError } from "../../../test/described-by";
import { anAdmin, aStudent } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import { TOKEN_KEY } from "../../lib/api";

const PASSWORD_CHANGE = "PUT /api/auth/password";

async function openDialog(options: Parameters<typeof renderApp>[0]) {
  const rendered = renderApp(options);
  await screen.findByRole("button", { name: "Esci" });
  await rendered.user.click(screen.getByRole("button", { name: "Cambia password" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Cambia password" }));
  return { ...rendered, dialog };
}

describe("Cambia password", () => {
  it("asks for all three fields, and a confirmation equal to the new password, before calling the server", async () => {
    const { user, server, dialog } = await openDialog({ signedInAs: aStudent(), path: "/dashboard" });
    const current = dialog.getByLabelText("Password attuale");
    const next = dialog.getByLabelText("Nuova password");
    const confirmation = dialog.getByLabelText("Conferma nuova password");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    expect(fieldError(current)).toBe("Inserisci la password attuale");
    expect(fieldError(next)).toContain("Inserisci la nuova password");
    expect(fieldError(confirmation)).toContain("Ripeti la nuova password");
    await user.type(current, "Vecchia-1");
    await user.type(next, "Nuova-123");
    await user.type(confirmation, "Nuova-12");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    expect(fieldError(current)).toBeNull();
    expect(fieldError(next)).toBeNull();
    expect(fieldError(confirmation)).toContain("Le password non coincidono");
    expect(server.callsTo(PASSWORD_CHANGE)).toHaveLength(0);
  });

  it("applies the password policy to the new password at its field", async () => {
    const { user, server, dialog } = await openDialog({ signedInAs: aStudent(), path: "/dashboard" });
    const next = dialog.getByLabelText("Nuova password");
    await user.type(dialog.getByLabelText("Password attuale"), "Vecchia-1");
    await user.type(next, "corta");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    expect(fieldError(next)).toContain("La password deve contenere almeno 8 caratteri");
    await user.clear(next);
    await user.type(next, "password");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    expect(fieldError(next)).toContain("Password troppo comune");
    expect(server.callsTo(PASSWORD_CHANGE)).toHaveLength(0);
  });

  it("shows a wrong current password at its field and stays signed in", async () => {
    const { user, server, dialog } = await openDialog({
      signedInAs: aStudent(),
      path: "/dashboard",
      api: {
        [PASSWORD_CHANGE]: {
          status: 400,
          body: { error: "La password attuale non è corretta", campo: "password_attuale" },
        },
      },
    });
    await user.type(dialog.getByLabelText("Password attuale"), "Sbagliata-123");
    await user.type(dialog.getByLabelText("Nuova password"), "Treppiede-Nuovo-2026");
    await user.type(dialog.getByLabelText("Conferma nuova password"), "Treppiede-Nuovo-2026");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    await dialog.findByText("La password attuale non è corretta");
    expect(fieldError(dialog.getByLabelText("Password attuale"))).toBe("La password attuale non è corretta");
    expect(server.callsTo(PASSWORD_CHANGE)[0]?.body).toEqual({
      password_attuale: "Sbagliata-123",
      nuova_password: "Treppiede-Nuovo-2026",
    });
    expect(screen.getByRole("dialog", { name: "Cambia password" })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-di-prova");
  });

  it("changes the desk's password too: the new session is kept and a message says the others ended", async () => {
    const admin = anAdmin();
    const { user, dialog } = await openDialog({
      signedInAs: admin,
      path: "/dashboard",
      api: { [PASSWORD_CHANGE]: { body: { message: "Password cambiata", token: "token-nuovo", user: admin } } },
    });
    await user.type(dialog.getByLabelText("Password attuale"), "Banco-Prestiti-2026");
    await user.type(dialog.getByLabelText("Nuova password"), "Sportello-Nuovo-2026");
    await user.type(dialog.getByLabelText("Conferma nuova password"), "Sportello-Nuovo-2026");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    expect(
      await screen.findByText("Password cambiata: le sessioni aperte su altri dispositivi sono state chiuse"),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Cambia password" })).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-nuovo");
    expect(screen.getByRole("button", { name: "Esci" })).toBeTruthy();
  });

  it("shows the student's new calendar address once the change has revoked the old one", async () => {
    const student = aStudent();
    let changed = false;
    const link = () =>
      `https://prestiti.accademia.it/api/calendario/${student.id}-${(changed ? "b" : "a").repeat(32)}.ics`;
    const { user, dialog } = await openDialog({
      signedInAs: student,
      path: "/dashboard",
      api: {
        "GET /api/calendario": () => ({ body: { url: link() } }),
        [PASSWORD_CHANGE]: () => {
          changed = true;
          return { body: { message: "Password cambiata", token: "token-nuovo", user: student } };
        },
      },
    });
    const feed = await screen.findByLabelText("Link privato del calendario");
    expect((feed as HTMLInputElement).value).toBe(link());
    await user.type(dialog.getByLabelText("Password attuale"), "Vecchia-1");
    await user.type(dialog.getByLabelText("Nuova password"), "Nuova-123");
    await user.type(dialog.getByLabelText("Conferma nuova password"), "Nuova-123");
    await user.click(dialog.getByRole("button", { name: "Cambia password" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Link privato del calendario") as HTMLInputElement).value).toBe(link()),
    );
    expect(link()).toContain("b".repeat(32));
  });
});
