import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { calendarDayButton } from "../../../test/availability-fixtures";
import { aStudent } from "../../../test/fixtures";
import { aLoan, studentApi } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { giuliasExtension } from "../../../test/people-fixtures";
import { renderApp } from "../../../test/render-app";

const student = aStudent();
// Due on 14/03/2025; the academy's today is 10/03/2025.
const loan = aLoan({ id: 1, oggetto_nome: "Canon EOS R6", data_rientro: "2025-03-14" });
const pendingExtension = giuliasExtension();

/** I Miei Prestiti with one loan (the Canon unless told), and that loan's card. */
async function openMyLoans(api: ApiRoutes = {}, shown = loan) {
  const rendered = renderApp({
    signedInAs: student,
    path: "/miei-prestiti",
    api: { ...studentApi(student.id), "GET /api/prestiti/mie": { body: [shown] }, ...api },
  });
  const card = within((await screen.findByText(shown.oggetto_nome)).closest("article") as HTMLElement);
  return { ...rendered, card };
}

describe("a student asks to extend a loan", () => {
  it("picks the new date on the Italian calendar, writes a reason, and sends both", async () => {
    const { user, server, card } = await openMyLoans({
      "POST /api/prestiti/1/proroga": { status: 201, body: pendingExtension },
    });
    await user.click(card.getByRole("button", { name: /^Chiedi proroga/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Chiedi proroga" }));
    expect(dialog.getByText(/rientro previsto il 14\/03\/2025/)).toBeTruthy();
    // The current due date and the days before it cannot be picked.
    expect(calendarDayButton(dialog, "2025-03-14").disabled).toBe(true);
    await user.click(dialog.getByRole("button", { name: /^Chiedi proroga/ }));
    expect(dialog.getByText("Scegli la nuova data di rientro")).toBeTruthy();
    await user.click(calendarDayButton(dialog, "2025-03-17"));
    await user.click(dialog.getByRole("button", { name: /^Chiedi proroga/ }));
    expect(dialog.getByText("Scrivi il motivo della proroga")).toBeTruthy();
    await user.type(dialog.getByRole("textbox", { name: /Motivo/ }), "Riprese rimandate");
    await user.click(dialog.getByRole("button", { name: /^Chiedi proroga/ }));
    await waitFor(() => expect(server.callsTo("POST /api/prestiti/1/proroga")).toHaveLength(1));
    expect(server.callsTo("POST /api/prestiti/1/proroga")[0]?.body).toEqual({
      al: "2025-03-17",
      motivo: "Riprese rimandate",
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Chiedi proroga" })).toBeNull());
  });

  it("shows the server's refusal in words: the date of the next booking", async () => {
    const refusal = "L'unità CANON_001 è prenotata dal 16/03/2025: la proroga può arrivare al massimo al 15/03/2025";
    const { user, card } = await openMyLoans({
      "POST /api/prestiti/1/proroga": { status: 409, body: { error: refusal } },
    });
    await user.click(card.getByRole("button", { name: /^Chiedi proroga/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Chiedi proroga" }));
    await user.click(calendarDayButton(dialog, "2025-03-17"));
    await user.type(dialog.getByRole("textbox", { name: /Motivo/ }), "Riprese rimandate");
    await user.click(dialog.getByRole("button", { name: /^Chiedi proroga/ }));
    expect(await dialog.findByText(refusal)).toBeTruthy();
  });

  it("says a request is waiting instead of offering another", async () => {
    const { card } = await openMyLoans({ "GET /api/proroghe": { body: [pendingExtension] } });
    expect(await card.findByText("Proroga al 17/03/2025 chiesta: in attesa della risposta del banco")).toBeTruthy();
    expect(card.queryByRole("button", { name: /^Chiedi proroga/ })).toBeNull();
  });

  it("offers no request on an overdue loan: only the desk extends it", async () => {
    const overdue = aLoan({
      id: 2,
      oggetto_nome: "Zoom H5",
      stato: "scaduto",
      data_rientro: "2025-03-07",
      giorni_ritardo: 3,
    });
    const { card } = await openMyLoans({}, overdue);
    expect(card.getByText(/solo il banco può prorogarlo/)).toBeTruthy();
    expect(card.queryByRole("button", { name: /^Chiedi proroga/ })).toBeNull();
  });

  it("shows the first due date beside the new one", async () => {
    const extended = aLoan({
      id: 3,
      oggetto_nome: "Treppiede",
      data_rientro: "2025-03-18",
      data_rientro_originale: "2025-03-14",
    });
    const { card } = await openMyLoans({}, extended);
    expect(card.getByText("Scadenza originale").nextSibling?.textContent).toBe("14/03/2025");
  });
});
