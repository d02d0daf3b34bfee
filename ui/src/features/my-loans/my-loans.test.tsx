import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { aStudent } from "../../../test/fixtures";
import { aLoan, aRequest, studentApi } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const student = aStudent();

const loans = [
  aLoan({ id: 1, oggetto_nome: "Canon EOS R6", stato: "attivo", data_rientro: "2025-03-14" }),
  aLoan({
    id: 2,
    oggetto_nome: "Zoom H5",
    unita: ["ZOOM_002"],
    stato: "scaduto",
    data_rientro: "2025-03-07",
    giorni_ritardo: 3,
  }),
  aLoan({
    id: 3,
    oggetto_nome: "Treppiede Manfrotto",
    stato: "restituito",
    data_rientro: "2025-02-10",
    data_restituzione: "2025-02-12",
    giorni_ritardo: 2,
  }),
];
const requests = [
  aRequest({ id: 11, oggetto_nome: "Wacom Cintiq", stato: "in_attesa", dal: "2025-03-12", al: "2025-03-15" }),
  aRequest({ id: 12, oggetto_nome: "Sony A7 III", stato: "in_attesa", dal: "2025-03-20", al: "2025-03-20" }),
  aRequest({
    id: 13,
    oggetto_nome: "Godox AD200",
    stato: "rifiutata",
    motivo_rifiuto: "Già prenotato per la mostra di fine anno",
  }),
  aRequest({ id: 14, oggetto_nome: "Canon EOS R6", stato: "approvata" }),
  aRequest({ id: 15, oggetto_nome: "DJI Ronin", stato: "annullata" }),
];

async function openMyLoans(api: ApiRoutes = {}) {
  const rendered = renderApp({
    signedInAs: student,
    api: {
      ...studentApi(student.id),
      "GET /api/prestiti/mie": { body: loans },
      "GET /api/richieste/mie": { body: requests },
      ...api,
    },
  });
  await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
  const sidebar = within(screen.getByRole("navigation", { name: "Navigazione principale" }));
  await rendered.user.click(sidebar.getByRole("link", { name: "I Miei Prestiti" }));
  return rendered;
}

function panel() {
  return within(screen.getByRole("tabpanel"));
}

function titles() {
  return panel()
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);
}

function cardOf(name: string) {
  return within(panel().getByRole("heading", { name }).closest("article") as HTMLElement);
}

