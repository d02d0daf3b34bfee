import { describe, expect, it } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { inventario, riparazioni } from "../../db/schema";
import { createCategory, insertRepair } from "../../testing/inventory-fixtures";
import {
  approveOk,
  handOverOk,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

const external = { tipo_utilizzo: "esterno" };

/**
 * A small academy over the week of 16–22 March 2026, open Monday to Friday with Friday 20 closed: 4 open
 * days. The only tablet is asked for by Giulia, then by Luca (409), who queues, gets it when Giulia
 * withdraws, and borrows it 16–18; Giulia then meets a 409. Sara (Design) asks for the only plotter twice
 * (one 409) and is refused. Giulia borrows one camera of three on the 16th; another camera is in repair on
 * the 19th–20th. Camera and plotter share the category "Grafica".
 */
async function smallAcademy() {
  const scenario = await loanScenario();
  const { client, ctx, admin, tablet, camera, plotter, student, classmate, designStudent } = scenario;
  const grafica = await createCategory(client, admin, "Grafica");
  ctx.db
    .update(inventario)
    .set({ categoriaId: grafica })
    .where(inArray(inventario.id, [camera.id as number, plotter.id as number]))
    .run();
  const rules = {
    giorni_apertura: [1, 2, 3, 4, 5],
    chiusure: [{ dal: "2026-03-20", al: "2026-03-20", motivo: "Ponte" }],
  };
  expect((await client.put("/api/impostazioni", rules, admin)).status).toBe(200);
  const week = { dal: "2026-03-16", al: "2026-03-18" };

  const giuliaFirst = await requestOk(client, student.token, { inventario_id: tablet.id, ...week, ...external });
  expect(
    (await client.post("/api/richieste", { inventario_id: tablet.id, ...week, ...external }, classmate.token)).status,
  ).toBe(409);
  const queued = await client.post("/api/attese", { inventario_id: tablet.id, ...week }, classmate.token);
  await client.delete(`/api/richieste/${giuliaFirst.id}`, student.token);
  const confirmed = await client.put(`/api/attese/${queued.body.id}/conferma`, undefined, classmate.token);
  const lucaLoan = await approveOk(client, admin, confirmed.body.richiesta_id as number);
  const giuliaAgain = { inventario_id: tablet.id, dal: "2026-03-17", al: "2026-03-18", ...external };
  expect((await client.post("/api/richieste", giuliaAgain, student.token)).status).toBe(409);

  const plotterAsk = await requestOk(client, designStudent.token, {
    inventario_id: plotter.id,
    dal: "2026-03-16",
    al: "2026-03-17",
  });
  const plotterAgain = { inventario_id: plotter.id, dal: "2026-03-17", al: "2026-03-17" };
  expect((await client.post("/api/richieste", plotterAgain, designStudent.token)).status).toBe(409);
  await client.put(`/api/prestiti/${plotterAsk.id}/rifiuta`, { motivo_rifiuto: "Plotter in manutenzione" }, admin);

  const cameraAsk = await requestOk(client, student.token, {
    unit_id: unitIdOf(camera, 0),
    dal: "2026-03-16",
    al: "2026-03-16",
  });
  const cameraLoan = await approveOk(client, admin, cameraAsk.id as number);

  travelToDay(ctx, "2026-03-16");
  await handOverOk(client, admin, cameraLoan.loanId as number);
  await handOverOk(client, admin, lucaLoan.loanId as number);
  await returnOk(client, admin, cameraLoan.loanId as number);
  travelToDay(ctx, "2026-03-18");
  await returnOk(client, admin, lucaLoan.loanId as number);
  travelToDay(ctx, "2026-03-19");
  const repair = insertRepair(ctx, { itemId: camera.id as number, unitId: unitIdOf(camera, 2), stato: "completata" });
  ctx.db.update(riparazioni).set({ dataFine: "2026-03-20" }).where(eq(riparazioni.id, repair)).run();
  travelToDay(ctx, "2026-03-25");
  return scenario;
}

describe("the demand report", () => {
  it("gives the hand-computed figures of a small academy's week", async () => {
    const { client, admin, tablet, camera, plotter, studioLight } = await smallAcademy();

    const answer = await client.get("/api/stats/domanda?dal=2026-03-16&al=2026-03-22", admin);

    expect(answer.status).toBe(200);
    const report = answer.body as Record<string, unknown>;
    const row = (id: unknown, unita: number, figures: Record<string, unknown>) => ({
      inventario_id: id,
      unita,
      ...figures,
    });
    expect(report.articoli).toEqual([
      // Luca's 409 (3 days) and Giulia's (2 days); Luca's request from the queue, out 16–18 of 4 open days.
      row(tablet.id, 1, {
        nome: "Tavoletta grafica",
        richieste: 3,
        richieste_non_soddisfatte: 2,
        giorni_non_soddisfatti: 5,
        utilizzo: 0.75,
        in_coda: 0,
        dalla_coda_al_prestito: 1,
        settimana_di_punta: "2026-03-16",
      }),
      // Sara's request (refused, 2 days) and her 409 (1 day).
      row(plotter.id, 1, {
        nome: "Plotter",
        richieste: 2,
        richieste_non_soddisfatte: 2,
        giorni_non_soddisfatti: 3,
        utilizzo: 0,
        in_coda: 0,
        dalla_coda_al_prestito: 0,
        settimana_di_punta: "2026-03-16",
      }),
      // One day out of 4 + 4 + 3 (the third camera in repair on the 19th; the 20th is closed anyway).
      row(camera.id, 3, {
        nome: "Fotocamera Canon",
        richieste: 1,
        richieste_non_soddisfatte: 0,
        giorni_non_soddisfatti: 0,
        utilizzo: 0.091,
        in_coda: 0,
        dalla_coda_al_prestito: 0,
        settimana_di_punta: "2026-03-16",
      }),
      row(studioLight.id, 1, {
        nome: "Luce da studio",
        richieste: 0,
        richieste_non_soddisfatte: 0,
        giorni_non_soddisfatti: 0,
        utilizzo: 0,
        in_coda: 0,
        dalla_coda_al_prestito: 0,
        settimana_di_punta: null,
      }),
    ]);
    // Replays in asking order: tablet — Luca's 409 (16–18), Luca's request (16–18), Giulia's 409 (17–18):
    // 1 of 3 on one unit, 2 on two, 3 on three. Plotter — Sara's request (16–17), her 409 (17): 1 of 2, then 2.
    expect(report.da_acquistare).toMatchObject([
      { inventario_id: tablet.id, unita_in_piu: 2, quota_soddisfatta: 1, quota_attuale: 0.333 },
      { inventario_id: plotter.id, unita_in_piu: 1, quota_soddisfatta: 1, quota_attuale: 0.5 },
    ]);
    expect((report.da_acquistare as Array<{ spiegazione: string }>)[0]?.spiegazione).toBe(
      "«Tavoletta grafica»: 2 richieste non soddisfatte per 5 giorni. Con 2 unità in più il periodo avrebbe soddisfatto il 100% delle richieste (con l'unica di oggi il 33%).",
    );
    expect(report.poco_usati).toMatchObject(
      [
        { unit_id: unitIdOf(camera, 1), utilizzo: 0, ultimo_prestito: null },
        { unit_id: unitIdOf(camera, 2), utilizzo: 0, ultimo_prestito: null },
        { unit_id: unitIdOf(plotter, 0), utilizzo: 0, ultimo_prestito: null },
        { unit_id: unitIdOf(studioLight, 0), utilizzo: 0, ultimo_prestito: null },
      ].sort((a, b) =>
        codeOf([camera, plotter, studioLight], a.unit_id).localeCompare(
          codeOf([camera, plotter, studioLight], b.unit_id),
          "it",
        ),
      ),
    );
    // The cameras sit idle for Fotografia while Design met two refusals in the same category.
    expect(report.da_spostare).toMatchObject([
      { inventario_id: camera.id, da_corso: "Fotografia", a_corso: "Design", richieste_non_soddisfatte: 2 },
    ]);
  });

  it("charts one item's weeks: days asked against the days its units could go out", async () => {
    const { client, admin, tablet, camera } = await smallAcademy();
    const weeksOf = (id: unknown, filters = "") =>
      client.get(`/api/stats/domanda/articoli/${id}/settimane?dal=2026-03-09&al=2026-03-22${filters}`, admin);

    const tabletWeeks = await weeksOf(tablet.id);
    const cameraWeeks = await weeksOf(camera.id);
    const tabletForDesign = await weeksOf(tablet.id, "&corso=Design");

    // The week before asked nothing and had 5 open days; the second had 4 (the academy closed on the 20th)
    // and the tablet was asked 8 unit-days of them.
    expect(tabletWeeks.body).toEqual({
      inventario_id: tablet.id,
      nome: "Tavoletta grafica",
      unita: 1,
      settimana_di_punta: "2026-03-16",
      settimane: [
        { settimana: "2026-03-09", domanda: 0, capacita: 5 },
        { settimana: "2026-03-16", domanda: 8, capacita: 4 },
      ],
    });
    // Three cameras for the open days, less the open day the third spent in repair (the 19th).
    expect(cameraWeeks.body.settimane).toEqual([
      { settimana: "2026-03-09", domanda: 0, capacita: 15 },
      { settimana: "2026-03-16", domanda: 1, capacita: 11 },
    ]);
    // Design never asked for the tablet: its capacity stays, its demand is none.
    expect(tabletForDesign.body.settimane).toEqual([
      { settimana: "2026-03-09", domanda: 0, capacita: 5 },
      { settimana: "2026-03-16", domanda: 0, capacita: 4 },
    ]);
    expect((await weeksOf(999_999)).status).toBe(404);
    expect((await weeksOf("abc")).body).toMatchObject({ error: "Articolo non valido" });
  });

  it("counts only one course's demand when asked, and exports the table as CSV and Excel", async () => {
    const { client, admin, tablet, plotter } = await smallAcademy();

    const design = await client.get("/api/stats/domanda?dal=2026-03-16&al=2026-03-22&corso=Design", admin);
    const csv = await client.call("GET", "/api/stats/domanda/export?dal=2026-03-16&al=2026-03-22&formato=csv", {
      token: admin,
    });
    const xlsx = await client.call("GET", "/api/stats/domanda/export?dal=2026-03-16&al=2026-03-22", { token: admin });

    const byId = new Map(
      (design.body.articoli as Array<Record<string, unknown>>).map((item) => [item.inventario_id, item]),
    );
    expect(byId.get(tablet.id)).toMatchObject({ richieste: 0, richieste_non_soddisfatte: 0 });
    expect(byId.get(plotter.id)).toMatchObject({ richieste: 2, richieste_non_soddisfatte: 2 });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(String(csv.body.text).split("\r\n")[1]).toBe(`${tablet.id};Tavoletta grafica;1;3;2;5;0.75;0;1;2026-03-16`);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect((await client.get("/api/stats/domanda?dal=2026-03-22&al=2026-03-16", admin)).status).toBe(400);
    // An end that names no day, with the start counted back from it (found by the route fuzz).
    const noDay = await client.get("/api/stats/domanda?al=0000-00-00", admin);
    expect(noDay.status).toBe(400);
    expect(noDay.body.error).toBe("Data non valida (AAAA-MM-GG)");
  });
});

function codeOf(items: Array<Record<string, unknown>>, unitId: number): string {
  for (const item of items)
    for (const unit of item.unita as Array<{ id: number; codice_univoco: string }>)
      if (unit.id === unitId) return unit.codice_univoco;
  return "";
}
