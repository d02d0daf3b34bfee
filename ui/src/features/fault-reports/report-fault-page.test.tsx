import { describe, expect, it } from "bun:test";
import { act, screen, within } from "@testing-library/react";
import { disabledBecause, fieldError } from "../../../test/described-by";
import { aStudent } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { aFaultReport, aStudentLoan } from "../../../test/repair-fixtures";
import { requestNavigation } from "../../lib/navigation-event";

const student = aStudent();
const open = aFaultReport({ id: 1, stato: "aperta", tipo: "malfunzionamento", urgenza: "critica" });
const inProgress = aFaultReport({
  id: 2,
  stato: "in_corso",
  tipo: "danneggiamento",
  urgenza: "bassa",
  messaggio: "Graffio sullo schermo",
  inventario_nome: "Blackmagic Pocket 6K",
  codice_univoco: "POCKET6K_001",
  handled_at: "2025-03-13T08:00:00.000Z",
});
const resolved = aFaultReport({ id: 3, stato: "risolta", tipo: "perdita", urgenza: "media" });
const closed = aFaultReport({ id: 4, stato: "chiusa", urgenza: "alta" });

const activeLoan = aStudentLoan();
const overdueLoan = aStudentLoan({
  id: 262,
  inventario_id: 9,
  oggetto_nome: "Registratore Zoom H6",
  unita: ["ZOOMH6_001"],
  unita_ids: [90],
  stato: "scaduto",
  data_rientro: "2025-03-01",
});
const returnedLoan = aStudentLoan({ id: 200, oggetto_nome: "Sony Alpha 7 IV", stato: "restituito" });

async function openReportFault(api: ApiRoutes = {}) {
  const rendered = renderApp({
    signedInAs: student,
    api: {
      "GET /api/segnalazioni/mie": { body: [open, inProgress, resolved, closed] },
      "GET /api/prestiti/mie": { body: [activeLoan, overdueLoan, returnedLoan] },
      "GET /api/prestiti/261/units": {
        body: [
          { id: 12, codice_univoco: "POCKET6K_001", note: null, inventario_id: 3 },
          { id: 13, codice_univoco: "POCKET6K_002", note: "Con gabbia", inventario_id: 3 },
        ],
      },
      "GET /api/prestiti/262/units": {
        body: [{ id: 90, codice_univoco: "ZOOMH6_001", note: null, inventario_id: 9 }],
      },
      ...api,
    },
  });
  await screen.findByRole("heading", { level: 1 });
  act(() => requestNavigation("segnalazioni"));
  await screen.findByRole("heading", { level: 1, name: "Segnala Guasto" });
  return rendered;
}

function counter(label: string) {
  const item = within(screen.getByRole("list", { name: "Riepilogo segnalazioni" }))
    .getAllByRole("listitem")
    .find((entry) => entry.textContent?.endsWith(label));
  return item?.textContent?.replace(label, "");
}

async function openWizard(api: ApiRoutes = {}) {
  const rendered = await openReportFault(api);
  await rendered.user.click(screen.getByRole("button", { name: "Nuova Segnalazione" }));
  return { ...rendered, wizard: within(screen.getByRole("dialog", { name: "Nuova Segnalazione" })) };
}

