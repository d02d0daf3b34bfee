import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { penalita } from "../../db/schema";
import { DEFAULT_SETTINGS } from "../../domain/academy-settings";
import { AUTOMATIC_BLOCK_REASON } from "../../domain/loan-rules";
import { runScheduledJobs } from "../../jobs";
import { saveSettings } from "../../testing/desk-settings";
import { registerStudent } from "../../testing/harness";
import { editPayload } from "../../testing/inventory-fixtures";
import {
  auditRows,
  day,
  directLoanOk,
  type LoanScenario,
  lendCameraToStudent,
  loanRow,
  loanScenario,
  requestOk,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
  userRow,
} from "../../testing/loan-fixtures";

function requestCamera(scenario: LoanScenario, dal: string, al: string, index = 0, token = scenario.student.token) {
  return scenario.client.post(
    "/api/richieste",
    { unit_id: unitIdOf(scenario.camera, index), dal, al, note: null, tipo_utilizzo: null },
    token,
  );
}

function lendCamera(scenario: LoanScenario, start: string, end: string, index = 0) {
  return scenario.client.post(
    "/api/prestiti",
    {
      inventario_id: scenario.camera.id,
      unita_ids: [unitIdOf(scenario.camera, index)],
      utente_id: scenario.student.user.id,
      data_uscita: start,
      data_rientro: end,
      tipo_utilizzo: null,
      note: null,
    },
    scenario.admin,
  );
}

