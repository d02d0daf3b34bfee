import { describe, expect, it } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { blockUser, bookingCounts, day, loanScenario, requestOk, TODAY, unitIdOf } from "../../testing/loan-fixtures";
import { blockedBorrowerAnswer, blockedStudentAnswer, loanView, requestView } from "./model";

// The route schemas of model.ts answer a malformed call before any service runs, with the Italian
// message of the field, and the answers the server sends are the shapes the schemas declare.

describe("the loan and request routes' schemas", () => {
  it.each([
    ["/api/richieste?all=1&stato=perso", "Stato non valido"],
    ["/api/prestiti?all=1&stato=in_attesa", "Stato non valido"],
    ["/api/prestiti?all=1&ordina=prezzo", "Ordinamento non valido"],
    ["/api/prestiti?all=1&ordina=dal&verso=su", "Verso dell'ordinamento non valido (asc o desc)"],
    ["/api/richieste?all=1&al=ieri", "Data non valida (formato AAAA-MM-GG)"],
    ["/api/prestiti/abc/units", "Prestito non valido"],
    ["/api/prestiti/unit/0", "Unità non valida"],
  ])("refuses GET %s with a 400 saying what is wrong", async (path, message) => {
    const { client, admin } = await loanScenario();
    const answer = await client.get(path, admin);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: message } });
  });

  it("refuses a malformed request id in the path before looking for it", async () => {
    const { client, admin, student } = await loanScenario();
    for (const [method, path, token] of [
      ["DELETE", "/api/richieste/1x", student.token],
      ["PUT", "/api/prestiti/-3/approva", admin],
      ["PUT", "/api/prestiti/abc/rifiuta", admin],
    ] as const) {
      const answer = await client.call(method, path, { body: { motivazione: "No" }, token });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { error: "Richiesta non valida" },
      });
    }
  });

  it.each([
    ["units that are not ids", { unita_ids: ["prima"] }, "Unità non valide"],
    ["a hand-over flag that is not true or false", { consegna: "si" }, "Dati del prestito non validi"],
    ["a usage that does not exist", { tipo_utilizzo: "ovunque" }, "Tipo di utilizzo non valido"],
    ["a note too long", { note: "x".repeat(1001) }, "Testo troppo lungo (massimo 1000 caratteri)"],
    ["a borrower id that is not one", { utente_id: "tre" }, "Utente non valido"],
  ])("refuses a direct loan with %s", async (_label, overrides, message) => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const answer = await client.post(
      "/api/prestiti",
      {
        inventario_id: camera.id,
        utente_id: student.user.id,
        data_uscita: TODAY,
        data_rientro: day(2),
        unita_ids: [unitIdOf(camera)],
        ...overrides,
      },
      admin,
    );
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: message } });
    expect(bookingCounts(ctx).loans).toBe(0);
  });

  it("leaves a usage nobody chose unchosen (no default slips in for a missing field)", async () => {
    const { client, admin, student, tablet } = await loanScenario();
    const lent = await client.post(
      "/api/prestiti",
      {
        inventario_id: tablet.id,
        utente_id: student.user.id,
        data_uscita: TODAY,
        data_rientro: day(2),
        unita_ids: [unitIdOf(tablet)],
      },
      admin,
    );
    expect(lent.body.error).toBe("Seleziona il tipo di utilizzo");
    const asked = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(tablet), dal: day(1), al: day(2) },
      student.token,
    );
    expect(asked.body.error).toBe("Seleziona il tipo di utilizzo");
  });

  it("sends the blocked answers in the shapes the routes declare for a 403", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    blockUser(ctx, student.user.id, 3);
    const asked = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) },
      student.token,
    );
    expect(asked.status).toBe(403);
    expect(Value.Check(blockedStudentAnswer, asked.body)).toBe(true);
    const approved = await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    expect(approved.status).toBe(403);
    expect(Value.Check(blockedBorrowerAnswer, approved.body)).toBe(true);
  });

  it("answers a student's own lists as plain arrays of the declared views", async () => {
    const { client, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(3), al: day(4) });
    const requests = await client.get("/api/richieste/mie", student.token);
    const loans = await client.get("/api/prestiti/mie", student.token);
    expect((requests.body as unknown as unknown[]).map((row) => Value.Check(requestView, row))).toEqual([true, true]);
    expect((loans.body as unknown as unknown[]).map((row) => Value.Check(loanView, row))).toEqual([true]);
  });
});
