import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { captureConsole } from "../../../test/console";
import { aBlockedStudent, anAdmin, lucaVerdi } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { userListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";

const admin = anAdmin();
const sara = aBlockedStudent("Blocco automatico: 3 o più penalità per ritardi nella restituzione");
const luca = lucaVerdi({ penalty_strikes: 1 });

const history = {
  userInfo: {
    id: 4,
    name: "Sara",
    surname: "Neri",
    email: "sara.neri@accademia.it",
    penalty_strikes: 3,
    is_blocked: true,
    blocked_reason: "Blocco automatico: 3 o più penalità per ritardi nella restituzione",
  },
  penalties: [
    {
      id: 12,
      prestito_id: 40,
      articolo_nome: "Canon EOS R6",
      motivo: "Ritardo di 5 giorni nella restituzione",
      strike_assegnati: 2,
      giorni_ritardo: 5,
      created_at: "2025-03-10T10:00:00.000Z",
      created_by_name: "Marco",
      created_by_surname: "Rossi",
      azzerata_at: null,
    },
    {
      id: 9,
      prestito_id: 31,
      articolo_nome: "Treppiede Manfrotto",
      motivo: "Ritardo di 1 giorno nella restituzione",
      strike_assegnati: 1,
      giorni_ritardo: 1,
      created_at: "2025-02-01T10:00:00.000Z",
      created_by_name: "Marco",
      created_by_surname: "Rossi",
      azzerata_at: null,
    },
  ],
};

function renderUsers(api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: admin,
    path: "/utenti",
    api: {
      ...adminShellApi,
      "GET /api/auth/users": userListRoute([admin, luca, sara]),
      "GET /api/penalties/user/4": { body: history },
      ...api,
    },
  });
}

/** The server unblocks with `message`; the history read after it shows the user unblocked and changed as told. */
function unblocking(message: string, changed: Record<string, unknown> = {}): ApiRoutes {
  let unblocked = false;
  const after = { ...history, userInfo: { ...history.userInfo, is_blocked: false, blocked_reason: null, ...changed } };
  return {
    "POST /api/penalties/unblock-user": () => {
      unblocked = true;
      return { body: { message } };
    },
    "GET /api/penalties/user/4": () => ({ body: unblocked ? after : history }),
  };
}

async function openPenalties(api: ApiRoutes = {}) {
  const rendered = renderUsers(api);
  const table = within(await screen.findByRole("table"));
  await rendered.user.click(table.getByRole("button", { name: "Penalità di Sara Neri" }));
  return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Gestione Penalità" })) };
}