// 2026-03-10 (TODAY) is a Tuesday.
describe("the settings", () => {
  it("start with the rules PrestaLab always had and are only for the desk", async () => {
    const scenario = await loanScenario();
    const answer = await scenario.client.get("/api/impostazioni", scenario.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...DEFAULT_SETTINGS });
    expect(answer.body).toMatchObject({
      giorni_apertura: [1, 2, 3, 4, 5, 6, 7],
      chiusure: [],
      soglia_blocco: 3,
      scadenza_penalita_mesi: 0,
      giorni_ritiro: 2,
      ore_attesa: 12,
      durata_massima_giorni: null,
      prestiti_massimi_per_studente: null,
    });
    expect((await scenario.client.get("/api/impostazioni", scenario.student.token)).status).toBe(403);
    expect((await scenario.client.put("/api/impostazioni", { soglia_blocco: 9 }, scenario.student.token)).status).toBe(
      403,
    );
    expect((await scenario.client.get("/api/impostazioni")).status).toBe(401);
  });

  it("show the booking rules, not the terms or the public address, to a signed-in student", async () => {
    const scenario = await loanScenario();
    await saveSettings(scenario, { giorni_apertura: [1, 2, 3, 4, 5], durata_massima_giorni: 14 });
    const answer = await scenario.client.get("/api/impostazioni/regole", scenario.student.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ giorni_apertura: [1, 2, 3, 4, 5], durata_massima_giorni: 14 });
    expect(answer.body.testo_condizioni).toBeUndefined();
    expect((await scenario.client.get("/api/impostazioni/regole")).status).toBe(401);
  });

  it("change only the fields named, keep them in order, and write one audit row naming them", async () => {
    const scenario = await loanScenario();
    const saved = await saveSettings(scenario, {
      giorni_apertura: [5, 1, 3],
      chiusure: [
        { dal: "2026-12-24", al: "2027-01-06", motivo: " Vacanze di Natale " },
        { dal: "2026-08-01", al: "2026-08-31", motivo: "Agosto" },
      ],
      url_pubblico: "https://prestiti.accademia.it/",
    });
    expect(saved).toMatchObject({
      giorni_apertura: [1, 3, 5],
      chiusure: [
        { dal: "2026-08-01", al: "2026-08-31", motivo: "Agosto" },
        { dal: "2026-12-24", al: "2027-01-06", motivo: "Vacanze di Natale" },
      ],
      url_pubblico: "https://prestiti.accademia.it",
      soglia_blocco: 3,
    });
    expect((await scenario.client.get("/api/impostazioni", scenario.admin)).body).toEqual(saved);
    // Saving the same values again changes nothing and is not audited again.
    await saveSettings(scenario, { giorni_apertura: [1, 3, 5] });
    const rows = auditRows(scenario.ctx).filter((row) => row.entity === "settings");
    expect(rows.map((row) => row.summary)).toEqual([
      "Impostazioni modificate: giorni_apertura, chiusure, url_pubblico",
    ]);
  });

  it("refuse impossible values with an Italian message and store nothing", async () => {
    const scenario = await loanScenario();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ giorni_apertura: [] }, "Scegli almeno un giorno di apertura"],
      [{ giorni_apertura: [1, 8] }, "I giorni di apertura vanno da 1 (lunedì) a 7 (domenica), senza ripetizioni"],
      [{ giorni_apertura: ["lunedì"] }, "I giorni di apertura sono numeri da 1 (lunedì) a 7 (domenica)"],
      [
        { chiusure: [{ dal: "2026-08-31", al: "2026-08-01", motivo: "Agosto" }] },
        'La chiusura "Agosto" finisce prima di cominciare (31/08/2026 → 01/08/2026)',
      ],
      [
        { chiusure: [{ dal: "2026-02-30", al: "2026-03-01", motivo: "X" }] },
        "Ogni chiusura ha una data di inizio e una di fine",
      ],
      [{ chiusure: [{ dal: "2026-08-01", al: "2026-08-02", motivo: "  " }] }, "Indica il motivo di ogni chiusura"],
      [
        { chiusure: [{ dal: "ieri", al: "2026-08-02", motivo: "X" }] },
        "Ogni chiusura ha una data di inizio valida (AAAA-MM-GG)",
      ],
      [{ durata_massima_giorni: 0 }, "La durata massima va da 1 a 3650 giorni (vuota = nessun limite)"],
      [{ durata_massima_giorni: 2.5 }, "La durata massima è un numero intero di giorni (vuota = nessun limite)"],
      [{ soglia_blocco: 0 }, "La soglia di blocco va da 1 a 100 penalità"],
      [
        {
          scala_penalita: [
            { da_giorni: 3, strike: 1 },
            { da_giorni: 2, strike: 2 },
          ],
        },
        "I gradini della scala crescono: più giorni di ritardo, più penalità",
      ],
      [{ scala_penalita: [] }, "La scala delle penalità ha almeno un gradino"],
      [{ scadenza_penalita_mesi: -1 }, "La scadenza delle penalità va da 0 (mai) a 120 mesi"],
      [{ giorni_ritiro: 0 }, "I giorni per il ritiro vanno da 1 a 30"],
      [{ giorni_ritiro: 31 }, "I giorni per il ritiro vanno da 1 a 30"],
      [{ giorni_ritiro: "due" }, "I giorni per il ritiro sono un numero intero di giorni"],
      [{ ore_attesa: 0 }, "Le ore per confermare un posto liberato vanno da 1 a 168"],
      [
        { url_pubblico: "prestiti.accademia.it" },
        "L'URL pubblico comincia con http:// o https:// ed è un indirizzo valido",
      ],
      [{ testo_condizioni: "x".repeat(5001) }, "Il testo delle condizioni è lungo al massimo 5000 caratteri"],
    ];
    for (const [change, message] of cases) {
      const answer = await scenario.client.put("/api/impostazioni", change, scenario.admin);
      expect({ change, status: answer.status, body: answer.body }).toEqual({
        change,
        status: 400,
        body: { error: message },
      });
    }
    expect((await scenario.client.call("PUT", "/api/impostazioni", { raw: "{no", token: scenario.admin })).status).toBe(
      400,
    );
    expect((await scenario.client.get("/api/impostazioni", scenario.admin)).body).toEqual({ ...DEFAULT_SETTINGS });
    expect(auditRows(scenario.ctx).filter((row) => row.entity === "settings")).toHaveLength(0);
  });
});