describe("I Miei Prestiti", () => {
  it("counts loans and requests in four tabs", async () => {
    await openMyLoans();
    expect(await screen.findByRole("tab", { name: "Prestiti Attivi 2" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Prestiti Completati 1" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "In Approvazione 2" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Rifiutati 1" })).toBeTruthy();
  });

  it("shows active and overdue loans first, the overdue one in red with its days late", async () => {
    await openMyLoans();
    await screen.findByRole("tab", { name: "Prestiti Attivi 2" });
    expect(titles()).toEqual(["Zoom H5", "Canon EOS R6"]);
    const overdue = cardOf("Zoom H5");
    expect(overdue.getByText("Scaduto").getAttribute("data-tone")).toBe("red");
    expect(overdue.getByText(/In ritardo di 3 giorni/)).toBeTruthy();
    expect(overdue.getByText("07/03/2025")).toBeTruthy();
    expect(panel().getByRole("heading", { name: "Zoom H5" }).closest("article")?.className).toContain("red");
    const active = cardOf("Canon EOS R6");
    expect(active.getByText("Attivo").getAttribute("data-tone")).toBe("green");
    expect(active.getByText("14/03/2025")).toBeTruthy();
  });

  it("lists returned loans as completed, in gray, with the return date", async () => {
    const { user } = await openMyLoans();
    await user.click(await screen.findByRole("tab", { name: "Prestiti Completati 1" }));
    expect(titles()).toEqual(["Treppiede Manfrotto"]);
    const returned = cardOf("Treppiede Manfrotto");
    expect(returned.getByText("Restituito").getAttribute("data-tone")).toBe("gray");
    expect(returned.getByText("12/02/2025")).toBeTruthy();
    expect(returned.getByText("Restituito con 2 giorni di ritardo")).toBeTruthy();
  });

  it("lists pending requests under In Approvazione", async () => {
    const { user } = await openMyLoans();
    await user.click(await screen.findByRole("tab", { name: "In Approvazione 2" }));
    expect(titles()).toEqual(["Wacom Cintiq", "Sony A7 III"]);
    expect(cardOf("Wacom Cintiq").getByText("12/03/2025 – 15/03/2025")).toBeTruthy();
    expect(cardOf("Sony A7 III").getByText("20/03/2025")).toBeTruthy();
  });

  it("shows why a request was rejected", async () => {
    const { user } = await openMyLoans();
    await user.click(await screen.findByRole("tab", { name: "Rifiutati 1" }));
    expect(titles()).toEqual(["Godox AD200"]);
    expect(cardOf("Godox AD200").getByText("Già prenotato per la mostra di fine anno")).toBeTruthy();
    expect(cardOf("Godox AD200").queryByRole("button")).toBeNull();
  });

  it("moves between tabs with the arrow keys", async () => {
    const { user } = await openMyLoans();
    await user.click(await screen.findByRole("tab", { name: "Prestiti Attivi 2" }));
    await user.keyboard("{ArrowLeft}");
    const rejected = screen.getByRole("tab", { name: "Rifiutati 1" });
    expect(rejected.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(rejected);
  });

  it("withdraws a pending request only after confirmation, and refreshes the list", async () => {
    let withdrawn = false;
    const { user, server } = await openMyLoans({
      "DELETE /api/richieste/11": () => {
        withdrawn = true;
        return { body: { message: "Richiesta annullata" } };
      },
      "GET /api/richieste/mie": () => ({
        body: withdrawn ? requests.map((r) => (r.id === 11 ? { ...r, stato: "annullata" } : r)) : requests,
      }),
    });
    await user.click(await screen.findByRole("tab", { name: "In Approvazione 2" }));
    await user.click(panel().getByRole("button", { name: "Ritira richiesta: Wacom Cintiq" }));
    const dialog = within(screen.getByRole("dialog", { name: "Ritira richiesta" }));
    expect(dialog.getByText("Wacom Cintiq · 12/03/2025 – 15/03/2025")).toBeTruthy();
    expect(server.callsTo("DELETE /api/richieste/11")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Ritira richiesta" }));
    expect(await screen.findByText("Richiesta per Wacom Cintiq annullata")).toBeTruthy();
    expect(server.callsTo("DELETE /api/richieste/11")).toHaveLength(1);
    await waitFor(() => expect(titles()).toEqual(["Sony A7 III"]));
    expect(screen.getByRole("tab", { name: "In Approvazione 1" })).toBeTruthy();
  });

  it("keeps the request when the confirmation is cancelled", async () => {
    const { user, server } = await openMyLoans();
    await user.click(await screen.findByRole("tab", { name: "In Approvazione 2" }));
    await user.click(panel().getByRole("button", { name: "Ritira richiesta: Wacom Cintiq" }));
    await user.click(screen.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo("DELETE /api/richieste/11")).toHaveLength(0);
  });

  it("tells apart a loans failure from a requests failure", async () => {
    const { user } = await openMyLoans({
      "GET /api/prestiti/mie": { status: 403, body: { error: "Accesso negato" } },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento prestiti");
    await user.click(screen.getByRole("tab", { name: "In Approvazione 2" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(titles()).toEqual(["Wacom Cintiq", "Sony A7 III"]);
  });

  it("shows the requests banner when requests cannot be loaded", async () => {
    const { user } = await openMyLoans({
      "GET /api/richieste/mie": { status: 403, body: { error: "Accesso negato" } },
    });
    await user.click(await screen.findByRole("tab", { name: /^Rifiutati/ }));
    expect((await screen.findByRole("alert")).textContent).toContain("Errore nel caricamento richieste");
  });

  it("says when a tab is empty", async () => {
    const { user } = await openMyLoans({
      "GET /api/prestiti/mie": { body: [] },
      "GET /api/richieste/mie": { body: [] },
    });
    expect(await screen.findByText("Nessun prestito attivo")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "In Approvazione 0" }));
    expect(screen.getByText("Nessuna richiesta in attesa di approvazione")).toBeTruthy();
  });

  it('opens the request wizard from "Nuova Richiesta"', async () => {
    const { user } = await openMyLoans();
    await user.click(await screen.findByRole("button", { name: "Nuova Richiesta" }));
    expect(screen.getByRole("dialog", { name: "Nuova Richiesta" })).toBeTruthy();
  });

  it("downloads an open loan as an .ics file for the student's calendar, and offers none on a returned one", async () => {
    const saved: { name: string; href: string }[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    };
    try {
      const { user, server } = await openMyLoans({
        "GET /api/prestiti/1/ics": {
          body: "BEGIN:VCALENDAR",
          headers: { "content-disposition": 'inline; filename="prestito-1.ics"' },
        },
      });
      await user.click(
        await cardOf("Canon EOS R6").findByRole("button", { name: "Aggiungi al calendario (.ics): Canon EOS R6" }),
      );
      await waitFor(() => expect(saved).toEqual([{ name: "prestito-1.ics", href: expect.stringMatching(/^blob:/) }]));
      expect(server.callsTo("GET /api/prestiti/1/ics")[0]?.headers.Authorization).toBe("Bearer token-di-prova");
      await user.click(screen.getByRole("tab", { name: /Prestiti Completati/ }));
      expect(cardOf("Treppiede Manfrotto").queryByRole("button", { name: /calendario/ })).toBeNull();
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });
});
