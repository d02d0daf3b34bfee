import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";

const admin = anAdmin();

const basic = { totale_articoli: 60, utenti_registrati: 12345, richieste_totali: 180, prestiti_attivi: 14 };

const topUsers = [
  { id: 7, name: "Matteo", surname: "Colombo", corso_accademico: "Fotografia", count: 5 },
  { id: 3, name: "Sofia", surname: "Esposito", corso_accademico: "Cinema e Audiovisivi", count: 3 },
  { id: 9, name: "Luca", surname: "Neri", corso_accademico: null, count: 1 },
];
const topItems = [
  { id: 42, nome: "Treppiede Manfrotto 055", categoria_madre: "Fotografia", categoria_figlia: "Treppiedi", count: 6 },
  { id: 6, nome: "Tavolozza in vetro", categoria_madre: "Pittura", categoria_figlia: "Pittura", count: 2 },
  { id: 8, nome: "Plotter A1", categoria_madre: null, categoria_figlia: null, count: 1 },
];
const topDepartments = [
  { corso_accademico: "Cinema e Audiovisivi", studenti: 5, count: 41 },
  { corso_accademico: "Pittura", studenti: 1, count: 3 },
];
const categories = [
  { categoria: "Fotografia", count: 12 },
  { categoria: "Design", count: 4 },
];
const trend30 = [
  { label: "20/11", inizio: "2026-11-20", count: 2 },
  { label: "21/11", inizio: "2026-11-21", count: 5 },
];

/** Answers every statistics route (and the shell's own polling). */
function statsApi(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    ...adminShellApi,
    "GET /api/stats": { body: basic },
    "GET /api/stats/top-users": { body: topUsers },
    "GET /api/stats/top-items": { body: topItems },
    "GET /api/stats/top-departments": { body: topDepartments },
    "GET /api/stats/categories": { body: categories },
    "GET /api/stats/monthly-requests": { body: trend30 },
    ...overrides,
  };
}

function renderStats(api: ApiRoutes = {}) {
  return renderApp({ signedInAs: admin, path: "/statistiche", api: statsApi(api) });
}

async function openAdvanced(api: ApiRoutes = {}) {
  const rendered = renderStats(api);
  await rendered.user.click(await screen.findByRole("tab", { name: "Avanzate" }));
  return rendered;
}

/** The Avanzate tab's ranking of that name, one entry a row. */
async function rankingOf(name: string) {
  await openAdvanced();
  return within(await screen.findByRole("list", { name })).getAllByRole("listitem");
}

function card(title: string) {
  return within(screen.getByRole("region", { name: title }));
}