describe("open days and closures", () => {
  it("refuse a request starting or ending on a closed day, naming the next open day", async () => {
    const scenario = await loanScenario();
    // Open Monday to Friday; closed from Thursday 12 to Monday 16 March for a strike.
    await saveSettings(scenario, {
      giorni_apertura: [1, 2, 3, 4, 5],
      chiusure: [{ dal: "2026-03-12", al: "2026-03-16", motivo: "Sciopero" }],
    });
    const startsClosed = await requestCamera(scenario, "2026-03-13", "2026-03-18");
    expect(startsClosed.status).toBe(400);
    expect(startsClosed.body.error).toBe(
      "Il 13/03/2026 (data di inizio) l'accademia è chiusa (Sciopero): il primo giorno di apertura è 17/03/2026",
    );
    const endsOnSunday = await requestCamera(scenario, "2026-03-17", "2026-03-22");
    expect(endsOnSunday.status).toBe(400);
    expect(endsOnSunday.body.error).toBe(
      "Il 22/03/2026 (data di fine) l'accademia è chiusa (giorno di chiusura settimanale): il primo giorno di apertura è 23/03/2026",
    );
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: "2026-03-11",
      al: "2026-03-17",
    });
  });

  it("refuse a direct loan on a closed day just the same", async () => {
    const scenario = await loanScenario();
    await saveSettings(scenario, { chiusure: [{ dal: TODAY, al: TODAY, motivo: "Inventario annuale" }] });
    const answer = await lendCamera(scenario, TODAY, day(2));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      "Il 10/03/2026 (data di inizio) l'accademia è chiusa (Inventario annuale): il primo giorno di apertura è 11/03/2026",
    );
    expect((await lendCamera(scenario, day(1), day(2))).status).toBe(200);
  });

  it("follow the shifted clock across a closure: refused inside it, accepted on the first day after", async () => {
    const scenario = await loanScenario();
    const { ctx } = scenario;
    const loanId = await directLoanOk(scenario.client, scenario.admin, {
      inventario_id: scenario.camera.id,
      unita_ids: [unitIdOf(scenario.camera, 1)],
      utente_id: scenario.classmate.user.id,
      data_rientro: day(2),
    });
    await saveSettings(scenario, { chiusure: [{ dal: day(3), al: day(6), motivo: "Vacanze di Pasqua" }] });
    travelToDay(ctx, day(4));
    // Inside the closure "today" is closed: nothing can start today, and the loan due before it is overdue.
    const today = await requestCamera(scenario, day(4), day(7));
    expect(today.status).toBe(400);
    expect(today.body.error).toContain(`il primo giorno di apertura è 17/03/2026`);
    runScheduledJobs(ctx);
    expect(loanRow(ctx, loanId)?.stato).toBe("scaduto");
    travelToDay(ctx, day(7));
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(7),
      al: day(8),
    });
    // Returned on the first open day: late by the calendar days since the due date, closure included.
    expect((await returnOk(scenario.client, scenario.admin, loanId)).giorni_ritardo).toBe(5);
  });
});

describe("the longest loan", () => {
  it("refuses an external loan longer than the academy allows, naming the limit, and counts both ends", async () => {
    const scenario = await loanScenario();
    await saveSettings(scenario, { durata_massima_giorni: 7 });
    const tooLong = await requestCamera(scenario, day(1), day(8));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("Il prestito può durare al massimo 7 giorni");
    const directTooLong = await lendCamera(scenario, TODAY, day(7));
    expect(directTooLong.status).toBe(400);
    expect(directTooLong.body.error).toBe("Il prestito può durare al massimo 7 giorni");
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(1),
      al: day(7),
    });
  });

  it("lets an item's own limit override the academy's, and an edit without it keeps it", async () => {
    const scenario = await loanScenario();
    await saveSettings(scenario, { durata_massima_giorni: 7 });
    const edited = await scenario.client.put(
      `/api/inventario/${scenario.camera.id}`,
      { ...editPayload(scenario.camera), durata_massima_giorni: 30 },
      scenario.admin,
    );
    expect(edited.status).toBe(200);
    await scenario.client.put(`/api/inventario/${scenario.camera.id}`, editPayload(scenario.camera), scenario.admin);
    const item = await scenario.client.get(`/api/inventario/${scenario.camera.id}`, scenario.admin);
    expect(item.body.durata_massima_giorni).toBe(30);
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(1),
      al: day(30),
    });
    const tooLong = await requestCamera(scenario, day(1), day(31), 1);
    expect(tooLong.body.error).toBe("Il prestito può durare al massimo 30 giorni");
    const bad = await scenario.client.put(
      `/api/inventario/${scenario.camera.id}`,
      { ...editPayload(scenario.camera), durata_massima_giorni: -3 },
      scenario.admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      "La durata massima dell'articolo va da 1 a 3650 giorni (vuota = quella dell'accademia)",
    );
  });

  it("accepts the year-long request with a 20,000-character note of the issue only without the note and the limit", async () => {
    const scenario = await loanScenario();
    const longNote = await scenario.client.post(
      "/api/richieste",
      { unit_id: unitIdOf(scenario.camera), dal: "2026-12-10", al: "2027-12-10", note: "x".repeat(20_000) },
      scenario.student.token,
    );
    expect(longNote.status).toBe(400);
    expect(longNote.body.error).toBe("Testo troppo lungo (massimo 1000 caratteri)");
    await saveSettings(scenario, { durata_massima_giorni: 60 });
    const yearLong = await requestCamera(scenario, "2026-12-10", "2027-12-10");
    expect(yearLong.status).toBe(400);
    expect(yearLong.body.error).toBe("Il prestito può durare al massimo 60 giorni");
  });
});

