import { describe, expect, it } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import { anAdmin, aStudent } from "../../test/fixtures";
import { pressBrowser } from "../../test/history";
import { userListRoute } from "../../test/paged-lists";
import { renderApp } from "../../test/render-app";
import { requestNavigation } from "../lib/navigation-event";

const admin = anAdmin();
const adminApi = {
  "GET /api/auth/users": userListRoute([]),
  "GET /api/auth/password-reset-requests": { body: [] },
};

function sidebar() {
  return within(screen.getByRole("navigation", { name: "Navigazione principale" }));
}

/** The sidebar's links, as their words read top to bottom. */
function sidebarLinks() {
  return sidebar()
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("admin shell", () => {
  it.each([
    ["/", "Dashboard Amministratore"],
    ["/dashboard", "Dashboard Amministratore"],
    ["/inventario", "Inventario"],
    ["/prestiti", "Prestiti"],
    ["/riparazioni", "Riparazioni"],
    ["/utenti", "Gestione Utenti"],
    ["/statistiche", "Statistiche"],
    ["/sistema", "Stato del Sistema"],
    ["/utente", "Benvenuto, Marco Rossi"],
  ])("opens %s on its screen", async (path, heading) => {
    renderApp({ signedInAs: admin, path, api: adminApi });
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
  });

  it("replaces an unknown path with the dashboard", async () => {
    renderApp({ signedInAs: admin, path: "/non-esiste", api: adminApi });
    expect(await screen.findByRole("heading", { name: "Dashboard Amministratore" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("lists the admin sections in the sidebar, system status apart", async () => {
    renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    expect(sidebarLinks()).toEqual([
      "Dashboard",
      "Inventario",
      "Kit",
      "Prestiti",
      "Banco",
      "Calendario",
      "Riparazioni",
      "Gestione Utenti",
      "Statistiche",
      "Impostazioni",
    ]);
  });

  it("shows who is signed in: initials, name, role and email", async () => {
    renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    expect(screen.getByText("MR")).toBeTruthy();
    expect(screen.getByText("Marco Rossi")).toBeTruthy();
    expect(screen.getByText("Amministratore")).toBeTruthy();
    expect(screen.getByText("marco.rossi@accademia.it")).toBeTruthy();
  });

  it("pushes each section on the history, so back and forward move between them", async () => {
    const { user } = renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });

    await user.click(sidebar().getByRole("link", { name: "Gestione Utenti" }));
    expect(await screen.findByRole("heading", { name: "Gestione Utenti" })).toBeTruthy();
    expect(window.location.pathname).toBe("/utenti");
    expect(sidebar().getByRole("link", { name: "Gestione Utenti" }).getAttribute("aria-current")).toBe("page");

    await user.click(sidebar().getByRole("link", { name: "Statistiche" }));
    await screen.findByRole("heading", { name: "Statistiche" });

    act(() => window.history.back());
    expect(await screen.findByRole("heading", { name: "Gestione Utenti" })).toBeTruthy();
    act(() => window.history.back());
    expect(await screen.findByRole("heading", { name: "Dashboard Amministratore" })).toBeTruthy();
    act(() => window.history.forward());
    expect(await screen.findByRole("heading", { name: "Gestione Utenti" })).toBeTruthy();
  });

  it("offers system status in the mobile menu, and the menu closes on choosing", async () => {
    const { user } = renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    await user.click(screen.getByRole("button", { name: "Apri menu" }));
    const menu = within(screen.getByRole("dialog", { name: "Menu" }));
    await user.click(menu.getByRole("link", { name: "Stato del Sistema" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Stato del Sistema" })).toBeTruthy();
    expect(window.location.pathname).toBe("/sistema");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes the mobile menu with Escape", async () => {
    const { user } = renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    await user.click(screen.getByRole("button", { name: "Apri menu" }));
    expect(screen.getByRole("dialog", { name: "Menu" }).getAttribute("aria-modal")).toBe("true");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it('reaches system status from the footer link "Sistema"', async () => {
    const { user } = renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    await user.click(screen.getByRole("button", { name: "Sistema" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Stato del Sistema" })).toBeTruthy();
    expect(window.location.pathname).toBe("/sistema");
  });

  it("follows navigation requests raised elsewhere in the page", async () => {
    renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    act(() => requestNavigation("richieste"));
    await waitFor(() => expect(window.location.pathname).toBe("/prestiti"));
  });

  it("shows the version and the copyright in the footer", async () => {
    renderApp({ signedInAs: admin, path: "/dashboard", api: adminApi });
    expect(await screen.findByText(/Versione 2\.1\.0 \(build 500\)/)).toBeTruthy();
    expect(screen.getByText(/© 2025/)).toBeTruthy();
  });
});

describe("student area", () => {
  const student = aStudent();

  it("starts on the student dashboard with the student's views in the sidebar", async () => {
    renderApp({ signedInAs: student, path: "/utenti" });
    expect(await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" })).toBeTruthy();
    expect(sidebarLinks()).toEqual([
      "Dashboard",
      "I Miei Prestiti",
      "Le mie prenotazioni",
      "In coda",
      "Articoli Disponibili",
      "Segnala Guasto",
    ]);
    expect(screen.queryByRole("heading", { name: "Gestione Utenti" })).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe("/dashboard"));
  });

  it("shows the role label and no email in the sidebar", async () => {
    renderApp({ signedInAs: student });
    await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
    expect(screen.getByText("Utente")).toBeTruthy();
    expect(screen.queryByText("giulia.bianchi@accademia.it")).toBeNull();
  });

  it("gives each view its own address, and back and forward move between them", async () => {
    const { user } = renderApp({ signedInAs: student });
    await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
    const views: [string, string][] = [
      ["I Miei Prestiti", "/miei-prestiti"],
      ["Articoli Disponibili", "/articoli"],
      ["Segnala Guasto", "/segnalazioni"],
    ];
    for (const [view, path] of views) {
      await user.click(sidebar().getByRole("link", { name: view }));
      expect(screen.getByRole("heading", { level: 1, name: view })).toBeTruthy();
      expect(sidebar().getByRole("link", { name: view }).getAttribute("aria-current")).toBe("page");
      expect(window.location.pathname).toBe(path);
    }
    await pressBrowser("back");
    expect(await screen.findByRole("heading", { level: 1, name: "Articoli Disponibili" })).toBeTruthy();
    await pressBrowser("forward");
    expect(await screen.findByRole("heading", { level: 1, name: "Segnala Guasto" })).toBeTruthy();
  });

  it("opens a student view from its address, and falls back to the dashboard for an unknown one", async () => {
    renderApp({ signedInAs: student, path: "/miei-prestiti" });
    expect(await screen.findByRole("heading", { level: 1, name: "I Miei Prestiti" })).toBeTruthy();
  });

  it('opens the "sistema" view from the footer', async () => {
    const { user } = renderApp({ signedInAs: student });
    await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
    await user.click(screen.getByRole("button", { name: "Sistema" }));
    expect(screen.getByRole("heading", { level: 1, name: "Stato del Sistema" })).toBeTruthy();
  });
});