describe("Statistiche", () => {
  describe("base tab", () => {
    it("opens on the four counters", async () => {
      renderStats();
      expect(await screen.findByRole("heading", { level: 1, name: "Statistiche" })).toBeTruthy();
      expect(screen.getByRole("tab", { name: "Base" }).getAttribute("aria-selected")).toBe("true");
      const tile = async (label: string) => (await screen.findByText(label)).nextElementSibling?.textContent;
      expect(await tile("Articoli totali")).toBe("60");
      expect(await tile("Utenti registrati")).toBe("12.345");
      expect(await tile("Richieste totali")).toBe("180");
      expect(await tile("Prestiti attivi")).toBe("14");
    });

    it("asks the server again on refresh", async () => {
      let answers = 0;
      const { user, server } = renderStats({
        "GET /api/stats": () => ({ body: { ...basic, prestiti_attivi: 14 + answers++ } }),
      });
      expect((await screen.findByText("Prestiti attivi")).nextElementSibling?.textContent).toBe("14");
      await user.click(screen.getByRole("button", { name: "Aggiorna" }));
      await waitFor(() => expect(screen.getByText("Prestiti attivi").nextElementSibling?.textContent).toBe("15"));
      expect(server.callsTo("GET /api/stats")).toHaveLength(2);
    });

    it("says when the statistics cannot be loaded", async () => {
      renderStats({ "GET /api/stats": { status: 403, body: { error: "Accesso negato" } } });
      expect((await screen.findByRole("alert")).textContent).toBe("Errore nel caricamento delle statistiche");
    });

    it("loads nothing of the advanced tab until it is opened", async () => {
      const { server } = renderStats();
      await screen.findByText("Articoli totali");
      expect(server.calls.filter((call) => call.path.startsWith("/api/stats/"))).toHaveLength(0);
    });
  });

  describe("advanced tab", () => {
    it("switches tab with the arrow keys", async () => {
      const { user } = renderStats();
      await user.click(await screen.findByRole("tab", { name: "Base" }));
      await user.keyboard("{ArrowRight}");
      const advanced = screen.getByRole("tab", { name: "Avanzate" });
      expect(advanced.getAttribute("aria-selected")).toBe("true");
      expect(document.activeElement).toBe(advanced);
      expect(await screen.findByLabelText("Periodo")).toBeTruthy();
    });

    it("covers the last 30 days unless told otherwise", async () => {
      const { server } = await openAdvanced();
      const period = (await screen.findByLabelText("Periodo")) as HTMLSelectElement;
      expect(period.value).toBe("30");
      expect([...period.options].map((option) => option.textContent)).toEqual([
        "Ultimi 30 giorni",
        "Ultimi 90 giorni",
        "Ultimo anno",
      ]);
      await screen.findByText("Matteo Colombo");
      for (const path of ["top-users", "top-items", "top-departments", "categories", "monthly-requests"]) {
        expect(server.callsTo(`GET /api/stats/${path}`).map((call) => call.query)).toEqual([{ period: "30" }]);
      }
    });

    it.each([
      ["Ultimi 90 giorni", "90"],
      ["Ultimo anno", "365"],
    ])("asks for %s with period=%s", async (label, period) => {
      const { user, server } = await openAdvanced();
      await screen.findByText("Matteo Colombo");
      await user.selectOptions(screen.getByLabelText("Periodo"), label);
      await waitFor(() => {
        for (const path of ["top-users", "top-items", "top-departments", "categories", "monthly-requests"]) {
          expect(server.callsTo(`GET /api/stats/${path}`).map((call) => call.query.period)).toEqual(["30", period]);
        }
      });
    });

    it("keeps the previous period's ranking on screen, marked busy, until the new period's arrives", async () => {
      const { user } = await openAdvanced({
        "GET /api/stats/top-users": (call) => (call.query.period === "30" ? { body: topUsers } : "never"),
      });
      await screen.findByText("Matteo Colombo");
      await user.selectOptions(screen.getByLabelText("Periodo"), "Ultimi 90 giorni");
      const card = screen.getByRole("region", { name: "Utenti più attivi" });
      await waitFor(() => expect(card.getAttribute("aria-busy")).toBe("true"));
      expect(within(card).getByText("Matteo Colombo")).toBeTruthy();
    });

    it("ranks the most active users with their course and request count", async () => {
      const entries = await rankingOf("Utenti più attivi");
      expect(entries.map((entry) => entry.textContent)).toEqual([
        "Posizione 1Matteo Colombo5 richiesteFotografia",
        "Posizione 2Sofia Esposito3 richiesteCinema e Audiovisivi",
        "Posizione 3Luca Neri1 richiestaNessun corso",
      ]);
    });

    it("ranks items with their parent and child category, each said once", async () => {
      const entries = await rankingOf("Articoli più richiesti");
      expect(entries[0]?.textContent).toBe("Posizione 1Treppiede Manfrotto 0556 richiesteFotografia · Treppiedi");
      expect(entries[1]?.textContent).toBe("Posizione 2Tavolozza in vetro2 richiestePittura");
      expect(entries[2]?.textContent).toBe("Posizione 3Plotter A11 richiestaNessuna categoria");
    });

    it("ranks courses with how many of their students asked", async () => {
      const entries = await rankingOf("Corsi più attivi");
      expect(entries.map((entry) => entry.textContent)).toEqual([
        "Posizione 1Cinema e Audiovisivi41 richieste5 studenti",
        "Posizione 2Pittura3 richieste1 studente",
      ]);
    });

    it("ranks parent categories by requests", async () => {
      const entries = await rankingOf("Categorie più richieste");
      expect(entries.map((entry) => entry.textContent)).toEqual([
        "Posizione 1Fotografia12 richieste",
        "Posizione 2Design4 richieste",
      ]);
    });

    it("shows the request trend with its total, also as a table for screen readers", async () => {
      await openAdvanced();
      const table = within(await screen.findByRole("table", { name: "Richieste per periodo" }));
      expect(table.getAllByRole("row").map((row) => row.textContent)).toEqual(["PeriodoRichieste", "20/112", "21/115"]);
      expect(card("Andamento richieste").getByText(/Ultimi 30 giorni/).textContent).toBe(
        "Ultimi 30 giorni: 7 richieste",
      );
    });

    it("names weeks and months in the trend of longer periods", async () => {
      const { user } = await openAdvanced({
        "GET /api/stats/monthly-requests": ({ query }) => ({
          body:
            query.period === "365"
              ? [{ label: "03/2026", inizio: "2026-03-01", count: 4 }]
              : query.period === "90"
                ? [{ label: "09/03", inizio: "2026-03-09", count: 3 }]
                : trend30,
        }),
      });
      await screen.findByRole("table", { name: "Richieste per periodo" });
      await user.selectOptions(screen.getByLabelText("Periodo"), "Ultimi 90 giorni");
      expect(await screen.findByRole("rowheader", { name: "Settimana dal 09/03" })).toBeTruthy();
      await user.selectOptions(screen.getByLabelText("Periodo"), "Ultimo anno");
      expect(await screen.findByRole("rowheader", { name: "marzo 2026" })).toBeTruthy();
    });

    it("says 'Nessun dato disponibile' in every empty list and for a period without requests", async () => {
      await openAdvanced({
        "GET /api/stats/top-users": { body: [] },
        "GET /api/stats/top-items": { body: [] },
        "GET /api/stats/top-departments": { body: [] },
        "GET /api/stats/categories": { body: [] },
        "GET /api/stats/monthly-requests": { body: [{ label: "21/11", inizio: "2026-11-21", count: 0 }] },
      });
      await waitFor(() => expect(screen.getAllByText("Nessun dato disponibile")).toHaveLength(5));
      for (const title of [
        "Andamento richieste",
        "Distribuzione per categoria",
        "Utenti più attivi",
        "Articoli più richiesti",
        "Corsi più attivi",
      ]) {
        expect(card(title).getByText("Nessun dato disponibile")).toBeTruthy();
      }
      expect(screen.queryByRole("table")).toBeNull();
    });

    it("says once when statistics cannot be loaded, and retries the failed ones", async () => {
      let failing = true;
      const { user, server } = await openAdvanced({
        "GET /api/stats/top-items": () => (failing ? { status: 400, body: {} } : { body: topItems }),
        "GET /api/stats/categories": () => (failing ? { status: 400, body: {} } : { body: categories }),
      });
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain("Errore nel caricamento delle statistiche");
      expect(screen.getAllByRole("alert")).toHaveLength(1);
      expect(screen.getByText("Matteo Colombo")).toBeTruthy();
      expect(card("Articoli più richiesti").getByText("Dati non disponibili")).toBeTruthy();

      failing = false;
      const usersAsked = server.callsTo("GET /api/stats/top-users").length;
      await user.click(within(alert).getByRole("button", { name: "Riprova" }));
      expect(await screen.findByText("Treppiede Manfrotto 055")).toBeTruthy();
      expect(screen.queryByRole("alert")).toBeNull();
      expect(server.callsTo("GET /api/stats/top-users")).toHaveLength(usersAsked);
    });
  });
});
