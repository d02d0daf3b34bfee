import { describe, expect, it, jest } from "bun:test";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { anAdmin, aStudent } from "../../../test/fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";
import type { SystemStatus } from "../../api/system";

const services: SystemStatus["services"] = {
  database: { status: "healthy", uptime: 100, responseTime: 0.21 },
  api: { status: "healthy", uptime: 99.5, responseTime: 20.96 },
  auth: { status: "healthy", uptime: 100, responseTime: 0.06 },
  storage: { status: "warning", uptime: 100, responseTime: 0.18 },
  notifications: { status: "error", uptime: 87.25, responseTime: 0.03 },
};

function aStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    overall: "healthy",
    metrics: {
      // What an existing desk client reads under these names: the lending counts, not the HTTP figures.
      totalRequests: 8,
      activeUsers: 140,
      totalInventory: 310,
      activeLoans: 27,
      httpRequests: 15234,
      usersActiveLast15Minutes: 12,
      memoryUsage: 4.3,
      memoryMb: 80,
      cpuUsage: 3,
      diskUsage: 69,
      diskFreeMb: 80074,
      uptimeSeconds: 3 * 3600 + 5 * 60,
    },
    services,
    recentIncidents: [],
    endpoints: [
      { method: "POST", path: "/api/auth/login", count: 42, errors: 0, medianMs: 82.94, status: "healthy" },
      { method: "GET", path: "/api/inventario/:id", count: 1, errors: 1, medianMs: 7.5, status: "warning" },
    ],
    ...overrides,
  };
}

/** The reduced answer the server gives a student. */
const publicStatus = { overall: "warning", services };

function renderSystem(api: ApiRoutes = {}, signedInAs = anAdmin()) {
  return renderApp({
    signedInAs,
    path: "/sistema",
    api: {
      ...adminShellApi,
      "GET /api/system/status": { body: aStatus() },
      "GET /api/system/directory": { body: { ultimo_controllo: null, scomparsi: [] } },
      ...api,
    },
  });
}

function overallCard() {
  return screen.getByRole("region", { name: "Stato generale" });
}

