import { describe, expect, it } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { addDays } from "../../../../src/domain/dates";
import { anItemCalendar, calendarDayButton } from "../../../test/availability-fixtures";
import { aStudent } from "../../../test/fixtures";
import { pressBrowser } from "../../../test/history";
import { anItem, studentApi, TODAY } from "../../../test/loan-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const student = aStudent();
const camera = anItem({ id: 10, nome: "Canon EOS R6", quantita_totale: 2 });
const lens = anItem({ id: 11, nome: "Obiettivo 50mm", quantita_totale: 2 });
const shootKit = {
  id: 5,
  nome: "Kit Ripresa",
  descrizione: "Per le riprese in esterno",
  corsi_assegnati: ["Fotografia"],
  righe: [{ id: 1, inventario_id: 10, oggetto_nome: "Canon EOS R6", quantita: 1, unit_id: null, codice_univoco: null }],
  accessori: [{ nome: "Batteria", quantita: 2 }],
  created_at: "2025-03-01 09:00:00",
  updated_at: "2025-03-01 09:00:00",
};

/** The lens: one unit busy on days 2–4, the other on days 3–6, so two units are free neither on 3 nor 4. */
const lensCalendar = anItemCalendar(11, TODAY, [
  { id: 110, code: "LENS_1", taken: [2, 4] },
  { id: 111, code: "LENS_2", taken: [3, 6] },
]);
/** The kit: free every day but the 8th. */
const kitCalendar = {
  dal: TODAY,
  al: addDays(TODAY, 365),
  giorni_liberi: Array.from({ length: 366 }, (_, day) => addDays(TODAY, day)).filter(
    (day) => day !== addDays(TODAY, 8),
  ),
};

function setApi(extra: ApiRoutes = {}): ApiRoutes {
  return {
    ...studentApi(student.id),
    "GET /api/inventario/disponibili": catalogueRoute([camera, lens]),
    "GET /api/kit": { body: [shootKit] },
    "GET /api/inventario/11/disponibilita": { body: lensCalendar },
    "GET /api/kit/5/disponibilita": { body: kitCalendar },
    ...extra,
  };
}

async function openCatalogue(api: ApiRoutes = setApi()) {
  const rendered = renderApp({ path: "/articoli", signedInAs: student, api });
  await screen.findByRole("list", { name: "Kit" });
  return rendered;
}

const drawer = () => within(screen.getByRole("dialog"));

/** Opens the set, picks the given days from today on its calendar (start, then end) and sends the request. */
async function sendSet(user: ReturnType<typeof renderApp>["user"], ...days: number[]) {
  await user.click(screen.getByRole("button", { name: /Il mio set/ }));
  await user.click(drawer().getByRole("button", { name: "Scegli le date" }));
  await screen.findByRole("grid");
  for (const day of days) await user.click(calendarDayButton(drawer(), addDays(TODAY, day)));
  await user.click(drawer().getByRole("button", { name: "Invia richiesta" }));
}

/** The server's 409 for a set whose lines are not all free. */
function linesRefused(
  ...righe: { inventario_id: number; richieste: number; libere: number; libero_dal: string | null }[]
) {
  return { status: 409, body: { error: "Alcune righe non sono disponibili", righe } };
}

