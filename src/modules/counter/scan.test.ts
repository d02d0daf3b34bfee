import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { day, directLoanOk, handOverOk, loanScenario, unitIdOf } from "../../testing/loan-fixtures";

describe("scanning at the desk", () => {
  it("finds a unit by its code, its label's address or its item's QR, and says what the desk can do", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    const [code0, code1, code2] = (camera.unita as Json[]).map((unit) => unit.codice_univoco as string);
    const { student } = scenario;
    // The camera's first two units lent to Giulia from today, not yet collected.
    const id = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
      utente_id: student.user.id,
      data_uscita: day(0),
      data_rientro: day(2),
      consegna: false,
    });
    const scan = async (text: string) =>
      (await client.get(`/api/banco/scansione?codice=${encodeURIComponent(text)}`, admin)).body;

    expect((await scan(code0 as string)).unita).toMatchObject([
      { codice_univoco: code0, azione: "consegna", prestito: { id } },
    ]);
    await handOverOk(client, admin, id);
    const byLabel = await scan(`https://prestiti.accademia.it/inventario/${camera.id}?unita=${code1}`);
    expect(byLabel.unita).toMatchObject([{ codice_univoco: code1, azione: "restituzione", prestito: { id } }]);
    expect((await scan(` ${String(code2).toLowerCase()} `)).unita).toMatchObject([
      { codice_univoco: code2, azione: "prestito", prestito: null, tipo_prestito: "solo_esterno" },
    ]);
    const byItem = await scan(`http://127.0.0.1:4311/inventario/${camera.id}`);
    expect(byItem.unita.map((unit: Json) => unit.azione)).toEqual(["restituzione", "restituzione", "prestito"]);
  });

  it("answers 404 for a code nobody has, and 400 for nothing at all", async () => {
    const { client, admin, student } = await loanScenario();
    expect((await client.get("/api/banco/scansione?codice=NESSUNO-1", admin)).body).toEqual({
      error: "Nessuna unità con il codice NESSUNO-1",
    });
    expect((await client.get("/api/banco/scansione?codice=", admin)).status).toBe(400);
    expect((await client.get("/api/banco/scansione?codice=X", student.token)).status).toBe(403);
  });
});