/** Moves fake time on, letting React and the queries settle. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

async function withFakeTimers(test: () => Promise<void>) {
  jest.useFakeTimers();
  try {
    await test();
  } finally {
    // Unmount and run what is still pending on the fake clock (React's scheduler among it): a task
    // dropped by switching clocks would leave the scheduler waiting for ever in the next tests.
    cleanup();
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  }
}

describe("Stato del Sistema (admin)", () => {
  it.each([
    ["healthy", "Tutto Operativo", "emerald"],
    ["warning", "Attenzione", "amber"],
    ["error", "Problemi Rilevati", "red"],
  ] as const)("shows the overall state %s as '%s' in %s", async (overall, label, color) => {
    renderSystem({ "GET /api/system/status": { body: aStatus({ overall }) } });
    expect(await screen.findByText(label, { selector: "p" })).toBeTruthy();
    expect(within(overallCard()).getByText(label)).toBeTruthy();
    expect(overallCard().className).toContain(`bg-${color}-50`);
  });

  it("shows that the server answers, and when it was last checked", async () => {
    renderSystem();
    expect(await screen.findByText("Sistema Online")).toBeTruthy();
    expect(screen.getByText(/^Ultimo controllo alle \d{2}:\d{2}:\d{2} · server attivo da 3 h 5 min$/)).toBeTruthy();
  });

  it("shows total requests, active users, memory and CPU", async () => {
    renderSystem();
    await screen.findByText("Tutto Operativo");
    const figures = within(overallCard())
      .getAllByRole("term")
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual(["Richieste totali=15.234", "Utenti attivi=12", "Memoria=4,3%", "CPU=3%"]);
  });

  it("says under each figure what it counts: the request total is HTTP calls, not loan requests", async () => {
    renderSystem();
    await screen.findByText("Tutto Operativo");
    const card = within(overallCard());
    expect(card.getByText("chiamate HTTP servite dall'avvio")).toBeTruthy();
    expect(card.getByText("negli ultimi 15 minuti")).toBeTruthy();
  });

  it("lists the five services with status, uptime and response time", async () => {
    renderSystem();
    const rows = within(await screen.findByRole("list", { name: "Servizi" })).getAllByRole("listitem");
    const row = (index: number) => within(rows[index] as HTMLElement);
    expect(rows.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Database",
      "API",
      "Autenticazione",
      "Archiviazione",
      "Notifiche",
    ]);
    expect(row(0).getByText("Operativo")).toBeTruthy();
    expect(row(0).getByText("0,21 ms")).toBeTruthy();
    expect(row(1).getByText("99,5%")).toBeTruthy();
    expect(row(3).getByText("Attenzione").className).toContain("amber");
    expect(row(4).getByText("Non disponibile").className).toContain("red");
    expect(row(4).getByText("87,3%")).toBeTruthy();
  });

  it("shows the mail service: off, or its queue, sent and failed messages with the last error", async () => {
    const off = {
      configurata: false,
      server: null,
      mittente: null,
      in_coda: 0,
      inviate: 0,
      fallite: 0,
      ultimo_errore: null,
      ultimo_errore_at: null,
      ultimo_invio_at: null,
    };
    renderSystem({ "GET /api/system/status": { body: aStatus({ posta: off }) } });
    const card = within(await screen.findByRole("region", { name: "Posta elettronica" }));
    expect(card.getByText(/Non configurata: nessuna e-mail viene scritta/)).toBeTruthy();
    cleanup();
    renderSystem({
      "GET /api/system/status": {
        body: aStatus({
          posta: {
            ...off,
            configurata: true,
            server: "smtps://mail.accademia.it:465",
            mittente: "prestiti@accademia.it",
            in_coda: 2,
            inviate: 40,
            fallite: 1,
            ultimo_errore: "451 Casella temporaneamente non disponibile",
            ultimo_errore_at: "2026-03-10T08:00:00.000Z",
          },
        }),
      },
    });
    const on = within(await screen.findByRole("region", { name: "Posta elettronica" }));
    expect(on.getByText("smtps://mail.accademia.it:465")).toBeTruthy();
    expect(on.getByText("In coda").nextElementSibling?.textContent).toBe("2");
    expect(on.getByText("Inviate").nextElementSibling?.textContent).toBe("40");
    expect(on.getByText("Non inviate").nextElementSibling?.textContent).toBe("1");
    expect(on.getByText(/451 Casella temporaneamente non disponibile/)).toBeTruthy();
  });

  it("lists the accounts the directory no longer has, with the last check", async () => {
    renderSystem({
      "GET /api/system/directory": {
        body: {
          ultimo_controllo: {
            il: "2026-03-10T05:00:00.000Z",
            esito: "completato",
            account_controllati: 12500,
            account_scomparsi: 1,
          },
          scomparsi: [
            {
              id: 7,
              email: "carla.via@studenti.accademia.it",
              name: "Carla",
              surname: "Via",
              matricola: "carla.via",
              corso_accademico: "Fotografia",
              scomparso_il: "2026-03-10T05:00:00.000Z",
            },
          ],
        },
      },
    });
    const card = within(await screen.findByRole("region", { name: "Account non più nella directory" }));
    expect(card.getByText(/Ultimo controllo il .*: 12\.500 account LDAP controllati\./)).toBeTruthy();
    const rows = card.getAllByRole("listitem");
    expect(rows).toHaveLength(1);
    const row = within(rows[0] as HTMLElement);
    expect(row.getByRole("link", { name: "Carla Via" }).getAttribute("href")).toBe("/utenti/7");
    expect(row.getByText("carla.via@studenti.accademia.it")).toBeTruthy();
    expect(row.getByText("non trovato dal 10/03/2026")).toBeTruthy();
  });

  it("says when the directory did not answer the check, and that nobody was marked", async () => {
    renderSystem({
      "GET /api/system/directory": {
        body: {
          ultimo_controllo: {
            il: "2026-03-10T05:00:00.000Z",
            esito: "directory_non_raggiungibile",
            account_controllati: 1250,
            account_scomparsi: 0,
          },
          scomparsi: [],
        },
      },
    });
    const card = within(await screen.findByRole("region", { name: "Account non più nella directory" }));
    expect(card.getByText(/La directory non ha risposto .*: nessun account è stato segnato/)).toBeTruthy();
  });

  it("tells a refused certificate of the directory apart from a directory that is down", async () => {
    renderSystem({
      "GET /api/system/directory": {
        body: {
          ultimo_controllo: {
            il: "2026-03-10T05:00:00.000Z",
            esito: "certificato_non_valido",
            account_controllati: 1250,
            account_scomparsi: 0,
          },
          scomparsi: [],
        },
      },
    });
    const card = within(await screen.findByRole("region", { name: "Account non più nella directory" }));
    expect(card.getByRole("alert").textContent).toMatch(
      /il certificato della directory non è stato accettato\. Non è firmato dall'autorità \(CA\) scelta in Impostazioni → Accesso/,
    );
    expect(card.queryByText(/La directory non ha risposto/)).toBeNull();
  });

  it("shows no directory card to an academy without LDAP", async () => {
    renderSystem();
    await screen.findByText("Tutto Operativo");
    await screen.findByText("Nessun incidente rilevato");
    expect(screen.queryByRole("region", { name: "Account non più nella directory" })).toBeNull();
  });

  it("says when there is no incident", async () => {
    renderSystem();
    expect(await screen.findByText("Nessun incidente rilevato")).toBeTruthy();
  });

  it("lists recent incidents with service, time, message and severity", async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderSystem({
      "GET /api/system/status": {
        body: aStatus({
          overall: "error",
          recentIncidents: [
            {
              id: 2,
              service: "notifications",
              time: fiveMinutesAgo,
              message: "Job overdue fallito: disco pieno",
              severity: "error",
            },
            {
              id: 1,
              service: "storage",
              time: fiveMinutesAgo,
              message: "Spazio su disco in esaurimento",
              severity: "warning",
            },
          ],
        }),
      },
    });
    const incidents = within(await screen.findByRole("list", { name: "Incidenti recenti" })).getAllByRole("listitem");
    expect(incidents.map((incident) => incident.textContent)).toEqual([
      "ErroreNotifiche5 min faJob overdue fallito: disco pieno",
      "AvvisoArchiviazione5 min faSpazio su disco in esaurimento",
    ]);
    expect(screen.queryByText("Nessun incidente rilevato")).toBeNull();
  });

  it("opens the detailed metrics on demand: memory, CPU and disk bars, free disk and uptime", async () => {
    const { user } = renderSystem();
    const toggle = await screen.findByRole("button", { name: /Metriche Dettagliate/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText(/78,2 GB liberi/)).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const details = within(document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement);
    expect(details.getByText("Memoria")).toBeTruthy();
    expect(details.getByText("CPU")).toBeTruthy();
    expect(details.getByText("Disco")).toBeTruthy();
    expect(details.getByText("69%")).toBeTruthy();
    expect(details.getByText(/78,2 GB liberi/)).toBeTruthy();
    expect(details.getByText(/80 MB in uso/)).toBeTruthy();
    expect(details.getByText("3 h 5 min")).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText(/78,2 GB liberi/)).toBeNull();
  });

  it("opens the measured API endpoints: method, path, requests, median latency and status", async () => {
    const { user } = renderSystem();
    const toggle = await screen.findByRole("button", { name: /Stato API Endpoints/ });
    expect(screen.queryByRole("list", { name: "Endpoint API" })).toBeNull();
    await user.click(toggle);
    const endpoints = within(screen.getByRole("list", { name: "Endpoint API" })).getAllByRole("listitem");
    expect(endpoints.map((endpoint) => endpoint.textContent)).toEqual([
      "POST/api/auth/login42 richieste82,94 msOperativo",
      "GET/api/inventario/:id1 richiesta · 1 errore7,5 msAttenzione",
    ]);
  });

  it("polls the server every 5 seconds while open", async () => {
    await withFakeTimers(async () => {
      const { server } = renderSystem();
      for (let step = 0; step < 50 && !screen.queryByText("Tutto Operativo"); step++) await advance(10);
      expect(server.callsTo("GET /api/system/status")).toHaveLength(1);
      await advance(4900);
      expect(server.callsTo("GET /api/system/status")).toHaveLength(1);
      await advance(200);
      expect(server.callsTo("GET /api/system/status")).toHaveLength(2);
    });
  });

  it("says 'Aggiornamento...' for 2 seconds after a refresh, and asks the server again", async () => {
    await withFakeTimers(async () => {
      const { server } = renderSystem();
      for (let step = 0; step < 50 && !screen.queryByText("Tutto Operativo"); step++) await advance(10);
      fireEvent.click(screen.getByRole("button", { name: "Aggiorna" }));
      const busy = screen.getByRole("button", { name: "Aggiornamento..." });
      expect(busy.hasAttribute("disabled")).toBe(true);
      await advance(10);
      expect(server.callsTo("GET /api/system/status")).toHaveLength(2);
      await advance(1980);
      expect(screen.getByRole("button", { name: "Aggiornamento..." })).toBeTruthy();
      await advance(10);
      expect(screen.getByRole("button", { name: "Aggiorna" })).toBeTruthy();
    });
  });

  it("tells when the server cannot be reached", async () => {
    renderSystem({ "GET /api/system/status": "network-error" });
    expect((await screen.findByRole("alert", undefined, { timeout: 3000 })).textContent).toBe(
      "Impossibile raggiungere il server: lo stato del sistema non è disponibile.",
    );
    expect(screen.queryByText("Tutto Operativo")).toBeNull();
  });

  describe("backup", () => {
    function captureDownloads() {
      const saved: { name: string; href: string }[] = [];
      const original = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.href });
      };
      return { saved, restore: () => (HTMLAnchorElement.prototype.click = original) };
    }

    it("downloads the database under the name the server gives", async () => {
      const downloads = captureDownloads();
      try {
        const { user, server } = renderSystem({
          "GET /api/system/backup": {
            body: "SQLite format 3",
            headers: { "content-disposition": 'attachment; filename="prestalab-backup-2026-11-21-17-04-32.db"' },
          },
        });
        await user.click(await screen.findByRole("button", { name: "Backup del database" }));
        expect(await screen.findByText("Backup scaricato: prestalab-backup-2026-11-21-17-04-32.db")).toBeTruthy();
        const call = server.callsTo("GET /api/system/backup")[0];
        expect(call?.headers.Authorization).toBe("Bearer token-di-prova");
        expect(downloads.saved).toEqual([
          { name: "prestalab-backup-2026-11-21-17-04-32.db", href: expect.stringMatching(/^blob:/) },
        ]);
      } finally {
        downloads.restore();
      }
    });

    it("shows that the backup is running", async () => {
      const { user } = renderSystem({ "GET /api/system/backup": "never" });
      await user.click(await screen.findByRole("button", { name: "Backup del database" }));
      expect(screen.getByRole("button", { name: "Backup in corso..." }).hasAttribute("disabled")).toBe(true);
    });

    it("says when the backup failed, with the server's reason", async () => {
      const downloads = captureDownloads();
      try {
        const { user } = renderSystem({
          "GET /api/system/backup": { status: 500, body: { error: "Errore interno del server" } },
        });
        await user.click(await screen.findByRole("button", { name: "Backup del database" }));
        const alert = await screen.findByRole("alert");
        expect(alert.textContent).toBe("Errore durante il backup del databaseErrore interno del server");
        expect(downloads.saved).toEqual([]);
        expect(screen.getByRole("button", { name: "Backup del database" }).hasAttribute("disabled")).toBe(false);
      } finally {
        downloads.restore();
      }
    });
  });
});

describe("Stato del Sistema (student)", () => {
  const student = aStudent();

  async function openAsStudent(api: ApiRoutes = {}) {
    const rendered = renderApp({
      signedInAs: student,
      api: { "GET /api/system/status": { body: publicStatus }, ...api },
    });
    await rendered.user.click(await screen.findByRole("button", { name: "Sistema" }));
    return rendered;
  }

  it("shows the overall state and the services only", async () => {
    await openAsStudent();
    expect(await screen.findByText("Attenzione", { selector: "p" })).toBeTruthy();
    expect(overallCard().className).toContain("bg-amber-50");
    expect(within(screen.getByRole("list", { name: "Servizi" })).getAllByRole("listitem")).toHaveLength(5);

    expect(within(overallCard()).queryByRole("term")).toBeNull();
    expect(screen.queryByText("Incidenti recenti")).toBeNull();
    expect(screen.queryByRole("button", { name: /Metriche Dettagliate/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Stato API Endpoints/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Backup del database" })).toBeNull();
  });

  it("hides the figures even if an answer carried them", async () => {
    await openAsStudent({ "GET /api/system/status": { body: aStatus() } });
    await screen.findByText("Tutto Operativo");
    expect(screen.queryByText("Richieste totali")).toBeNull();
    expect(screen.queryByText("Nessun incidente rilevato")).toBeNull();
    expect(screen.queryByRole("button", { name: "Backup del database" })).toBeNull();
  });
});