describe("Segnala Guasto", () => {
  it("counts open, in-progress and resolved reports, closed ones counting as resolved", async () => {
    await openReportFault();
    await screen.findByRole("list", { name: "Le mie segnalazioni" });
    expect(counter("Aperte")).toBe("1");
    expect(counter("In Corso")).toBe("1");
    expect(counter("Risolte")).toBe("2");
    expect(counter("Totale")).toBe("4");
  });

  it("lists the student's reports with type, urgency, state, item, unit, date and message", async () => {
    await openReportFault();
    const items = within(await screen.findByRole("list", { name: "Le mie segnalazioni" })).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    const report = within(items[1] as HTMLElement);
    expect(report.getByText("Blackmagic Pocket 6K")).toBeTruthy();
    expect(report.getByText("POCKET6K_001")).toBeTruthy();
    expect(report.getByText("Danneggiamento")).toBeTruthy();
    expect(report.getByText("Bassa")).toBeTruthy();
    expect(report.getByText("In Corso")).toBeTruthy();
    expect(report.getByText("Graffio sullo schermo")).toBeTruthy();
    expect(report.getByText(/12\/03\/2025/)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Malfunzionamento")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Critica")).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText("Perdita")).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText("Risolta")).toBeTruthy();
    expect(within(items[3] as HTMLElement).getByText("Chiusa")).toBeTruthy();
  });

  it("colours urgencies: bassa gray, media blue, alta orange, critica red", async () => {
    await openReportFault();
    const list = within(await screen.findByRole("list", { name: "Le mie segnalazioni" }));
    const urgency = (label: string) =>
      list.getAllByTitle("Urgenza").find((badge) => badge.textContent === `Urgenza: ${label}`)?.className ?? "";
    expect(urgency("Bassa")).toContain("bg-slate-100");
    expect(urgency("Media")).toContain("bg-blue-50");
    expect(urgency("Alta")).toContain("bg-orange-50");
    expect(urgency("Critica")).toContain("bg-red-50");
  });

  it("says when there are no reports yet", async () => {
    await openReportFault({ "GET /api/segnalazioni/mie": { body: [] } });
    expect(await screen.findByText("Nessuna segnalazione")).toBeTruthy();
    expect(counter("Totale")).toBe("0");
  });

  it("says when the reports cannot be loaded", async () => {
    await openReportFault({ "GET /api/segnalazioni/mie": { status: 403, body: { error: "Accesso negato" } } });
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.some((alert) => alert.textContent?.includes("Errore nel caricamento segnalazioni"))).toBe(true);
  });

  it("says so when the student has no loan to report on", async () => {
    const { wizard } = await openWizard({ "GET /api/prestiti/mie": { body: [returnedLoan] } });
    expect(await wizard.findByText("Non hai prestiti attivi")).toBeTruthy();
    expect(wizard.getByText("Puoi segnalare un guasto solo su un'attrezzatura che hai in prestito.")).toBeTruthy();
    expect((wizard.getByRole("button", { name: "Avanti" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("walks through loan, unit and details, and sends the report", async () => {
    let sent = false;
    const { user, server, wizard } = await openWizard({
      "POST /api/segnalazioni": ({ body }) => {
        sent = true;
        return { body: { ...aFaultReport({ id: 5 }), ...(body as object) } };
      },
      "GET /api/segnalazioni/mie": () => ({
        body: sent ? [aFaultReport({ id: 5, messaggio: "Il display resta nero" }), open] : [open],
      }),
    });

    // Step 1: only open loans (active or overdue) are offered.
    const loans = await wizard.findAllByRole("radio");
    expect(loans.map((radio) => radio.closest("label")?.querySelector("span span")?.textContent)).toEqual([
      "Blackmagic Pocket 6K",
      "Registratore Zoom H6",
    ]);
    expect(wizard.queryByText("Sony Alpha 7 IV")).toBeNull();
    expect(wizard.getByText(/Scaduto il 01\/03\/2025/)).toBeTruthy();
    expect(disabledBecause(wizard.getByRole("button", { name: "Avanti" }))).toBe(
      "Scegli il prestito su cui segnalare il problema",
    );
    await user.click(wizard.getByRole("radio", { name: /Blackmagic Pocket 6K/ }));
    await user.click(wizard.getByRole("button", { name: "Avanti" }));

    // Step 2: the units of that loan.
    await wizard.findByRole("radio", { name: /POCKET6K_002/ });
    expect(wizard.getAllByRole("radio")).toHaveLength(2);
    expect(disabledBecause(wizard.getByRole("button", { name: "Avanti" }))).toBe("Scegli l'unità che ha il problema");
    await user.click(wizard.getByRole("button", { name: "Indietro" }));
    expect((wizard.getByRole("radio", { name: /Blackmagic Pocket 6K/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    await user.click(await wizard.findByRole("radio", { name: /POCKET6K_002/ }));
    await user.click(wizard.getByRole("button", { name: "Avanti" }));

    // Step 3: guasto and media by default; a description is required.
    expect((wizard.getByRole("radio", { name: "Guasto" }) as HTMLInputElement).checked).toBe(true);
    expect((wizard.getByRole("radio", { name: "Media" }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(wizard.getByRole("group", { name: "Tipo di problema" }))
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual(["Guasto", "Danneggiamento", "Malfunzionamento", "Perdita"]);
    expect(
      within(wizard.getByRole("group", { name: "Urgenza" }))
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual(["Bassa", "Media", "Alta", "Critica"]);
    await user.click(wizard.getByRole("button", { name: "Invia Segnalazione" }));
    expect(fieldError(wizard.getByLabelText("Descrizione del problema"))).toBe("Descrivi il problema");
    expect(server.callsTo("POST /api/segnalazioni")).toHaveLength(0);

    await user.click(wizard.getByRole("radio", { name: "Malfunzionamento" }));
    await user.click(wizard.getByRole("radio", { name: "Alta" }));
    await user.type(wizard.getByLabelText("Descrizione del problema"), "Il display resta nero");
    await user.click(wizard.getByRole("button", { name: "Invia Segnalazione" }));
    expect(await screen.findByText("Segnalazione inviata: il banco prestiti la prenderà in carico")).toBeTruthy();
    expect(server.callsTo("POST /api/segnalazioni")[0]?.body).toEqual({
      tipo: "malfunzionamento",
      urgenza: "alta",
      messaggio: "Il display resta nero",
      inventario_id: 3,
      unit_id: 13,
      prestito_id: 261,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Il display resta nero")).toBeTruthy();
  });

  it("chooses the only unit of a single-unit loan by itself", async () => {
    const { user, wizard } = await openWizard();
    await user.click(await wizard.findByRole("radio", { name: /Registratore Zoom H6/ }));
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    expect(((await wizard.findByRole("radio", { name: /ZOOMH6_001/ })) as HTMLInputElement).checked).toBe(true);
    expect((wizard.getByRole("button", { name: "Avanti" }) as HTMLButtonElement).disabled).toBe(false);
  });

  async function submitReport(api: ApiRoutes) {
    const { user, wizard } = await openWizard(api);
    await user.click(await wizard.findByRole("radio", { name: /Registratore Zoom H6/ }));
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    await wizard.findByRole("radio", { name: /ZOOMH6_001/ });
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    await user.type(wizard.getByLabelText("Descrizione del problema"), "Non registra");
    await user.click(wizard.getByRole("button", { name: "Invia Segnalazione" }));
    return wizard;
  }

  it("attaches the photo of the fault once the report is sent", async () => {
    const { user, server, wizard } = await openWizard({
      "POST /api/segnalazioni": { body: aFaultReport({ id: 9 }) },
      "POST /api/segnalazioni/9/foto": { body: { id: 31, url: "/api/foto/31" } },
    });
    await user.click(await wizard.findByRole("radio", { name: /Registratore Zoom H6/ }));
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    await wizard.findByRole("radio", { name: /ZOOMH6_001/ });
    await user.click(wizard.getByRole("button", { name: "Avanti" }));
    await user.type(wizard.getByLabelText("Descrizione del problema"), "Cavo spezzato");
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], "cavo.jpg", { type: "image/jpeg" });
    await user.upload(wizard.getByLabelText(/Foto del problema/), photo);
    await user.click(wizard.getByRole("button", { name: "Invia Segnalazione" }));
    expect(await screen.findByText("Segnalazione inviata: il banco prestiti la prenderà in carico")).toBeTruthy();
    const sent = server.callsTo("POST /api/segnalazioni/9/foto")[0]?.body as FormData;
    expect((sent.get("file") as File).name).toBe("cavo.jpg");
  });

  it("shows why the server refused the report", async () => {
    const wizard = await submitReport({
      "POST /api/segnalazioni": { status: 404, body: { error: "Prestito non trovato" } },
    });
    expect((await wizard.findByRole("alert")).textContent).toBe("Prestito non trovato");
  });

  it("falls back to a generic text when the server gives no reason", async () => {
    const wizard = await submitReport({ "POST /api/segnalazioni": { status: 500, body: {} } });
    expect((await wizard.findByRole("alert")).textContent).toBe("Errore nella creazione della segnalazione");
  });
});
