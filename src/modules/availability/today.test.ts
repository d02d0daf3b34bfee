import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, loanScenario, requestOk, travelToDay, unitIdOf } from "../../testing/loan-fixtures";

/** The only Sony FX3, requested by a student for next week (days 7 to 9): every screen's call, today. */
async function fx3BookedNextWeek() {
  const scenario = await loanScenario();
  const { client, admin, student } = scenario;
  const fx3 = await createItem(client, admin, { nome: "Sony FX3", quantita_totale: 1, tipo_prestito: "solo_esterno" });
  const booking = await requestOk(client, student.token, { unit_id: unitIdOf(fx3), dal: day(7), al: day(9) });
  const find = (items: Json) => (items as Json[]).find((item) => item.id === fx3.id) as Json;
  return { ...scenario, fx3, booking, find };
}

/** What a free FX3 reads everywhere today: free, until the day before the booking. */
const FREE_UNTIL_THE_BOOKING = {
  stato_effettivo: "disponibile",
  unita_disponibili: 1,
  quantita_totale: 1,
  libera_fino_al: day(6),
  prossima_disponibilita: day(0),
};

describe("one availability truth: a booking next week on the only unit", () => {
  it("leaves the item free today until the day before, in the catalogue, the inventory and on the item page", async () => {
    const { client, admin, student, fx3, find } = await fx3BookedNextWeek();
    const catalogue = await client.get("/api/inventario/disponibili", student.token);
    expect(find(catalogue.body)).toMatchObject(FREE_UNTIL_THE_BOOKING);
    const cataloguePage = await client.get("/api/inventario/disponibili?pagina=1&per_pagina=50", student.token);
    expect(find(cataloguePage.body.elementi)).toMatchObject(FREE_UNTIL_THE_BOOKING);
    expect(find((await client.get("/api/inventario", admin)).body)).toMatchObject(FREE_UNTIL_THE_BOOKING);
    const itemPage = await client.get(`/api/inventario/${fx3.id}`, student.token);
    expect(itemPage.body).toMatchObject(FREE_UNTIL_THE_BOOKING);
    expect(itemPage.body.unita[0].stato).toBe("disponibile");
  });

  it("never counts it as low stock today", async () => {
    const { client, admin, fx3 } = await fx3BookedNextWeek();
    const alerts = await client.get("/api/avvisi", admin);
    expect(alerts.body.scorte_basse.map((alert: Json) => alert.id)).not.toContain(fx3.id);
    const summary = await client.get("/api/inventario/riepilogo", admin);
    expect(summary.body.scorte_basse).toBe(0);
    const lowStock = await client.get("/api/inventario?stato=scorte_basse", admin);
    expect(lowStock.body.map((item: Json) => item.id)).not.toContain(fx3.id);
  });

  it("lets the Banco lend it today with a return date the day before the booking, and refuses one day more", async () => {
    const { client, admin, classmate, fx3 } = await fx3BookedNextWeek();
    const scan = await client.get(`/api/banco/scansione?codice=${fx3.unita[0].codice_univoco}`, admin);
    expect(scan.status).toBe(200);
    expect(scan.body.unita[0]).toMatchObject({
      stato: "disponibile",
      azione: "prestito",
      libera_fino_al: day(6),
      prossima_disponibilita: day(0),
      // The usual week would end on day 7, the booking's first day.
      rientro_proposto: day(6),
    });
    const lend = (until: string) =>
      client.post(
        "/api/prestiti",
        {
          inventario_id: fx3.id,
          utente_id: classmate.user.id,
          chi: "Luca Verdi",
          data_uscita: day(0),
          data_rientro: until,
          unita_ids: [unitIdOf(fx3)],
          tipo_utilizzo: "esterno",
          note: "",
          consegna: true,
        },
        admin,
      );
    const tooLong = await lend(day(7));
    expect(tooLong.status).toBe(409);
    expect((await lend(scan.body.unita[0].rientro_proposto)).status).toBe(200);
  });

  it("offers it to both wizards: the desk's item list, the units to book and the free days", async () => {
    const { client, admin, student, fx3, find } = await fx3BookedNextWeek();
    const deskItems = (await client.get("/api/inventario", admin)).body as Json[];
    expect(deskItems.filter((item) => item.stato_effettivo === "disponibile").map((item) => item.id)).toContain(fx3.id);
    const units = await client.get(`/api/inventario/${fx3.id}/disponibili`, student.token);
    expect(units.body).toEqual([
      expect.objectContaining({ stato: "disponibile", libera_fino_al: day(6), prossima_disponibilita: day(0) }),
    ]);
    const calendar = await client.get(
      `/api/inventario/${fx3.id}/disponibilita?dal=${day(0)}&al=${day(10)}`,
      student.token,
    );
    expect(calendar.body.giorni_liberi).toEqual([0, 1, 2, 3, 4, 5, 6, 10].map(day));
    expect(find((await client.get("/api/inventario/disponibili", student.token)).body)).toMatchObject({
      libera_fino_al: calendar.body.giorni_liberi[6],
    });
  });

  it("follows the day: the cached lists say reserved on the booking's first day, and free again after it", async () => {
    const { client, ctx, admin, student, fx3, find } = await fx3BookedNextWeek();
    const catalogueNow = async () => find((await client.get("/api/inventario/disponibili", student.token)).body);
    expect(await catalogueNow()).toMatchObject(FREE_UNTIL_THE_BOOKING);
    // Asked twice on the same day: the second answer may come from the cache, and must not go stale.
    expect(await catalogueNow()).toMatchObject(FREE_UNTIL_THE_BOOKING);
    travelToDay(ctx, day(7));
    expect(await catalogueNow()).toMatchObject({
      stato_effettivo: "in_prestito",
      unita_disponibili: 0,
      libera_fino_al: null,
      prossima_disponibilita: day(10),
    });
    expect((await client.get(`/api/inventario/${fx3.id}`, admin)).body).toMatchObject({
      prossima_disponibilita: day(10),
    });
    expect((await client.get("/api/avvisi", admin)).body.scorte_basse.map((alert: Json) => alert.id)).toContain(fx3.id);
    travelToDay(ctx, day(10));
    expect(await catalogueNow()).toMatchObject({
      stato_effettivo: "disponibile",
      libera_fino_al: null,
      prossima_disponibilita: day(10),
    });
  });
});