describe("the most a student may hold", () => {
  it("counts open loans and pending requests, answers 409 over the limit, and frees a place on cancel", async () => {
    const scenario = await loanScenario();
    const { client, student } = scenario;
    await saveSettings(scenario, { prestiti_massimi_per_studente: 2 });
    const held = (await lendCamera(scenario, TODAY, day(3), 0)).body.loanId as number;
    const pending = await requestOk(client, student.token, {
      unit_id: unitIdOf(scenario.camera, 1),
      dal: day(1),
      al: day(2),
    });
    const third = await requestCamera(scenario, day(1), day(2), 2);
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(
      "Hai già 2 tra prestiti e richieste in corso: è il massimo consentito. Restituisci qualcosa o annulla una richiesta prima di farne un'altra",
    );
    // The desk's direct loan to the same student is held to the same limit.
    const direct = await lendCamera(scenario, TODAY, day(1), 2);
    expect(direct.status).toBe(409);
    // Another student is not affected.
    expect((await requestCamera(scenario, day(1), day(2), 2, scenario.classmate.token)).status).toBe(200);
    expect((await client.delete(`/api/richieste/${pending.id}`, student.token)).status).toBe(200);
    await returnOk(client, scenario.admin, held);
    expect((await requestCamera(scenario, day(4), day(5), 0)).status).toBe(200);
  });
});

describe("strikes", () => {
  it("follow the academy's scale and threshold, and the block names the threshold", async () => {
    const scenario = await loanScenario();
    await saveSettings(scenario, {
      soglia_blocco: 2,
      scala_penalita: [
        { da_giorni: 1, strike: 2 },
        { da_giorni: 10, strike: 5 },
      ],
    });
    const loanId = await lendCameraToStudent(scenario);
    travelToDay(scenario.ctx, day(1));
    const answer = await returnOk(scenario.client, scenario.admin, loanId);
    expect(answer.penalty).toEqual({ strike_assegnati: 2, totale: 2, bloccato: true });
    expect(userRow(scenario.ctx, scenario.student.user.id)).toMatchObject({
      isBlocked: true,
      blockedReason: "Blocco automatico: 2 o più penalità per ritardi nella restituzione",
    });
  });

  it("keep the default scale and block at three when nothing is set", async () => {
    const scenario = await loanScenario();
    const loanId = await lendCameraToStudent(scenario);
    travelToDay(scenario.ctx, day(8));
    expect((await returnOk(scenario.client, scenario.admin, loanId)).penalty).toEqual({
      strike_assegnati: 3,
      totale: 3,
      bloccato: true,
    });
    expect(userRow(scenario.ctx, scenario.student.user.id).blockedReason).toBe(AUTOMATIC_BLOCK_REASON);
  });

  it("expire after the set months without lateness on the shifted clock, keeping the history and the block", async () => {
    const scenario = await loanScenario();
    const { ctx, client, admin, student } = scenario;
    const lateLoan = async (index: number) => {
      const loanId = await directLoanOk(client, admin, {
        inventario_id: scenario.camera.id,
        unita_ids: [unitIdOf(scenario.camera, index)],
        utente_id: student.user.id,
      });
      travelToDay(ctx, ctx.clock.today() === TODAY ? day(1) : "2026-04-20");
      await returnOk(client, admin, loanId);
    };
    await lateLoan(0); // one strike on 11/03
    await saveSettings(scenario, { scadenza_penalita_mesi: 2 });
    travelToDay(ctx, "2026-04-19");
    await lateLoan(1); // another on 20/04: the two months count from here
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(2);
    travelToDay(ctx, "2026-06-19");
    runScheduledJobs(ctx);
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(2);
    travelToDay(ctx, "2026-06-20");
    runScheduledJobs(ctx);
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(0);
    const history = ctx.db.select().from(penalita).where(eq(penalita.utenteId, student.user.id)).all();
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.azzerataAt !== null)).toBe(true);
  });

  it("never expire when the months are 0", async () => {
    const scenario = await loanScenario();
    const { ctx, student } = scenario;
    const loanId = await lendCameraToStudent(scenario);
    travelToDay(ctx, day(2));
    await returnOk(scenario.client, scenario.admin, loanId);
    travelToDay(ctx, "2030-01-01");
    runScheduledJobs(ctx);
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(1);
  });
});

