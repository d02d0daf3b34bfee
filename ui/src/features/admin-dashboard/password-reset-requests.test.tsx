import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const request = {
  id: 7,
  email: "giulia.bianchi@accademia.it",
  user_name: "Giulia",
  user_surname: "Bianchi",
  user_email: "giulia.bianchi@accademia.it",
  requested_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
};

function renderDashboard(api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/dashboard",
    api: { "GET /api/auth/password-reset-requests": { body: [request] }, ...api },
  });
}

async function openResetDialog(api: ApiRoutes = {}) {
  const rendered = renderDashboard(api);
  await rendered.user.click(await screen.findByRole("button", { name: "Gestisci" }));
  return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Reset Password" })) };
}

describe("password-reset requests on the admin dashboard", () => {
  it("lists who asked, with their email and how long ago", async () => {
    renderDashboard();
    expect(await screen.findByText("Giulia Bianchi")).toBeTruthy();
    expect(screen.getByText("giulia.bianchi@accademia.it")).toBeTruthy();
    expect(screen.getByText("3 ore fa")).toBeTruthy();
  });

  it("says when nobody is waiting", async () => {
    renderDashboard({ "GET /api/auth/password-reset-requests": { body: [] } });
    expect(await screen.findByText("Nessuna richiesta in attesa")).toBeTruthy();
  });

  it('opens a "Reset Password" dialog with the focus on the new password', async () => {
    await openResetDialog();
    const dialog = screen.getByRole("dialog", { name: "Reset Password" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Nuova password"));
  });

  it('closes with "Annulla" and with Escape', async () => {
    const { user, dialog } = await openResetDialog();
    await user.click(dialog.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Gestisci" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks for a password before sending", async () => {
    const { user, dialog, server } = await openResetDialog();
    await user.click(dialog.getByRole("button", { name: "Aggiorna Password" }));
    expect(dialog.getByRole("alert").textContent).toBe("Inserisci una nuova password");
    expect(server.callsTo("POST /api/auth/admin-reset-password")).toHaveLength(0);
  });

  it("sets the new password for that email and confirms", async () => {
    let answered = false;
    const { user, dialog, server } = await openResetDialog({
      "POST /api/auth/admin-reset-password": () => {
        answered = true;
        return { body: { message: "Password aggiornata con successo" } };
      },
      "GET /api/auth/password-reset-requests": () => ({ body: answered ? [] : [request] }),
    });
    await user.type(dialog.getByLabelText("Nuova password"), "nuova-password-1");
    await user.click(dialog.getByRole("button", { name: "Aggiorna Password" }));

    expect(await screen.findByText("Password aggiornata con successo!")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo("POST /api/auth/admin-reset-password")[0]?.body).toEqual({
      email: "giulia.bianchi@accademia.it",
      newPassword: "nuova-password-1",
    });
    expect(await screen.findByText("Nessuna richiesta in attesa")).toBeTruthy();
  });

  it('shows "Errore: " and the server\'s reason when it refuses', async () => {
    const { user, dialog } = await openResetDialog({
      "POST /api/auth/admin-reset-password": { status: 400, body: { error: "Password troppo comune" } },
    });
    await user.type(dialog.getByLabelText("Nuova password"), "password123");
    await user.click(dialog.getByRole("button", { name: "Aggiorna Password" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Errore: Password troppo comune");
  });

  it("says the update failed when the server cannot be reached", async () => {
    const { user, dialog } = await openResetDialog({ "POST /api/auth/admin-reset-password": "network-error" });
    await user.type(dialog.getByLabelText("Nuova password"), "nuova-password-1");
    await user.click(dialog.getByRole("button", { name: "Aggiorna Password" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Errore durante l'aggiornamento della password");
  });
});
