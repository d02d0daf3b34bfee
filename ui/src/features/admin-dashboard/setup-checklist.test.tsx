import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "../../../../src/domain/academy-settings";
import { anAdmin } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import type { SetupChecklist } from "../../api/primi-passi";

/** A clean install with the public address and the courses done, the rest still to do. */
function halfwayChecklist(): SetupChecklist {
  return {
    completato: false,
    passi: [
      {
        passo: "accademia",
        titolo: "Nome e indirizzo pubblico",
        descrizione: "PrestaLab, all'indirizzo https://prestiti.accademia.it",
        fatto: true,
        link: "/impostazioni#ricevute-title",
      },
      {
        passo: "corsi",
        titolo: "Corsi",
        descrizione: "9 corsi attivi",
        fatto: true,
        link: "/impostazioni#corsi-title",
      },
      {
        passo: "apertura",
        titolo: "Giorni di apertura",
        descrizione: "Scegli i giorni in cui il banco è aperto e le chiusure (feste, vacanze)",
        fatto: false,
        link: "/impostazioni#apertura-title",
      },
      {
        passo: "inventario",
        titolo: "Primi articoli",
        descrizione: "Importa l'inventario da un foglio Excel (Altre operazioni → Importa) o aggiungi un articolo",
        fatto: false,
        link: "/inventario",
      },
      {
        passo: "posta",
        titolo: "Posta elettronica",
        descrizione: "Imposta il server di posta: avvisi, promemoria e link per reimpostare la password",
        fatto: false,
        link: "/impostazioni#posta-title",
      },
    ],
  };
}

function renderDashboard(checklist: SetupChecklist) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/dashboard",
    api: {
      "GET /api/primi-passi": { body: checklist },
      "GET /api/impostazioni": { body: DEFAULT_SETTINGS },
      "GET /api/corsi/tutti": { body: [] },
      "GET /api/calendario": { body: { url: "https://prestiti.accademia.it/api/calendario/1-abc.ics" } },
    },
  });
}

describe("Primi passi", () => {
  it("lists the five steps in order, each a link to its screen, and says in words which are done", async () => {
    renderDashboard(halfwayChecklist());
    const list = await screen.findByRole("list", { name: "Primi passi" });
    const steps = within(list).getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("link").textContent)).toEqual([
      "1. Nome e indirizzo pubblico",
      "2. Corsi",
      "3. Giorni di apertura",
      "4. Primi articoli",
      "5. Posta elettronica",
    ]);
    expect(steps.map((step) => within(step).getByRole("link").getAttribute("href"))).toEqual([
      "/impostazioni#ricevute-title",
      "/impostazioni#corsi-title",
      "/impostazioni#apertura-title",
      "/inventario",
      "/impostazioni#posta-title",
    ]);
    expect(steps.map((step) => within(step).queryByText(/^(Fatto|Da fare)$/)?.textContent)).toEqual([
      "Fatto",
      "Fatto",
      "Da fare",
      "Da fare",
      "Da fare",
    ]);
    expect(screen.getByText("2 di 5 fatti")).toBeTruthy();
  });

  it("is hidden once every step is done", async () => {
    const done = halfwayChecklist();
    const { server } = renderDashboard({
      completato: true,
      passi: done.passi.map((step) => ({ ...step, fatto: true })),
    });
    await waitFor(() => expect(server.callsTo("GET /api/primi-passi")).toHaveLength(1));
    await screen.findByRole("heading", { name: "Dashboard Amministratore" });
    expect(screen.queryByRole("region", { name: "Primi passi" })).toBeNull();
  });

  it("takes the desk from a step to its section of the settings", async () => {
    const scrolledTo: string[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.textContent ?? "");
    };
    try {
      const { user } = renderDashboard(halfwayChecklist());
      await user.click(await screen.findByRole("link", { name: "5. Posta elettronica" }));
      await screen.findByRole("heading", { name: "Impostazioni" });
      await waitFor(() => expect(scrolledTo).toEqual(["Posta elettronica"]));
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });
});
