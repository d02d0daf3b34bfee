import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import type { ApiCall } from "../../../test/mock-api";
import { anAgendaEntry } from "../../../test/people-fixtures";
import { renderApp } from "../../../test/render-app";

// Thursday 12 March 2026: its week runs from Monday the 9th to Sunday the 15th.
const TODAY = "2026-03-12";

const pickUp = anAgendaEntry({ data: TODAY });
const comingBack = anAgendaEntry({
  tipo: "prestito",
  id: 12,
  movimento: "rientro",
  data: TODAY,
  titolo: "Microfono Rode",
  utente_id: 4,
  utente_nome: "Sara Neri",
  stato: "attivo",
});
const waitingRequest = anAgendaEntry({
  tipo: "richiesta",
  id: 31,
  data: "2026-03-13",
  titolo: "Canon EOS R6",
  stato: "in_attesa",
});

function renderCalendar(path = "/calendario") {
  return renderApp({
    signedInAs: anAdmin(),
    path,
    api: {
      "GET /api/health": { body: { ok: true, appName: "PrestaLab", today: TODAY } },
      "GET /api/categorie-semplici": { body: [{ id: 2, nome: "Ottiche", numero_articoli: 3 }] },
      "GET /api/agenda": (call: ApiCall) => ({
        body: {
          dal: call.query.dal,
          al: call.query.al,
          voci: call.query.categoria ? [] : [pickUp, comingBack, waitingRequest],
        },
      }),
    },
  });
}

function day(name: RegExp) {
  return within(screen.getByRole("region", { name }));
}

describe("the desk's calendar", () => {
  it("shows the week, day by day, with what goes out and what comes back; each entry opens its booking", async () => {
    const { server } = renderCalendar();
    const today = await waitFor(() => day(/^Giovedì 12 marzo/));
    const out = within(today.getByRole("list", { name: /^Escono/ }));
    const back = within(today.getByRole("list", { name: /^Rientrano/ }));
    expect(out.getByRole("link", { name: "Treppiede Manfrotto" }).getAttribute("href")).toBe(
      "/prestiti?cerca=Luca+Verdi",
    );
    expect(out.getByRole("link", { name: "Luca Verdi" }).getAttribute("href")).toBe("/utenti/3");
    expect(back.getByRole("link", { name: "Microfono Rode" })).toBeTruthy();
    expect(
      day(/^Venerdì 13 marzo/)
        .getByRole("link", { name: "Canon EOS R6" })
        .getAttribute("href"),
    ).toBe("/prestiti?richiesta=31");
    expect(day(/^Lunedì 9 marzo/).getByText("Niente esce e niente rientra.")).toBeTruthy();
    expect(server.callsTo("GET /api/agenda").at(-1)?.query).toEqual({ dal: "2026-03-09", al: "2026-03-15" });
  });

  it("shows one day, moves by day, and filters by category", async () => {
    const { user, server } = renderCalendar();
    await screen.findByRole("region", { name: /^Giovedì 12 marzo/ });
    await user.click(screen.getByRole("radio", { name: "Giorno" }));
    await waitFor(() => expect(server.callsTo("GET /api/agenda").at(-1)?.query).toEqual({ dal: TODAY, al: TODAY }));
    expect(screen.queryByRole("region", { name: /^Venerdì 13 marzo/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Giorno successivo" }));
    await screen.findByRole("region", { name: /^Venerdì 13 marzo/ });
    await user.selectOptions(await screen.findByLabelText(/Categoria/), "2");
    await waitFor(() =>
      expect(server.callsTo("GET /api/agenda").at(-1)?.query).toEqual({
        dal: "2026-03-13",
        al: "2026-03-13",
        categoria: "2",
      }),
    );
    await day(/^Venerdì 13 marzo/).findByText("Niente esce e niente rientra.");
  });
});
