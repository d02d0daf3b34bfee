import { describe, expect, it } from "bun:test";
import QRCode from "qrcode";
import { createTestContext, type Json, ok } from "../../testing/harness";
import { createItem, editPayload } from "../../testing/inventory-fixtures";
import { createKitOk, portraitKit } from "../../testing/kit-fixtures";
import { day, type LoanScenario, loanScenario, travelToDay } from "../../testing/loan-fixtures";

/**
 * The set, mancanza and kit lists are kept by the response cache (they read "sets", bumped by the
 * triggers of migration 0027): each call below asks twice, and the second call, with no write between,
 * must be answered 304 from the kept version; after a write the next call must show it.
 */
async function keptList(scenario: LoanScenario, path: string, token: string): Promise<Json[]> {
  const answer = await scenario.client.app.handle(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(answer.status).toBe(200);
  const etag = answer.headers.get("etag") ?? "";
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await scenario.client.app.handle(
    new Request(`http://localhost${path}`, {
      headers: { authorization: `Bearer ${token}`, "if-none-match": etag },
    }),
  );
  expect(again.status).toBe(304);
  return (await answer.json()) as Json[];
}

const deskRow = async (scenario: LoanScenario) => (await keptList(scenario, "/api/prenotazioni", scenario.admin))[0];
const studentRow = async (scenario: LoanScenario) =>
  (await keptList(scenario, "/api/prenotazioni/mie", scenario.student.token))[0];

describe("the kept set lists", () => {
  it("show every step of a set at once: booked, approved, handed over, signed, returned short, mancanza settled", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    expect(await keptList(scenario, "/api/prenotazioni", admin)).toEqual([]);
    expect(await keptList(scenario, "/api/prenotazioni/mie", student.token)).toEqual([]);
    expect(await keptList(scenario, "/api/mancanze", admin)).toEqual([]);

    const booked = await ok(
      client.post(
        "/api/prenotazioni",
        { dal: day(7), al: day(9), righe: [{ inventario_id: scenario.camera.id, quantita: 2 }] },
        student.token,
      ),
    );
    expect([(await deskRow(scenario))?.stato, (await studentRow(scenario))?.stato]).toEqual(["in_attesa", "in_attesa"]);

    await ok(client.put(`/api/prenotazioni/${booked.id}/approva`, undefined, admin));
    expect([(await deskRow(scenario))?.stato, (await studentRow(scenario))?.stato]).toEqual(["approvata", "approvata"]);

    travelToDay(scenario.ctx, booked.dal);
    await ok(
      client.put(
        `/api/prenotazioni/${booked.id}/consegna`,
        { unita_ids: booked.righe.map((line: Json) => line.unit_id), accessori: [{ nome: "Batteria", quantita: 2 }] },
        admin,
      ),
    );
    const handed = await deskRow(scenario);
    expect([handed?.stato, handed?.firma]).toEqual(["in_corso", null]);
    // Signing writes the set alone (no request or loan changes): only its own version shows it.
    await ok(
      client.put(`/api/prenotazioni/${booked.id}/firma`, { firma: await QRCode.toDataURL("Giulia Rossi") }, admin),
    );
    expect((await deskRow(scenario))?.firma?.tipo).toBe("disegno");
    expect((await studentRow(scenario))?.firma?.tipo).toBe("disegno");

    travelToDay(scenario.ctx, booked.al);
    await ok(
      client.put(
        `/api/prenotazioni/${booked.id}/restituisci`,
        {
          unita_ids: booked.righe.map((line: Json) => line.unit_id),
          accessori_mancanti: [{ nome: "Batteria", quantita: 1 }],
        },
        admin,
      ),
    );
    const returned = await deskRow(scenario);
    expect([returned?.stato, returned?.mancanze_aperte]).toEqual(["conclusa", 1]);
    const [shortage] = await keptList(scenario, "/api/mancanze", admin);
    expect([shortage?.nome, shortage?.risolta_il, shortage?.utente_id]).toEqual(["Batteria", null, student.user.id]);

    // Settling it writes the mancanza and the set's history alone, like the signature.
    await ok(client.put(`/api/mancanze/${shortage?.id}/risolvi`, { esito: "restituito" }, admin));
    expect((await deskRow(scenario))?.mancanze_aperte).toBe(0);
    expect((await studentRow(scenario))?.mancanze_aperte).toBe(0);
    const [resolved] = await keptList(scenario, "/api/mancanze", admin);
    expect(resolved?.esito).toBe("restituito");
    expect(await keptList(scenario, "/api/mancanze?stato=aperte", admin)).toEqual([]);
  });

  it("show a kit's edit, and an edit of an item it names, to the desk and to the course's students", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    expect(await keptList(scenario, "/api/kit", student.token)).toEqual([]);
    const created = await createKitOk(client, admin, portraitKit(scenario));
    expect((await keptList(scenario, "/api/kit", student.token)).map((row: Json) => row.nome)).toEqual([
      "Kit ritratto",
    ]);

    const tripod = await createItem(client, admin, { nome: "Treppiede Manfrotto" });
    await ok(
      client.put(
        `/api/kit/${created.id}`,
        portraitKit(scenario, {
          nome: "Kit ritratto leggero",
          righe: [{ inventario_id: tripod.id, quantita: 1 }],
          accessori: [{ nome: "Borsa", quantita: 1 }],
        }),
        admin,
      ),
    );
    const [edited] = await keptList(scenario, "/api/kit", admin);
    expect([edited?.nome, edited?.righe.map((line: Json) => line.oggetto_nome), edited?.accessori.length]).toEqual([
      "Kit ritratto leggero",
      ["Treppiede Manfrotto"],
      1,
    ]);

    await ok(client.put(`/api/inventario/${tripod.id}`, editPayload(tripod, { nome: "Treppiede Gitzo" }), admin));
    const [renamed] = await keptList(scenario, "/api/kit", student.token);
    expect(renamed?.righe.map((line: Json) => line.oggetto_nome)).toEqual(["Treppiede Gitzo"]);

    await ok(client.delete(`/api/kit/${created.id}`, admin));
    expect(await keptList(scenario, "/api/kit", student.token)).toEqual([]);
  });

  it("are bumped by every insert, change and delete of every set and kit table", () => {
    const { sqlite } = createTestContext();
    const tables = sqlite
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'prenotazioni%' OR name LIKE 'kit%' OR name = 'mancanze')",
      )
      .all()
      .map((row) => row.name)
      .sort();
    expect(tables).toEqual([
      "kit",
      "kit_accessori",
      "kit_corsi",
      "kit_righe",
      "mancanze",
      "prenotazioni",
      "prenotazioni_accessori",
      "prenotazioni_storia",
    ]);
    const bumping = sqlite
      .query<{ tbl_name: string; sql: string }, []>("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'")
      .all()
      .filter((trigger) => trigger.sql.includes("`resource` = 'sets'"))
      .map((trigger) => `${trigger.tbl_name} ${/AFTER (INSERT|UPDATE|DELETE)/.exec(trigger.sql)?.[1]}`)
      .sort();
    expect(bumping).toEqual(tables.flatMap((table) => [`${table} DELETE`, `${table} INSERT`, `${table} UPDATE`]));
  });
});
