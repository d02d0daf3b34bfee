import { beforeEach, describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { captureConsole } from "../../../test/console";
import { renderDashboard } from "../../../test/dashboard";
import { aLoanRequest, noAlerts } from "../../../test/desk-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { requestListRoute } from "../../../test/paged-lists";

const request = aLoanRequest();

async function openRequest(api: ApiRoutes = {}) {
  const rendered = renderDashboard({
    "GET /api/richieste": requestListRoute([request]),
    "GET /api/avvisi": { body: noAlerts() },
    ...api,
  });
  await rendered.user.click(await screen.findByRole("button", { name: /^Gestisci la richiesta di Giulia Bianchi/ }));
  return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Gestione Richiesta" })) };
}

describe("request-management dialog", () => {
  // Without the browser's permission the desk gets no desktop notice, only the log line the spec names.
  let desktopLog: string[] = [];
  beforeEach(() => {
    desktopLog = captureConsole("info");
  });

  it("shows the item, the borrower, the email, the dates and the notes", async () => {
    const { dialog } = await openRequest();
    expect(dialog.getByText("Canon EOS R6 (CANONEOSR6_001)")).toBeTruthy();
    expect(dialog.getByText("Giulia Bianchi")).toBeTruthy();
    expect(dialog.getByText("giulia.bianchi@accademia.it")).toBeTruthy();
    expect(dialog.getByText("Per il corso di ritratto")).toBeTruthy();
    expect(dialog.getByText("Dal")).toBeTruthy();
    expect(dialog.getByText("Al")).toBeTruthy();
  });

  it("asks to confirm an approval, says a loan is created, and can go back", async () => {
    const { user, dialog, server } = await openRequest();
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    expect(dialog.getByText(/verrà creato automaticamente un prestito attivo/)).toBeTruthy();
    expect(server.callsTo("PUT /api/prestiti/31/approva")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Indietro" }));
    expect(dialog.getByRole("button", { name: "Approva" })).toBeTruthy();
    expect(dialog.queryByRole("button", { name: "Conferma approvazione" })).toBeNull();
  });

  it("hands out another unit free for the request's dates when the desk picks one", async () => {
    const taken = (id: number) => [
      { tipo: "prestito", dal: request.dal, al: request.al, riferimento_id: id, chi: "Luca Verdi" },
    ];
    const { user, dialog, server } = await openRequest({
      "GET /api/inventario/4/disponibilita": {
        body: {
          inventario_id: 4,
          dal: request.dal,
          al: request.al,
          unita: [
            {
              id: 40,
              codice_univoco: "CANONEOSR6_001",
              occupazioni: [
                { tipo: "richiesta", dal: request.dal, al: request.al, riferimento_id: 31, chi: "Giulia Bianchi" },
              ],
            },
            { id: 41, codice_univoco: "CANONEOSR6_002", occupazioni: taken(8) },
            { id: 42, codice_univoco: "CANONEOSR6_003", occupazioni: [] },
          ],
          giorni_liberi: [],
        },
      },
      "PUT /api/prestiti/31/approva": {
        body: { message: "ok", loanId: 5, penaltyInfo: { hasStrikes: false, strikes: 0, warning: null } },
      },
    });
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    const choice = (await dialog.findByLabelText("Unità da consegnare")) as HTMLSelectElement;
    // The unit on loan for those dates is not offered; the request's own hold does not count.
    expect([...choice.options].map((option) => option.value)).toEqual(["40", "42"]);
    await user.selectOptions(choice, "42");
    await user.click(dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect(await dialog.findByText("Richiesta Approvata!")).toBeTruthy();
    expect(server.callsTo("PUT /api/prestiti/31/approva")[0]?.body).toEqual({ unit_id: 42 });
  });

  it('approves after the confirmation and says "Richiesta Approvata!", the equipment can be collected', async () => {
    const { user, dialog, server } = await openRequest({
      "PUT /api/prestiti/31/approva": {
        body: { message: "ok", loanId: 5, penaltyInfo: { hasStrikes: false, strikes: 0, warning: null } },
      },
    });
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    await user.click(dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect(await dialog.findByText("Richiesta Approvata!")).toBeTruthy();
    expect(dialog.getByText(/può ritirare l'attrezzatura/)).toBeTruthy();
    expect(dialog.queryByText(/Attenzione/)).toBeNull();
    expect(server.callsTo("PUT /api/prestiti/31/approva")).toHaveLength(1);
    await waitFor(() => expect(desktopLog).toContain("Notifiche desktop non disponibili"));
  });

  it("warns when the borrower has 2 or more strikes", async () => {
    const warning =
      "Attenzione: l'utente ha 2 penalità. Un altro ritardo nella restituzione bloccherà automaticamente l'account.";
    const { user, dialog } = await openRequest({
      "PUT /api/prestiti/31/approva": {
        body: { message: "ok", loanId: 5, penaltyInfo: { hasStrikes: true, strikes: 2, warning } },
      },
    });
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    await user.click(dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect(await dialog.findByText(warning)).toBeTruthy();
    expect(dialog.getByText("Richiesta Approvata!")).toBeTruthy();
  });

  it("says a blocked borrower cannot be approved, why, and that they must come in person", async () => {
    const { user, dialog } = await openRequest({
      "PUT /api/prestiti/31/approva": {
        status: 403,
        body: {
          error: "Utente bloccato",
          message: "L'utente è bloccato e non può ricevere prestiti.",
          reason: "Blocco automatico: 3 o più penalità per ritardi nella restituzione",
          penaltyStrikes: 3,
          userBlocked: true,
        },
      },
    });
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    await user.click(dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect(await dialog.findByText("Utente bloccato: richiesta non approvata")).toBeTruthy();
    expect(dialog.getByText(/Blocco automatico: 3 o più penalità/)).toBeTruthy();
    expect(dialog.getByText(/deve presentarsi di persona/)).toBeTruthy();
    expect(dialog.queryByText("Richiesta Approvata!")).toBeNull();
  });

  it("shows the server's reason for a failed approval, else a generic one", async () => {
    const conflict = await openRequest({
      "PUT /api/prestiti/31/approva": { status: 409, body: { error: "La richiesta è già stata gestita" } },
    });
    await conflict.user.click(conflict.dialog.getByRole("button", { name: "Approva" }));
    await conflict.user.click(conflict.dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect((await conflict.dialog.findByRole("alert")).textContent).toBe("La richiesta è già stata gestita");
  });

  it('falls back to "Errore nell\'approvazione"', async () => {
    const { user, dialog } = await openRequest({ "PUT /api/prestiti/31/approva": "network-error" });
    await user.click(dialog.getByRole("button", { name: "Approva" }));
    await user.click(dialog.getByRole("button", { name: "Conferma approvazione" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Errore nell'approvazione");
  });

  it("needs a reason to refuse: the confirmation stays disabled while it is blank", async () => {
    const { user, dialog, server } = await openRequest();
    await user.click(dialog.getByRole("button", { name: "Rifiuta" }));
    const confirm = dialog.getByRole("button", { name: "Conferma rifiuto" });
    expect(dialog.getByLabelText(/Motivazione del rifiuto/)).toHaveProperty("required", true);
    expect(dialog.getByText("Inserisci una motivazione per il rifiuto")).toBeTruthy();
    expect(confirm).toHaveProperty("disabled", true);

    await user.type(dialog.getByLabelText(/Motivazione del rifiuto/), "   ");
    expect(confirm).toHaveProperty("disabled", true);
    await user.click(confirm);
    expect(server.callsTo("PUT /api/prestiti/31/rifiuta")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Indietro" }));
    expect(dialog.getByRole("button", { name: "Rifiuta" })).toBeTruthy();
  });

  it("refuses with the reason as motivo_rifiuto and closes", async () => {
    const { user, dialog, server } = await openRequest({
      "PUT /api/prestiti/31/rifiuta": { body: { message: "Richiesta rifiutata" } },
    });
    await user.click(dialog.getByRole("button", { name: "Rifiuta" }));
    await user.type(dialog.getByLabelText(/Motivazione del rifiuto/), "  Serve a lezione  ");
    await user.click(dialog.getByRole("button", { name: "Conferma rifiuto" }));
    expect(await screen.findByText("Richiesta di Giulia Bianchi rifiutata")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo("PUT /api/prestiti/31/rifiuta")[0]?.body).toEqual({ motivo_rifiuto: "Serve a lezione" });
  });

  it('falls back to "Errore nel rifiuto"', async () => {
    const { user, dialog } = await openRequest({ "PUT /api/prestiti/31/rifiuta": { status: 500, body: {} } });
    await user.click(dialog.getByRole("button", { name: "Rifiuta" }));
    await user.type(dialog.getByLabelText(/Motivazione del rifiuto/), "Serve a lezione");
    await user.click(dialog.getByRole("button", { name: "Conferma rifiuto" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Errore nel rifiuto");
  });
});