describe("the student's set", () => {
  it("gathers a kit and two lenses, then offers only the days on which every line is free", async () => {
    const { user } = await openCatalogue();
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    expect((screen.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(screen.getByRole("button", { name: "Il mio set, 2 elementi" }));
    expect(
      drawer()
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual([expect.stringContaining("Kit Ripresa"), expect.stringContaining("Obiettivo 50mm")]);
    await user.click(drawer().getByRole("button", { name: "Una unità in più di Obiettivo 50mm" }));
    await user.click(drawer().getByRole("button", { name: "Scegli le date" }));

    await screen.findByRole("grid");
    // Day 2: one lens free, but the line asks for two. Day 8: the kit is out. Day 7: all free.
    expect(calendarDayButton(drawer(), addDays(TODAY, 2)).disabled).toBe(true);
    expect(calendarDayButton(drawer(), addDays(TODAY, 8)).disabled).toBe(true);
    expect(calendarDayButton(drawer(), addDays(TODAY, 1)).disabled).toBe(false);
    expect(calendarDayButton(drawer(), addDays(TODAY, 7)).disabled).toBe(false);
  });

  it("sends one request for the whole set and says per line which fails, and when it is free again", async () => {
    const refusal = linesRefused({ inventario_id: 11, richieste: 2, libere: 1, libero_dal: "2025-03-20" });
    const { user, server } = await openCatalogue(setApi({ "POST /api/prenotazioni": refusal }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    await sendSet(user, 10, 12);

    const failing = await screen.findByRole("list", { name: "Righe non disponibili" });
    expect(failing.textContent).toBe("Obiettivo 50mm: 1 di 2 unità libere — di nuovo libera dal 20/03/2025");
    expect(server.callsTo("POST /api/prenotazioni").map((call) => call.body)).toEqual([
      {
        dal: addDays(TODAY, 10),
        al: addDays(TODAY, 12),
        kit_id: 5,
        righe: [{ inventario_id: 11, quantita: 2 }],
      },
    ]);
  });

  it("keeps the set through a reload, and Back walks from the dates to the lines and out", async () => {
    const { user } = await openCatalogue();
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    cleanup();

    const reloaded = renderApp({ path: "/articoli?set=righe", signedInAs: student, api: setApi() });
    expect(within(await screen.findByRole("dialog")).getByText("Obiettivo 50mm")).toBeTruthy();
    await reloaded.user.click(drawer().getByRole("button", { name: "Scegli le date" }));
    expect(drawer().getByRole("heading", { name: "Date del set" })).toBeTruthy();
    await pressBrowser("back");
    expect(drawer().getByRole("heading", { name: "Il mio set" })).toBeTruthy();
    await reloaded.user.click(drawer().getByRole("button", { name: "Rimuovi Obiettivo 50mm dal set" }));
    expect(drawer().getByText("Il set è vuoto")).toBeTruthy();
  });

  it("never shows a set left on this browser by another student", async () => {
    localStorage.setItem(
      "prestalab.set",
      JSON.stringify({ ownerId: 99, lines: [{ kind: "articolo", id: 11, nome: "Obiettivo 50mm", quantita: 1 }] }),
    );
    await openCatalogue();
    await waitFor(() => expect(screen.getByRole("button", { name: "Il mio set, vuoto" })).toBeTruthy());
  });
});

describe("the kit's waiting list in the set", () => {
  it("offers the kit's queue for the refused dates when a line of the kit had no unit free", async () => {
    const refusal = linesRefused({ inventario_id: 10, richieste: 1, libere: 0, libero_dal: "2025-03-25" });
    const joined = { status: 201, body: { id: 9, posizione: 1, stato: "in_coda" } };
    const { user, server } = await openCatalogue(
      setApi({ "POST /api/prenotazioni": refusal, "POST /api/attese": joined }),
    );
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }));
    await sendSet(user, 10, 12);

    const form = within(await drawer().findByRole("group", { name: "Avvisami se si libera: Kit Ripresa" }));
    await user.click(form.getByRole("button", { name: "Avvisami se si libera" }));
    expect(await drawer().findByText("Sei il n. 1 in coda per Kit Ripresa.")).toBeTruthy();
    expect(server.callsTo("POST /api/attese")[0]?.body).toEqual({
      kit_id: 5,
      dal: addDays(TODAY, 10),
      al: addDays(TODAY, 12),
    });
  });

  it("offers no kit queue when only a line outside the kit is short", async () => {
    const refusal = {
      status: 409,
      body: { error: "Alcune righe", righe: [{ inventario_id: 11, richieste: 2, libere: 1, libero_dal: null }] },
    };
    const { user } = await openCatalogue(setApi({ "POST /api/prenotazioni": refusal }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }));
    await user.click(screen.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    await sendSet(user, 10);
    await screen.findByRole("list", { name: "Righe non disponibili" });
    expect(drawer().queryByRole("group", { name: "Avvisami se si libera: Kit Ripresa" })).toBeNull();
  });
});
