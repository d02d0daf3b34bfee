import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { renderDashboard } from "../../../test/dashboard";
import { aLoan, aLoanAlert, alertsRoute, dayFromToday } from "../../../test/desk-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const dueToday = aLoanAlert(1, "Canon EOS R6", { data_rientro: dayFromToday(0), giorni_ritardo: 0 });

/** The dashboard with one loan due today, its "Scadenze Oggi" list open. */
async function openDueToday(api: ApiRoutes = {}) {
  const rendered = renderDashboard({
    "GET /api/riparazioni/riepilogo": { body: { in_corso: 0 } },
    "GET /api/segnalazioni/riepilogo": { body: { attive: 0, recenti: [] } },
    "GET /api/avvisi": alertsRoute({ scadenze_oggi: [dueToday] }),
    "GET /api/prestiti/1": { body: aLoan({ id: 1, oggetto_nome: "Canon EOS R6", data_rientro: dayFromToday(0) }) },
    ...api,
  });
  await rendered.user.click(await screen.findByRole("button", { name: "Scadenze Oggi 1" }));
  const dialog = within(screen.getByRole("dialog", { name: "Scadenze Oggi" }));
  // The dialog reads every alert when it opens.
  await dialog.findByText("Canon EOS R6");
  return { ...rendered, dialog };
}

describe("Scadenze Oggi on the dashboard", () => {
  it("reminds the student once: one call, then the button says it was sent", async () => {
    const { user, server, dialog } = await openDueToday({
      "POST /api/prestiti/1/promemoria": { body: { message: "Promemoria inviato allo studente" } },
    });
    await user.click(dialog.getByRole("button", { name: "Promemoria: Canon EOS R6" }));
    await waitFor(() => expect(server.callsTo("POST /api/prestiti/1/promemoria")).toHaveLength(1));
    expect(await screen.findByText("Promemoria inviato a Luca Verdi")).toBeTruthy();
    // Its name follows the words shown (WCAG 2.5.3, label in name).
    expect(dialog.getByRole("button", { name: "Promemoria inviato: Canon EOS R6" })).toHaveProperty("disabled", true);
  });

  it("shows the server's refusal of a second reminder the same day", async () => {
    const error = "Promemoria già inviato oggi per questo prestito: potrai inviarne un altro domani";
    const { user, dialog } = await openDueToday({
      "POST /api/prestiti/1/promemoria": { status: 429, body: { error } },
    });
    await user.click(dialog.getByRole("button", { name: "Promemoria: Canon EOS R6" }));
    expect(await dialog.findByText(error)).toBeTruthy();
  });

  it("takes the loan back in the return dialog", async () => {
    const { user } = await openDueToday();
    await user.click(screen.getByRole("button", { name: "Rientro: Canon EOS R6" }));
    expect(await screen.findByRole("dialog", { name: "Termina prestito" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Scadenze Oggi" })).toBeNull();
  });

  it("extends the loan in the desk's extension dialog", async () => {
    const { user } = await openDueToday();
    await user.click(screen.getByRole("button", { name: "Proroga: Canon EOS R6" }));
    const extension = within(await screen.findByRole("dialog", { name: "Proroga il prestito" }));
    expect(extension.getByText(/^Canon EOS R6 · rientro previsto il/)).toBeTruthy();
    expect(extension.getByRole("button", { name: "Proroga" })).toBeTruthy();
  });
});
