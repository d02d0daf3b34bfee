import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { fieldError } from "../../../test/described-by";
import { aBlockedStudent, anAdmin, aStudent, lucaVerdi } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { userListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import type { User } from "../../lib/user";

const admin = anAdmin();
const giulia = aStudent();
const luca = lucaVerdi({ penalty_strikes: 1 });
const sara = aBlockedStudent("Blocco automatico");
const everyone = [admin, giulia, luca, sara];

function renderUsers(api: ApiRoutes = {}, users: User[] = everyone) {
  return renderApp({
    signedInAs: admin,
    path: "/utenti",
    api: { "GET /api/auth/users": userListRoute(users), "GET /api/audit": { body: [] }, ...api },
  });
}

function table() {
  return within(screen.getByRole("table"));
}

/** A row button for Giulia, then its dialog's button, while the server refuses with `reply`: the alert's text. */
async function refusalShown(
  route: string,
  reply: { status: number; body: unknown },
  rowButton: string,
  confirm: string,
) {
  const { user } = renderUsers({ [route]: reply });
  await screen.findByRole("table");
  await user.click(table().getByRole("button", { name: rowButton }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: confirm }));
  return (await screen.findByRole("alert")).textContent;
}

describe("Gestione Utenti", () => {
  it('asks the server for fifty students at a time, the next fifty on "Mostra altri"; a search starts again', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      aStudent({ id: 100 + index, name: "Studente", surname: `N${index}`, email: `s${index}@accademia.it` }),
    );
    const { user, server } = renderUsers({}, [admin, ...many]);
    await screen.findByRole("table");
    expect(table().getAllByRole("row")).toHaveLength(51);
    expect(screen.getByText("50 di 60 mostrati")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Mostra altri" }));
    await waitFor(() => expect(table().getAllByRole("row")).toHaveLength(61), { timeout: 3000 });
    expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
    expect(server.callsTo("GET /api/auth/users").map((call) => call.query.pagina)).toEqual(["1", "2"]);
    await user.type(screen.getByRole("searchbox"), "N5");
    // N5 and N50…N59, under the header row.
    await waitFor(() => expect(table().getAllByRole("row")).toHaveLength(12), { timeout: 3000 });
    expect(server.callsTo("GET /api/auth/users").at(-1)?.query).toMatchObject({
      ruolo: "user",
      cerca: "N5",
      pagina: "1",
    });
    // Sixty rows rendered in a simulated DOM: slow on a busy machine; this is no timing check.
  }, 20_000);

  it("separates students from administrators in two tabs with their counts", async () => {
    const { user } = renderUsers();
    await screen.findByRole("table");
    expect(screen.getByRole("tab", { name: "Utenti 3" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Amministratori 1" })).toBeTruthy();
    expect(table().getByText("Giulia Bianchi")).toBeTruthy();
    expect(table().queryByText("Marco Rossi")).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Amministratori 1" }));
    expect(table().getByText("Marco Rossi")).toBeTruthy();
    expect(table().queryByText("Giulia Bianchi")).toBeNull();
  });

  it("moves between the tabs with the arrow keys", async () => {
    const { user } = renderUsers();
    await screen.findByRole("table");
    await user.click(screen.getByRole("tab", { name: "Utenti 3" }));
    await user.keyboard("{ArrowRight}");
    const admins = screen.getByRole("tab", { name: "Amministratori 1" });
    expect(admins.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(admins);
  });

  it("shows name, email, course and role columns", async () => {
    renderUsers();
    await screen.findByRole("table");
    const headers = table()
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(["Nome", "Email", "Corso", "Ruolo", "Azioni"]);
    expect(table().getByText("giulia.bianchi@accademia.it")).toBeTruthy();
    expect(table().getAllByText("Fotografia")).not.toHaveLength(0);
  });

  it("marks strikes and blocked accounts", async () => {
    renderUsers();
    await screen.findByRole("table");
    expect(table().getByText("1 penalità")).toBeTruthy();
    expect(table().getByText("BLOCCATO")).toBeTruthy();
    expect(table().queryByText("3 penalità")).toBeNull();
  });

  it("shows matricola, course and phone on the mobile cards", async () => {
    renderUsers({}, [admin, giulia]);
    const cards = within(await screen.findByRole("list", { name: "Elenco utenti" })).getAllByRole("listitem");
    const card = within(cards.find((item) => item.textContent?.includes("Giulia")) ?? document.body);
    expect(card.getByText("M1234")).toBeTruthy();
    expect(card.getByText("Fotografia")).toBeTruthy();
    expect(card.getByText("333 1234567")).toBeTruthy();
  });

  it("says when a tab is empty", async () => {
    const { user } = renderUsers({}, [admin]);
    expect(await screen.findByText("Nessun utente trovato")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: /^Amministratori/ }));
    expect(screen.getByRole("table")).toBeTruthy();

    await user.type(screen.getByLabelText("Cerca utenti"), "nessuno");
    expect(await screen.findByText("Nessun amministratore trovato", {}, { timeout: 3000 })).toBeTruthy();
  });

  it("finds users by name, email or matricola", async () => {
    const { user } = renderUsers();
    await screen.findByRole("table");
    await user.type(screen.getByLabelText("Cerca utenti"), "m5555");
    // The search goes to the server once typing pauses.
    await waitFor(() => expect(table().queryAllByText("Giulia Bianchi")).toHaveLength(0), { timeout: 3000 });
    expect(table().getByText("Luca Verdi")).toBeTruthy();
  });

  it("tells when the list cannot be loaded", async () => {
    renderUsers({ "GET /api/auth/users": { status: 403, body: { error: "Accesso negato" } } });
    expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento utenti");
  });

  it("offers no delete or penalties button for administrators, and says so on mobile", async () => {
    const { user } = renderUsers();
    await screen.findByRole("table");
    expect(screen.getAllByRole("button", { name: "Elimina Giulia Bianchi" })).not.toHaveLength(0);

    await user.click(screen.getByRole("tab", { name: /^Amministratori/ }));
    expect(screen.queryByRole("button", { name: /^Elimina/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Penalità di/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Modifica Marco Rossi" })).not.toHaveLength(0);
    expect(screen.getByText("Gli amministratori non possono essere eliminati.")).toBeTruthy();
  });

  describe("deleting", () => {
    it("asks for confirmation and deletes only after it", async () => {
      let deleted = false;
      const { user, server } = renderUsers({
        "DELETE /api/auth/users/2": () => {
          deleted = true;
          return { body: { message: "Utente eliminato" } };
        },
        "GET /api/auth/users": userListRoute(() => (deleted ? [admin, luca, sara] : everyone)),
      });
      await screen.findByRole("table");
      await user.click(table().getByRole("button", { name: "Elimina Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Elimina utente" }));
      expect(dialog.getByText("Sei sicuro di voler eliminare questo utente?")).toBeTruthy();
      expect(server.callsTo("DELETE /api/auth/users/2")).toHaveLength(0);

      await user.click(dialog.getByRole("button", { name: "Elimina" }));
      expect(await screen.findByText("Giulia Bianchi è stato eliminato")).toBeTruthy();
      expect(server.callsTo("DELETE /api/auth/users/2")).toHaveLength(1);
      expect(table().queryByText("Giulia Bianchi")).toBeNull();
    });

    it("keeps the user when the confirmation is cancelled", async () => {
      const { user, server } = renderUsers();
      await screen.findByRole("table");
      await user.click(table().getByRole("button", { name: "Elimina Giulia Bianchi" }));
      await user.click(screen.getByRole("button", { name: "Annulla" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(server.callsTo("DELETE /api/auth/users/2")).toHaveLength(0);
    });

    it("shows why the server refused", async () => {
      const refused = { status: 409, body: { error: "Impossibile eliminare l'utente: ha un prestito attivo" } };
      expect(await refusalShown("DELETE /api/auth/users/2", refused, "Elimina Giulia Bianchi", "Elimina")).toBe(
        "Impossibile eliminare l'utente: ha un prestito attivo",
      );
    });

    it("falls back to a generic text when the server gives no reason", async () => {
      const silent = { status: 500, body: {} };
      expect(await refusalShown("DELETE /api/auth/users/2", silent, "Elimina Giulia Bianchi", "Elimina")).toBe(
        "Errore nell'eliminazione utente",
      );
    });
  });

  describe("new user", () => {
    async function openNewUser(api: ApiRoutes = {}) {
      const rendered = renderUsers(api);
      await screen.findByRole("table");
      await rendered.user.click(screen.getByRole("button", { name: "Nuovo Utente" }));
      return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Nuovo Utente" })) };
    }

    async function fillNewUser(
      user: ReturnType<typeof renderApp>["user"],
      dialog: ReturnType<typeof within>,
      confirmation = "girasole-2025",
    ) {
      await user.type(dialog.getByLabelText("Nome"), "Paolo");
      await user.type(dialog.getByLabelText("Cognome"), "Gialli");
      await user.type(dialog.getByLabelText("Email"), "paolo.gialli@accademia.it");
      await user.type(dialog.getByLabelText("Matricola"), "M4321");
      await user.type(dialog.getByLabelText("Password"), "girasole-2025");
      await user.type(dialog.getByLabelText("Conferma password"), confirmation);
    }

    it("refuses passwords that do not match", async () => {
      const { user, dialog, server } = await openNewUser();
      await fillNewUser(user, dialog, "girasole-2024");
      await user.click(dialog.getByRole("button", { name: "Crea Utente" }));
      expect(dialog.getByRole("alert").textContent).toBe("Le password non coincidono");
      const confirm = dialog.getByLabelText("Conferma password");
      expect(fieldError(confirm)).toBe("Non coincide con la password");
      expect(server.callsTo("POST /api/auth/register")).toHaveLength(0);
    });

    it("creates a student with optional phone and course left empty", async () => {
      const { user, dialog, server } = await openNewUser({
        "POST /api/auth/register": { body: { user: aStudent({ id: 9 }), message: "Utente creato" } },
      });
      await fillNewUser(user, dialog);
      await user.click(dialog.getByRole("button", { name: "Crea Utente" }));

      expect(await screen.findByText("Utente Paolo Gialli creato")).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
      const call = server.callsTo("POST /api/auth/register")[0];
      expect(call?.headers.Authorization).toBe("Bearer token-di-prova");
      expect(call?.body).toEqual({
        name: "Paolo",
        surname: "Gialli",
        email: "paolo.gialli@accademia.it",
        matricola: "M4321",
        phone: "",
        corso_accademico: "",
        password: "girasole-2025",
        ruolo: "user",
      });
      expect(screen.getByRole("heading", { name: "Gestione Utenti" })).toBeTruthy();
    });

    it("warns that administrators get complete access", async () => {
      const { user, dialog } = await openNewUser();
      expect(dialog.queryByText(/accesso completo al sistema/)).toBeNull();
      await user.click(dialog.getByRole("radio", { name: /Amministratore/ }));
      expect(dialog.getByText(/Gli amministratori hanno accesso completo al sistema/)).toBeTruthy();
    });

    it("shows the server's error, else a generic one", async () => {
      const { user, dialog } = await openNewUser({
        "POST /api/auth/register": { status: 409, body: { error: "Email già registrata" } },
      });
      await fillNewUser(user, dialog);
      await user.click(dialog.getByRole("button", { name: "Crea Utente" }));
      expect((await dialog.findByRole("alert")).textContent).toBe("Email già registrata");
    });

    it("falls back to a generic creation error", async () => {
      const { user, dialog } = await openNewUser({ "POST /api/auth/register": { status: 500, body: {} } });
      await fillNewUser(user, dialog);
      await user.click(dialog.getByRole("button", { name: "Crea Utente" }));
      expect((await dialog.findByRole("alert")).textContent).toBe("Errore nella creazione utente");
    });
  });

  describe("editing", () => {
    it("shows the user's history from the audit trail", async () => {
      const { user, server } = renderUsers({
        "GET /api/audit": {
          body: [
            {
              id: 7,
              action: "user.update",
              entity: "user",
              entity_id: 2,
              summary: "Modificato il profilo di giulia.bianchi@accademia.it",
              actor_email: "desk@accademia.it",
              created_at: "2025-03-03T08:00:00.000Z",
            },
          ],
        },
      });
      await screen.findByRole("table");
      await user.click(table().getByRole("button", { name: "Modifica Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Modifica utente" }));
      expect(dialog.getByText("Cronologia dell'utente")).toBeTruthy();
      expect(await dialog.findByText("Modificato il profilo di giulia.bianchi@accademia.it")).toBeTruthy();
      expect(server.callsTo("GET /api/audit")[0]?.query).toEqual({ entity: "user", id: "2" });
    });

    it("changes the profile only: no password nor role fields", async () => {
      const { user, server } = renderUsers({
        "PUT /api/auth/users/2": { body: aStudent({ phone: "333 0000000" }) },
      });
      await screen.findByRole("table");
      await user.click(table().getByRole("button", { name: "Modifica Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog", { name: "Modifica utente" }));
      expect((dialog.getByLabelText("Email") as HTMLInputElement).value).toBe("giulia.bianchi@accademia.it");
      expect(dialog.queryByLabelText("Password")).toBeNull();
      expect(dialog.queryByRole("radio")).toBeNull();

      const phone = dialog.getByLabelText("Telefono (opzionale)");
      await user.clear(phone);
      await user.type(phone, "333 0000000");
      await user.click(dialog.getByRole("button", { name: "Salva modifiche" }));

      expect(await screen.findByText("Utente aggiornato")).toBeTruthy();
      expect(server.callsTo("PUT /api/auth/users/2")[0]?.body).toEqual({
        name: "Giulia",
        surname: "Bianchi",
        email: "giulia.bianchi@accademia.it",
        matricola: "M1234",
        phone: "333 0000000",
        corso_accademico: "Fotografia",
      });
    });

    it("requires name, surname, email and matricola", async () => {
      const { user, server } = renderUsers();
      await screen.findByRole("table");
      await user.click(table().getByRole("button", { name: "Modifica Giulia Bianchi" }));
      const dialog = within(screen.getByRole("dialog"));
      await user.clear(dialog.getByLabelText("Matricola"));
      await user.click(dialog.getByRole("button", { name: "Salva modifiche" }));
      expect(dialog.getByRole("alert").textContent).toBe("Compila tutti i campi obbligatori");
      expect(server.callsTo("PUT /api/auth/users/2")).toHaveLength(0);
    });

    it("shows a generic update error when the server gives no reason", async () => {
      const silent = { status: 500, body: {} };
      expect(await refusalShown("PUT /api/auth/users/2", silent, "Modifica Giulia Bianchi", "Salva modifiche")).toBe(
        "Errore nell'aggiornamento utente",
      );
    });
  });

  describe("resetting a password", () => {
    async function openReset(api: ApiRoutes = {}) {
      const rendered = renderUsers(api);
      await screen.findByRole("table");
      await rendered.user.click(table().getByRole("button", { name: "Reimposta password di Giulia Bianchi" }));
      return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Reimposta password" })) };
    }

    it("needs the two fields to match", async () => {
      const { user, dialog, server } = await openReset();
      await user.type(dialog.getByLabelText("Nuova password"), "girasole-2025");
      await user.type(dialog.getByLabelText("Conferma password"), "girasole-2026");
      await user.click(dialog.getByRole("button", { name: "Reimposta password" }));
      expect(dialog.getByRole("alert").textContent).toBe("Le password non coincidono");
      expect(server.callsTo("PUT /api/auth/users/2/reset-password")).toHaveLength(0);
    });

    it("sets the new password and shows a desktop notification when allowed", async () => {
      const shown: { title: string; body?: string }[] = [];
      const original = globalThis.Notification;
      globalThis.Notification = Object.assign(
        class {
          constructor(title: string, options?: NotificationOptions) {
            shown.push({ title, body: options?.body });
          }
          close() {}
        },
        { permission: "granted" },
      ) as unknown as typeof Notification;
      try {
        const { user, dialog, server } = await openReset({
          "PUT /api/auth/users/2/reset-password": { body: { message: "Password aggiornata con successo" } },
        });
        await user.type(dialog.getByLabelText("Nuova password"), "girasole-2025");
        await user.type(dialog.getByLabelText("Conferma password"), "girasole-2025");
        await user.click(dialog.getByRole("button", { name: "Reimposta password" }));

        expect(await screen.findByText("Password di Giulia Bianchi aggiornata")).toBeTruthy();
        expect(server.callsTo("PUT /api/auth/users/2/reset-password")[0]?.body).toEqual({
          newPassword: "girasole-2025",
        });
        expect(shown).toEqual([
          { title: "Password reimpostata", body: "La password di Giulia Bianchi è stata aggiornata." },
        ]);
      } finally {
        globalThis.Notification = original;
      }
    });

    it("shows a generic reset error when the server gives no reason", async () => {
      const { user, dialog } = await openReset({ "PUT /api/auth/users/2/reset-password": { status: 500, body: {} } });
      await user.type(dialog.getByLabelText("Nuova password"), "girasole-2025");
      await user.type(dialog.getByLabelText("Conferma password"), "girasole-2025");
      await user.click(dialog.getByRole("button", { name: "Reimposta password" }));
      expect((await dialog.findByRole("alert")).textContent).toBe("Errore nel reset password");
    });
  });
});
