import { describe, expect, it } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { AuditEntryView } from "../../../../src/modules/audit/model";
import { type ApiRoutes, mockApi } from "../../../test/mock-api";
import { TOKEN_KEY } from "../../lib/api";
import { ActivityHistory } from "./activity-history";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function anEntry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: 1,
    action: "loan.create",
    entity: "loan",
    entity_id: 12,
    summary: "Prestito diretto di Canon EOS R6 a Giulia Bianchi",
    actor_email: "banco@accademia.it",
    created_at: minutesAgo(3 * 24 * 60),
    ...overrides,
  };
}

/** The history on its own, as another screen will mount it, against a scripted server. */
function renderHistory(api: ApiRoutes) {
  const server = mockApi(api);
  localStorage.setItem(TOKEN_KEY, "token-di-prova");
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ActivityHistory entity="loan" id={12} />
    </QueryClientProvider>,
  );
  return { server };
}

describe("ActivityHistory", () => {
  it("asks the audit trail of one entity", async () => {
    const { server } = renderHistory({ "GET /api/audit": { body: [] } });
    await screen.findByText("Nessuna attività registrata");
    const call = server.callsTo("GET /api/audit")[0];
    expect(call?.query).toEqual({ entity: "loan", id: "12" });
    expect(call?.headers.Authorization).toBe("Bearer token-di-prova");
  });

  it("lists what happened, who did it and how long ago, newest first as the server sends it", async () => {
    renderHistory({
      "GET /api/audit": {
        body: [
          anEntry({
            id: 3,
            action: "loan.return",
            summary: "Prestito chiuso: restituito con 2 giorni di ritardo",
            actor_email: "marco.rossi@accademia.it",
            created_at: minutesAgo(5),
          }),
          anEntry({ id: 2, action: "loan.update", summary: "Note aggiornate", created_at: minutesAgo(120) }),
          anEntry(),
        ],
      },
    });
    const entries = within(await screen.findByRole("list", { name: "Cronologia attività" })).getAllByRole("listitem");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "Prestito chiuso: restituito con 2 giorni di ritardomarco.rossi@accademia.it · 5 min fa",
      "Note aggiornatebanco@accademia.it · 2 ore fa",
      "Prestito diretto di Canon EOS R6 a Giulia Bianchibanco@accademia.it · 3 giorni fa",
    ]);
    expect(
      within(entries[0] as HTMLElement)
        .getByText("5 min fa")
        .getAttribute("title"),
    ).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  });

  it("says when nothing was recorded", async () => {
    renderHistory({ "GET /api/audit": { body: [] } });
    expect(await screen.findByText("Nessuna attività registrata")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("tells when the history cannot be loaded, and tries again on request", async () => {
    let failing = true;
    const { server } = renderHistory({
      "GET /api/audit": () => (failing ? { status: 403, body: { error: "Accesso negato" } } : { body: [anEntry()] }),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Errore nel caricamento della cronologia");
    failing = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Riprova" }));
    expect(await screen.findByText("Prestito diretto di Canon EOS R6 a Giulia Bianchi")).toBeTruthy();
    expect(server.callsTo("GET /api/audit")).toHaveLength(2);
  });
});
