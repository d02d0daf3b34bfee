import { describe, expect, it } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "../../../../src/domain/academy-settings";
import { anAdmin } from "../../../test/fixtures";
import type { ApiCall } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";

const courses = [
  { id: 1, nome: "Design", archiviato: false },
  { id: 2, nome: "Fotografia", archiviato: false },
  { id: 9, nome: "Scenografia", archiviato: true },
];

function renderSettings(
  put: (call: ApiCall) => { status?: number; body: unknown } = (call) => ({ body: call.body }),
  settings = DEFAULT_SETTINGS,
) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/impostazioni",
    api: {
      ...adminShellApi,
      "GET /api/impostazioni": { body: settings },
      "PUT /api/impostazioni": put,
      "GET /api/corsi/tutti": { body: courses },
      "GET /api/calendario": { body: { url: "https://prestiti.accademia.it/api/calendario/1-abc.ics" } },
      "PUT /api/corsi/9": (call) => ({ body: { ...courses[2], ...(call.body as object) } }),
    },
  });
}

describe("Impostazioni", () => {
  it("shows today's rules and saves a closure and a shorter week", async () => {
    const { server } = renderSettings();
    const sunday = await screen.findByRole("checkbox", { name: "domenica" });
    expect((sunday as HTMLInputElement).checked).toBe(true);
    fireEvent.click(sunday);
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi chiusura" }));
    fireEvent.change(screen.getByLabelText("Dal"), { target: { value: "01/08/2026" } });
    fireEvent.change(screen.getByLabelText("Al"), { target: { value: "31/08/2026" } });
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "Agosto" } });
    fireEvent.change(screen.getByLabelText(/Durata massima/), { target: { value: "14" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toEqual({
      ...DEFAULT_SETTINGS,
      giorni_apertura: [1, 2, 3, 4, 5, 6],
      chiusure: [{ dal: "2026-08-01", al: "2026-08-31", motivo: "Agosto" }],
      durata_massima_giorni: 14,
    });
    cleanup();
  });

  it("saves the mail server and the sender, and offers the desk's calendar of due dates", async () => {
    const { server } = renderSettings();
    fireEvent.change(await screen.findByLabelText(/Server di posta/), {
      target: { value: "smtps://prestiti:segreta@mail.accademia.it:465" },
    });
    fireEvent.change(screen.getByLabelText(/Mittente/), {
      target: { value: "Ufficio prestiti <prestiti@accademia.it>" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toEqual({
      ...DEFAULT_SETTINGS,
      smtp_url: "smtps://prestiti:segreta@mail.accademia.it:465",
      mail_from: "Ufficio prestiti <prestiti@accademia.it>",
    });
    const calendar = await screen.findByRole("region", { name: "Calendario delle scadenze" });
    expect(((await within(calendar).findByLabelText("Link privato del calendario")) as HTMLInputElement).value).toBe(
      "https://prestiti.accademia.it/api/calendario/1-abc.ics",
    );
    cleanup();
  });

  it("shows the stored mail password as **** and sends it back as it is, which keeps it", async () => {
    const hidden = "smtps://prestiti:****@mail.accademia.it:465";
    const { server } = renderSettings(undefined, { ...DEFAULT_SETTINGS, smtp_url: hidden });
    const field = (await screen.findByLabelText(/Server di posta/)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(hidden));
    expect(screen.getByText(/la password salvata appare come \*\*\*\*: lasciala così per tenerla/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toMatchObject({ smtp_url: hidden });
    cleanup();
  });

  it("saves the days a student has to collect a loan, between 1 and 30", async () => {
    const { server } = renderSettings();
    const field = await screen.findByLabelText("Giorni per ritirare un prestito");
    expect((field as HTMLInputElement).value).toBe("2");
    fireEvent.change(field, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("I giorni per il ritiro vanno da 1 a 30")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")).toHaveLength(0);
    fireEvent.change(field, { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toEqual({ ...DEFAULT_SETTINGS, giorni_ritiro: 4 });
    cleanup();
  });

  it("saves an emptied limit as no limit, and one step of the strike scale as edited", async () => {
    const { server } = renderSettings(undefined, { ...DEFAULT_SETTINGS, prestiti_massimi_per_studente: 3 });
    const limit = (await screen.findByLabelText(/Prestiti e richieste in corso/)) as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe("3"));
    fireEvent.change(limit, { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Gradino 3: penalità"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toEqual({
      ...DEFAULT_SETTINGS,
      prestiti_massimi_per_studente: null,
      scala_penalita: [
        { da_giorni: 1, strike: 1 },
        { da_giorni: 4, strike: 2 },
        { da_giorni: 8, strike: 4 },
      ],
    });
    cleanup();
  });

  it("refuses a mail server that is not one before sending", async () => {
    const { server } = renderSettings();
    fireEvent.change(await screen.findByLabelText(/Server di posta/), { target: { value: "mail.accademia.it" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText(/Il server di posta è un indirizzo smtp:\/\/ o smtps:\/\//)).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")).toHaveLength(0);
    cleanup();
  });

  it("checks the rules before sending, with the server's own messages", async () => {
    const { server } = renderSettings();
    for (const day of ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"])
      fireEvent.click(await screen.findByRole("checkbox", { name: day }));
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Scegli almeno un giorno di apertura")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")).toHaveLength(0);
    cleanup();
  });

  it("shows a refusal from the server", async () => {
    renderSettings(() => ({ status: 400, body: { error: "Impostazioni non valide" } }));
    fireEvent.click(await screen.findByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni non valide")).toBeTruthy();
    cleanup();
  });

  it("lists the courses, archived ones marked, and brings one back", async () => {
    const { server } = renderSettings();
    const list = await screen.findByRole("region", { name: "Corsi" });
    // The card shows before the courses have loaded: wait for the row.
    expect(await within(list).findByLabelText("Scenografia (archiviato)")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Riattiva" }));
    await waitFor(() => expect(server.callsTo("PUT /api/corsi/9")[0]?.body).toEqual({ archiviato: false }));
    cleanup();
  });

  it("saves the e-mail domains students may sign up with, one per line, and refuses what is not a domain", async () => {
    const { server } = renderSettings();
    const domains = await screen.findByLabelText(/Domini e-mail ammessi/);
    expect((domains as HTMLTextAreaElement).value).toBe("");
    fireEvent.change(domains, { target: { value: "@gmail.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(
      await screen.findByText(
        '"@gmail.com" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it',
      ),
    ).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")).toHaveLength(0);

    fireEvent.change(domains, { target: { value: " Studenti.Accademia.it\naccademia.it\n" } });
    expect((domains as HTMLTextAreaElement).value).toBe(" Studenti.Accademia.it\naccademia.it\n");
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    expect(server.callsTo("PUT /api/impostazioni")[0]?.body).toEqual({
      ...DEFAULT_SETTINGS,
      accesso: { ...DEFAULT_SETTINGS.accesso, domini_email_registrazione: ["studenti.accademia.it", "accademia.it"] },
    });
    cleanup();
  });

  it("shows the domains already saved, one per line", async () => {
    renderApp({
      signedInAs: anAdmin(),
      path: "/impostazioni",
      api: {
        ...adminShellApi,
        "GET /api/impostazioni": {
          body: {
            ...DEFAULT_SETTINGS,
            accesso: {
              ...DEFAULT_SETTINGS.accesso,
              domini_email_registrazione: ["studenti.accademia.it", "accademia.it"],
            },
          },
        },
        "GET /api/corsi/tutti": { body: courses },
        "GET /api/calendario": { body: { url: "https://prestiti.accademia.it/api/calendario/1-abc.ics" } },
      },
    });
    const domains = (await screen.findByLabelText(/Domini e-mail ammessi/)) as HTMLTextAreaElement;
    expect(domains.value).toBe("studenti.accademia.it\naccademia.it");
    cleanup();
  });
});
