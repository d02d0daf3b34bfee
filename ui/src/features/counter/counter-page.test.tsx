import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { LoanType } from "../../../../src/domain/loan-types";
import { unitLabelUrl } from "../../../../src/domain/public-url";
import type { ScannedUnit } from "../../../../src/modules/counter/model";
import { fakeCamera, labelQrFrame } from "../../../test/camera";
import { renderBanco, returnDatesSent, scanUnit } from "../../../test/counter";
import { aScannedUnit } from "../../../test/desk-fixtures";
import { aStudent, saraGallo } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const TODAY = "2026-03-12";

function freeUnit(loanType: LoanType = "solo_esterno"): ScannedUnit {
  return aScannedUnit({ tipo_prestito: loanType, prossima_disponibilita: TODAY });
}

const sara = saraGallo();
const saraBis = aStudent({
  id: 6,
  name: "Sara",
  surname: "Galli",
  email: "sara.galli@accademia.it",
  matricola: "F0077",
});

function renderCounter(unit: ScannedUnit, api: ApiRoutes = {}) {
  return renderBanco({ unit, students: [sara, saraBis], today: TODAY, api });
}

describe("Banco: lending a free unit on the scan screen", () => {
  it("finds the student by matricola and lends the unit for a week, handed over now", async () => {
    const { user, server } = renderCounter(freeUnit(), {
      "POST /api/prestiti": { body: { message: "Prestito creato", loanId: 31 } },
    });
    const card = await scanUnit(user, "A7-003");
    expect(card.getByText("Libera: si può prestare")).toBeTruthy();
    const search = card.getByRole("searchbox", { name: "Studente (matricola, nome o email)" });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await user.type(search, "f0042");
    await user.click(await card.findByRole("radio", { name: /Sara Gallo/ }));
    expect(card.queryByRole("radio", { name: /Sara Galli/ })).toBeNull();
    expect(card.getByText("Il 19/03/2026")).toBeTruthy();
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/prestiti").map((call) => call.body)).toEqual([
        {
          inventario_id: 7,
          utente_id: 5,
          chi: "Sara Gallo",
          data_uscita: TODAY,
          data_rientro: "2026-03-19",
          unita_ids: [103],
          tipo_utilizzo: "esterno",
          note: "",
          consegna: true,
        },
      ]),
    );
    const session = await screen.findByRole("list", { name: "Scansioni di questa sessione" });
    expect(within(session).getByText(/Prestata a Sara Gallo fino al 19\/03\/2026/)).toBeTruthy();
    // The unit is looked up again, to show what it is now.
    expect(server.callsTo("GET /api/banco/scansione")).toHaveLength(2);
  });

  it("picks the return day on the Italian calendar, not the browser's date input", async () => {
    const { user, server } = renderCounter(freeUnit(), {
      "POST /api/prestiti": { body: { message: "Prestito creato", loanId: 31 } },
    });
    const card = await scanUnit(user, "A7-003");
    expect(card.queryByRole("textbox", { name: "Da restituire il" })).toBeNull();
    expect(document.querySelector('input[type="date"]')).toBeNull();
    await user.type(card.getByRole("searchbox", { name: "Studente (matricola, nome o email)" }), "f0042");
    await user.click(await card.findByRole("radio", { name: /Sara Gallo/ }));
    await user.click(card.getByRole("button", { name: "martedì 24 marzo 2026" }));
    expect(card.getByText("Il 24/03/2026")).toBeTruthy();
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    await waitFor(() => expect(returnDatesSent(server)).toEqual(["2026-03-24"]));
  });

  it("shows the server's refusal, e.g. a blocked student, and lends nothing", async () => {
    const { user } = renderCounter(freeUnit(), {
      "POST /api/prestiti": {
        status: 403,
        body: { error: "L'utente è bloccato e non può ricevere prestiti" },
      },
    });
    const card = await scanUnit(user, "A7-003");
    await user.type(card.getByRole("searchbox"), "Gallo");
    await user.click(await card.findByRole("radio", { name: /Sara Gallo/ }));
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    expect(await card.findByText("L'utente è bloccato e non può ricevere prestiti")).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Scansioni di questa sessione" })).queryByText(/Prestata/),
    ).toBeNull();
  });

  it("asks for the student before lending", async () => {
    const { user, server } = renderCounter(freeUnit());
    const card = await scanUnit(user, "A7-003");
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    expect(card.getByText("Scegli lo studente a cui prestare l'unità")).toBeTruthy();
    expect(card.getByRole("searchbox").getAttribute("aria-invalid")).toBe("true");
    expect(server.callsTo("POST /api/prestiti")).toHaveLength(0);
  });

  it("lends an item used both ways for the day when the desk picks internal use", async () => {
    const { user, server } = renderCounter(freeUnit("entrambi"), {
      "POST /api/prestiti": { body: { message: "Prestito creato", loanId: 32 } },
    });
    const card = await scanUnit(user, "A7-003");
    await user.type(card.getByRole("searchbox"), "sara.galli");
    await user.click(await card.findByRole("radio", { name: /Sara Galli/ }));
    await user.click(card.getByRole("radio", { name: "Uso interno (in giornata)" }));
    expect(card.queryByLabelText("Da restituire il")).toBeNull();
    await user.click(card.getByRole("button", { name: "Presta e consegna" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/prestiti")[0]?.body).toMatchObject({
        utente_id: 6,
        data_uscita: TODAY,
        data_rientro: TODAY,
        tipo_utilizzo: "interno",
      }),
    );
  });

  it("closes the lend form on Annulla and opens it again from the card", async () => {
    const { user } = renderCounter(freeUnit());
    const card = await scanUnit(user, "A7-003");
    await user.click(card.getByRole("button", { name: "Annulla" }));
    expect(card.queryByRole("searchbox")).toBeNull();
    await user.click(card.getByRole("button", { name: "Presta a uno studente" }));
    expect(card.getByRole("searchbox")).toBeTruthy();
  });
});

