import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, loanScenario, requestOk, unitIdOf } from "../../testing/loan-fixtures";

/**
 * The only Sony FX3, asked by Giulia for today to day 2; Luca queues for the same days; Giulia withdraws,
 * so the unit is held for Luca (an "offerta" of the waiting list) from today to day 2.
 */
async function fx3HeldForLuca() {
  const scenario = await loanScenario();
  const { client, admin, student, classmate } = scenario;
  const fx3 = await createItem(client, admin, { nome: "Sony FX3", quantita_totale: 1, tipo_prestito: "solo_esterno" });
  const dates = { dal: day(0), al: day(2) };
  const giulia = await requestOk(client, student.token, { unit_id: unitIdOf(fx3), ...dates });
  expect((await client.post("/api/attese", { inventario_id: fx3.id, ...dates }, classmate.token)).status).toBe(201);
  expect((await client.delete(`/api/richieste/${giulia.id}`, student.token)).status).toBe(200);
  const waits = await client.get("/api/attese/mie", classmate.token);
  expect(waits.body[0]).toMatchObject({ stato: "offerta" });
  const find = (items: Json) => (items as Json[]).find((item) => item.id === fx3.id) as Json;
  return { ...scenario, fx3, find };
}

/** A unit held until day 2 is not free today for anyone else, and free again the day after. */
const HELD_UNTIL_DAY_2 = { unita_disponibili: 0, libera_fino_al: null, prossima_disponibilita: day(3) };

describe("a unit held for the first student of a waiting list", () => {
  it("is not offered as free today to anyone else, on any screen", async () => {
    const { client, admin, student, fx3, find } = await fx3HeldForLuca();

    const catalogue = await client.get("/api/inventario/disponibili", student.token);
    const inventory = await client.get("/api/inventario", admin);
    const itemPage = await client.get(`/api/inventario/${fx3.id}`, student.token);
    const units = await client.get(`/api/inventario/${fx3.id}/disponibili`, student.token);

    expect(find(catalogue.body)).toMatchObject(HELD_UNTIL_DAY_2);
    expect(find(catalogue.body).stato_effettivo).not.toBe("disponibile");
    expect(find(inventory.body)).toMatchObject(HELD_UNTIL_DAY_2);
    expect(itemPage.body).toMatchObject(HELD_UNTIL_DAY_2);
    expect(itemPage.body.unita[0].stato).not.toBe("disponibile");
    expect(units.body.map((unit: Json) => unit.stato)).not.toContain("disponibile");
  });

  it("is refused to anyone else's booking for those dates, as the lists say", async () => {
    const { client, student, fx3 } = await fx3HeldForLuca();
    const booking = await client.post(
      "/api/richieste",
      { inventario_id: fx3.id, dal: day(1), al: day(1), note: null, tipo_utilizzo: null },
      student.token,
    );
    expect(booking.status).toBe(409);
  });
});