describe("penalty management", () => {
  it("is offered for students only, never for administrators", async () => {
    const { user } = renderUsers();
    await screen.findByRole("table");
    expect(screen.getAllByRole("button", { name: "Penalità di Luca Verdi" })).not.toHaveLength(0);
    await user.click(screen.getByRole("tab", { name: /^Amministratori/ }));
    expect(screen.queryByRole("button", { name: /^Penalità di/ })).toBeNull();
  });

  it("shows the block with its reason and the history, strikes red from 2 and orange at 1", async () => {
    const { dialog } = await openPenalties();
    expect(dialog.getAllByText("BLOCCATO").length).toBeGreaterThan(0);
    expect(dialog.getByText(/Blocco automatico: 3 o più penalità/)).toBeTruthy();
    await dialog.findByText("Canon EOS R6");
    expect(dialog.getByText("#12")).toBeTruthy();
    expect(dialog.getByText("Ritardo di 5 giorni nella restituzione")).toBeTruthy();
    expect(dialog.getByText(/5 giorni di ritardo/)).toBeTruthy();
    expect(dialog.getAllByText(/registrata da Marco Rossi/)).toHaveLength(2);
    expect(dialog.getByText(/10\/03\/2025/)).toBeTruthy();
    expect(dialog.getByText("2 strike").className).toContain("red");
    expect(dialog.getByText("1 strike").className).toContain("orange");
  });

  it("unblocks keeping the strikes", async () => {
    const { user, dialog, server } = await openPenalties(unblocking("Utente sbloccato"));
    await user.click(dialog.getByRole("button", { name: "Sblocca mantenendo le penalità" }));
    expect(await screen.findByText("Utente sbloccato")).toBeTruthy();
    expect(server.callsTo("POST /api/penalties/unblock-user")[0]?.body).toEqual({ userId: 4, resetStrikes: false });
    await dialog.findByText("3 penalità");
    expect(dialog.queryByText(/Blocco automatico/)).toBeNull();
  });

  it("unblocks resetting the strikes to zero", async () => {
    const { user, dialog, server } = await openPenalties(
      unblocking("Utente sbloccato e penalità azzerate", { penalty_strikes: 0 }),
    );
    await user.click(dialog.getByRole("button", { name: "Sblocca e azzera le penalità" }));
    expect(await screen.findByText("Utente sbloccato e penalità azzerate")).toBeTruthy();
    expect(server.callsTo("POST /api/penalties/unblock-user")[0]?.body).toEqual({ userId: 4, resetStrikes: true });
    await dialog.findByText("Penalità attive:");
    expect(dialog.queryByRole("button", { name: /^Sblocca/ })).toBeNull();
  });

  it('says "Errore nello sblocco utente" when the server gives no reason', async () => {
    const { user, dialog } = await openPenalties({ "POST /api/penalties/unblock-user": { status: 500, body: {} } });
    await user.click(dialog.getByRole("button", { name: "Sblocca e azzera le penalità" }));
    expect((await dialog.findByText("Errore nello sblocco utente")).closest("[role=alert]")).toBeTruthy();
  });

  it("shows the server's reason when it refuses", async () => {
    const { user, dialog } = await openPenalties({
      "POST /api/penalties/unblock-user": { status: 409, body: { error: "L'utente non è bloccato" } },
    });
    await user.click(dialog.getByRole("button", { name: "Sblocca mantenendo le penalità" }));
    expect(await dialog.findByText("L'utente non è bloccato")).toBeTruthy();
  });

  it("still shows the standing when the history cannot be read, and only logs the failure", async () => {
    const logged = captureConsole("warn");
    const { dialog } = await openPenalties({ "GET /api/penalties/user/4": { status: 403, body: { error: "No" } } });
    expect(await dialog.findByText("Storico penalità non disponibile.")).toBeTruthy();
    expect(logged.some((line) => line.startsWith("Storico penalità non caricato:"))).toBe(true);
    expect(dialog.getByRole("button", { name: "Sblocca mantenendo le penalità" })).toBeTruthy();
  });

  describe("by hand", () => {
    it("adds strikes with a reason, checking them first with the server's messages", async () => {
      const { user, dialog, server } = await openPenalties({
        "POST /api/penalties/assign-manual": { body: { message: "Penalità assegnata", penalty: null, user: {} } },
      });
      await user.click(dialog.getByRole("button", { name: "Aggiungi penalità" }));
      const form = within(dialog.getByRole("form", { name: "Aggiungi penalità" }));
      await user.clear(form.getByLabelText("Penalità (strike)"));
      await user.type(form.getByLabelText("Penalità (strike)"), "11");
      await user.click(form.getByRole("button", { name: "Aggiungi" }));
      expect(form.getByText("Le penalità vanno da 1 a 10")).toBeTruthy();
      expect(form.getByText("Indica il motivo della penalità")).toBeTruthy();
      expect(server.callsTo("POST /api/penalties/assign-manual")).toHaveLength(0);

      await user.clear(form.getByLabelText("Penalità (strike)"));
      await user.type(form.getByLabelText("Penalità (strike)"), "2");
      await user.type(form.getByLabelText(/^Motivo/), " Obiettivo graffiato ");
      await user.click(form.getByRole("button", { name: "Aggiungi" }));
      expect(await screen.findByText("Penalità assegnata")).toBeTruthy();
      expect(server.callsTo("POST /api/penalties/assign-manual")[0]?.body).toEqual({
        userId: 4,
        strikes: 2,
        motivo: "Obiettivo graffiato",
      });
      expect(dialog.queryByRole("form", { name: "Aggiungi penalità" })).toBeNull();
    });

    it("edits a penalty's strikes and reason", async () => {
      const { user, dialog, server } = await openPenalties({
        "PUT /api/penalties/12": { body: { message: "Penalità modificata", penalty: null, user: {} } },
      });
      await user.click(await dialog.findByRole("button", { name: "Modifica la penalità #12" }));
      const form = within(dialog.getByRole("form", { name: "Modifica la penalità #12" }));
      expect((form.getByLabelText("Penalità (strike)") as HTMLInputElement).value).toBe("2");
      await user.clear(form.getByLabelText("Penalità (strike)"));
      await user.type(form.getByLabelText("Penalità (strike)"), "1");
      await user.clear(form.getByLabelText(/^Motivo/));
      await user.type(form.getByLabelText(/^Motivo/), "Ritardo giustificato in parte");
      await user.click(form.getByRole("button", { name: "Salva" }));
      expect(await screen.findByText("Penalità modificata")).toBeTruthy();
      expect(server.callsTo("PUT /api/penalties/12")[0]?.body).toEqual({
        strike_assegnati: 1,
        motivo: "Ritardo giustificato in parte",
      });
    });

    it("deletes a penalty only after a confirmation", async () => {
      const { user, dialog, server } = await openPenalties({
        "DELETE /api/penalties/9": { body: { message: "Penalità eliminata", penalty: null, user: {} } },
      });
      await user.click(await dialog.findByRole("button", { name: "Elimina la penalità #9" }));
      const confirm = within(screen.getByRole("dialog", { name: "Eliminare la penalità?" }));
      expect(confirm.getByText(/i suoi 1 strike saranno sottratti al totale/)).toBeTruthy();
      await user.click(confirm.getByRole("button", { name: "Annulla" }));
      expect(server.callsTo("DELETE /api/penalties/9")).toHaveLength(0);

      await user.click(dialog.getByRole("button", { name: "Elimina la penalità #9" }));
      await user.click(
        within(screen.getByRole("dialog", { name: "Eliminare la penalità?" })).getByRole("button", { name: "Elimina" }),
      );
      expect(await screen.findByText("Penalità eliminata")).toBeTruthy();
      expect(server.callsTo("DELETE /api/penalties/9")).toHaveLength(1);
      expect(screen.queryByRole("dialog", { name: "Eliminare la penalità?" })).toBeNull();
    });

    it("shows the server's refusal of a new penalty", async () => {
      const { user, dialog } = await openPenalties({
        "POST /api/penalties/assign-manual": { status: 404, body: { error: "Utente non trovato" } },
      });
      await user.click(dialog.getByRole("button", { name: "Aggiungi penalità" }));
      const form = within(dialog.getByRole("form", { name: "Aggiungi penalità" }));
      await user.type(form.getByLabelText(/^Motivo/), "Danno");
      await user.click(form.getByRole("button", { name: "Aggiungi" }));
      expect(await form.findByText("Utente non trovato")).toBeTruthy();
    });
  });
});