describe("Banco: the scanned unit's photo", () => {
  it("shows the unit's photo, read with the session", async () => {
    const { user, server } = renderCounter(
      { ...freeUnit(), foto_url: "/api/foto/31" },
      { "GET /api/foto/31": { body: {} } },
    );
    const card = await scanUnit(user, "A7-003");
    expect(await card.findByRole("img", { name: "Foto di A7-003" })).toBeTruthy();
    expect(server.callsTo("GET /api/foto/31")[0]?.headers.authorization).toBe("Bearer token-di-prova");
  });

  it("shows no picture for a unit without one", async () => {
    const { user } = renderCounter(freeUnit());
    const card = await scanUnit(user, "A7-003");
    expect(card.queryByRole("img")).toBeNull();
  });
});

describe("Banco: the camera", () => {
  const camera = fakeCamera();

  it("reads a unit label's QR code from the video, looks the unit up and turns the camera off", async () => {
    const label = unitLabelUrl("https://prestiti.accademia.it", 7, "A7-003");
    const filming = camera(await labelQrFrame(label));
    const { user, server } = renderCounter(freeUnit());
    await user.click(await screen.findByRole("button", { name: "Fotocamera" }));
    // The camera's code (with the QR decoder) is its own chunk: a cold start may take a while to load it.
    const loading = { timeout: 5000 };
    expect(await screen.findByLabelText("Inquadra il codice QR dell'etichetta", {}, loading)).toBeTruthy();
    expect(await screen.findByRole("article", { name: /A7-003/ }, loading)).toBeTruthy();
    expect(server.callsTo("GET /api/banco/scansione").map((call) => call.query.codice)).toEqual([label]);
    // The camera is released once the scanner closes, which may come a moment after the unit's card.
    await waitFor(() => expect(filming.stopped).toBe(true));
    expect(screen.queryByLabelText("Inquadra il codice QR dell'etichetta")).toBeNull();
    expect(screen.getByRole("button", { name: "Fotocamera" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("says to type the code when the camera is refused", async () => {
    camera("denied");
    const { user, server } = renderCounter(freeUnit());
    await user.click(await screen.findByRole("button", { name: "Fotocamera" }));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(
      "Fotocamera non disponibile o non autorizzata: scrivi il codice.",
    );
    expect(server.callsTo("GET /api/banco/scansione")).toHaveLength(0);
  });
});