describe("courses", () => {
  it("are added, renamed and archived by the desk, and GET /api/corsi lists the active ones", async () => {
    const scenario = await loanScenario();
    const { client, admin, ctx } = scenario;
    const added = await client.post("/api/corsi", { nome: "  Scenografia  " }, admin);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: expect.any(Number), nome: "Scenografia", archiviato: false });
    expect((await client.post("/api/corsi", { nome: "scenografia" }, admin)).body).toEqual({
      error: 'Esiste già il corso "Scenografia"',
    });
    expect((await client.post("/api/corsi", { nome: "" }, admin)).body.error).toBe(
      "Il nome del corso è obbligatorio (al massimo 100 caratteri)",
    );
    expect((await client.post("/api/corsi", { nome: "Teatro" }, scenario.student.token)).status).toBe(403);
    const archived = await client.put(`/api/corsi/${added.body.id}`, { archiviato: true }, admin);
    expect(archived.body).toMatchObject({ nome: "Scenografia", archiviato: true });
    const active = (await client.get("/api/corsi")).body.map((course: { nome: string }) => course.nome);
    expect(active).toHaveLength(8);
    expect(active).not.toContain("Scenografia");
    const all = await client.get("/api/corsi/tutti", admin);
    expect(all.body.find((course: { nome: string }) => course.nome === "Scenografia")?.archiviato).toBe(true);
    expect((await client.put("/api/corsi/999", { nome: "X" }, admin)).status).toBe(404);
    expect(
      auditRows(ctx)
        .filter((row) => row.entity === "course")
        .map((row) => row.summary),
    ).toEqual(['Aggiunto il corso "Scenografia"', 'Corso "Scenografia" archiviato']);
  });

  it("archived, keep their students and items but take no new registrations", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const fotografia = (await client.get("/api/corsi")).body.find(
      (course: { nome: string }) => course.nome === "Fotografia",
    );
    await client.put(`/api/corsi/${fotografia.id}`, { archiviato: true }, admin);
    const refused = await client.post("/api/auth/register", {
      name: "Nuovo",
      surname: "Iscritto",
      email: "nuovo@accademia.it",
      password: "Obiettivo-50mm",
      matricola: "N0001",
      corso_accademico: "Fotografia",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Corso accademico non valido");
    // The existing student still sees and books the course's items, and the desk can still edit them.
    await requestOk(client, student.token, { unit_id: unitIdOf(scenario.camera), dal: day(1), al: day(2) });
    const edit = await client.put(
      `/api/auth/users/${student.user.id}`,
      { ...student.user, corso_accademico: "Fotografia", phone: "333" },
      admin,
    );
    expect(edit.status).toBe(200);
  });

  it("renamed, carry their students along", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const fotografia = (await client.get("/api/corsi")).body.find(
      (course: { nome: string }) => course.nome === "Fotografia",
    );
    const renamed = await client.put(`/api/corsi/${fotografia.id}`, { nome: "Fotografia e Immagine" }, admin);
    expect(renamed.status).toBe(200);
    expect(userRow(scenario.ctx, student.user.id).corsoAccademico).toBe("Fotografia e Immagine");
    await requestOk(client, student.token, { unit_id: unitIdOf(scenario.camera), dal: day(1), al: day(2) });
    await registerStudent(client, { corso_accademico: "Fotografia e Immagine" });
  });
});
