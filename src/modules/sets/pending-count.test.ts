import { describe, expect, it } from "bun:test";
import { day, loanScenario, requestOk } from "../../testing/loan-fixtures";

describe("the desk's count of bookings waiting for a decision", () => {
  it("counts a pending set once, however many lines, beside each single request", async () => {
    const { client, admin, student, classmate, camera, tablet } = await loanScenario();
    const waiting = async () => (await client.get("/api/banco/in-attesa", admin)).body;
    expect(await waiting()).toEqual({ totale: 0 });
    const set = await client.post(
      "/api/prenotazioni",
      { dal: day(7), al: day(9), righe: [{ inventario_id: camera.id, quantita: 3 }] },
      student.token,
    );
    expect(set.status).toBe(200);
    expect(await waiting()).toEqual({ totale: 1 });
    await requestOk(client, classmate.token, {
      inventario_id: tablet.id,
      dal: day(7),
      al: day(8),
      tipo_utilizzo: "esterno",
    });
    // The spec's list still counts every pending request, the set's three lines among them.
    expect((await client.get("/api/richieste?all=1&stato=in_attesa&pagina=1&per_pagina=10", admin)).body.totale).toBe(
      4,
    );
    expect(await waiting()).toEqual({ totale: 2 });
    expect((await client.put(`/api/prenotazioni/${set.body.id}/approva`, undefined, admin)).status).toBe(200);
    expect(await waiting()).toEqual({ totale: 1 });
  });

  it("is the desk's", async () => {
    const { client, student } = await loanScenario();
    expect((await client.get("/api/banco/in-attesa", student.token)).status).toBe(403);
  });
});
