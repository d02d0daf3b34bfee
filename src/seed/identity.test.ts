import { describe, expect, it } from "bun:test";
import { createTestContext } from "../testing/harness";
import { loadDemoAcademy } from "./demo";

describe("the demo academy's equipment", () => {
  it("has brands and models, and every unit its own serial, purchase date and value", async () => {
    const ctx = createTestContext();
    await loadDemoAcademy(ctx, { email: "banco@accademia-demo.it" });
    const missing = ctx.sqlite
      .query(
        `SELECT
           (SELECT count(*) FROM inventario WHERE marca IS NULL OR modello IS NULL) AS items,
           (SELECT count(*) FROM unita WHERE numero_serie IS NULL OR data_acquisto IS NULL OR valore IS NULL) AS units,
           (SELECT count(DISTINCT numero_serie) = count(*) FROM unita) AS distinct_serials`,
      )
      .get();
    expect(missing).toEqual({ items: 0, units: 0, distinct_serials: 1 });
    expect(ctx.sqlite.query("SELECT marca, modello FROM inventario WHERE nome = 'Canon EOS R6'").get()).toEqual({
      marca: "Canon",
      modello: "EOS R6",
    });
  });
});
