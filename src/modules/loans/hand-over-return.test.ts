import { describe, expect, it } from "bun:test";
import { and, eq } from "drizzle-orm";
import { notifiche, penalita, prestitiUnita, riparazioni, segnalazioni, users } from "../../db/schema";
import { runScheduledJobs } from "../../jobs";
import type { Json } from "../../testing/harness";
import {
  approveOk,
  day,
  directLoanOk,
  handOverOk,
  type LoanScenario,
  loanRow,
  loanScenario,
  requestOk,
  travelToDay,
  unitIdOf,
  unitStates,
  userRow,
} from "../../testing/loan-fixtures";
import { markOverdueLoans } from "./overdue-job";

/** A direct loan of the camera's first two units to Giulia, from `from` to `to`, not yet collected. */
async function uncollectedLoan(scenario: LoanScenario, from = day(0), to = day(2)) {
  const { client, admin, camera, student } = scenario;
  return directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
    utente_id: student.user.id,
    data_uscita: from,
    data_rientro: to,
    consegna: false,
  });
}

async function loanOf(scenario: LoanScenario, id: number, token = scenario.admin): Promise<Json> {
  const list = await scenario.client.get("/api/prestiti?all=1", token);
  const loan = (list.body as Json[]).find((candidate) => candidate.id === id);
  if (!loan) throw new Error(`loan ${id} not listed`);
  return loan;
}

describe("handing a loan over", () => {
  it("is its own step: the loan waits to be collected, then the desk records who handed it over and when", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const id = await uncollectedLoan(scenario);
    const before = await loanOf(scenario, id);
    expect(before).toMatchObject({ stato: "attivo", fase: "da_ritirare", consegnato_il: null, consegnato_da: null });
    // The student's own list says the same.
    const mine = (await client.get("/api/prestiti/mie", student.token)).body as Json[];
    expect(mine.find((loan) => loan.id === id)?.fase).toBe("da_ritirare");

    const answer = await client.put(`/api/prestiti/${id}/consegna`, undefined, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.prestito).toMatchObject({ fase: "attivo", consegnato_da: "Marta Bianchi" });
    expect(loanRow(scenario.ctx, id)?.consegnatoIl?.slice(0, 16)).toBe("2026-03-10T09:00");
  });

  it("answers 409 the second time, and changes nothing", async () => {
    const scenario = await loanScenario();
    const id = await uncollectedLoan(scenario);
    await handOverOk(scenario.client, scenario.admin, id);
    const handedOverAt = loanRow(scenario.ctx, id)?.consegnatoIl;
    scenario.ctx.clock.travelTo(new Date("2026-03-10T11:00:00Z"));
    const again = await scenario.client.put(`/api/prestiti/${id}/consegna`, undefined, scenario.admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Il prestito è già stato consegnato");
    expect(loanRow(scenario.ctx, id)?.consegnatoIl).toBe(handedOverAt ?? "");
  });

  it("is allowed from the start day on, not before", async () => {
    const scenario = await loanScenario();
    const id = await uncollectedLoan(scenario, day(2), day(4));
    const early = await scenario.client.put(`/api/prestiti/${id}/consegna`, undefined, scenario.admin);
    expect(early.status).toBe(409);
    expect(early.body.error).toContain("dal giorno di inizio");
    travelToDay(scenario.ctx, day(3));
    expect((await scenario.client.put(`/api/prestiti/${id}/consegna`, undefined, scenario.admin)).status).toBe(200);
  });

  it("happens in the same action as a direct loan starting today, and only then", async () => {
    const { client, admin, camera, student } = await loanScenario();
    const body = { inventario_id: camera.id, unita_ids: [unitIdOf(camera, 2)], utente_id: student.user.id, chi: "" };
    const now = await client.post(
      "/api/prestiti",
      { ...body, data_uscita: day(0), data_rientro: day(1), consegna: true },
      admin,
    );
    expect(now.status).toBe(200);
    expect(now.body.loan).toMatchObject({ fase: "attivo", consegnato_da: "Marta Bianchi" });
    const later = await client.post(
      "/api/prestiti",
      { ...body, data_uscita: day(3), data_rientro: day(4), consegna: true },
      admin,
    );
    expect(later.status).toBe(400);
    expect(later.body.error).toBe("La consegna immediata è possibile solo per un prestito che inizia oggi");
  });

  it("is for the desk only, with a clear answer for an unknown or malformed loan", async () => {
    const scenario = await loanScenario();
    const id = await uncollectedLoan(scenario);
    expect((await scenario.client.put(`/api/prestiti/${id}/consegna`, undefined, scenario.student.token)).status).toBe(
      403,
    );
    expect((await scenario.client.put("/api/prestiti/999/consegna", undefined, scenario.admin)).body).toEqual({
      error: "Prestito non trovato",
    });
    const malformed = await scenario.client.put("/api/prestiti/abc/consegna", undefined, scenario.admin);
    expect(malformed).toMatchObject({ status: 400, body: { error: "Prestito non valido" } });
  });
});

describe("a loan nobody collected", () => {
  it("is never late, never overdue and never holds back the student's next request", async () => {
    const scenario = await loanScenario();
    const { client, ctx, student, camera } = scenario;
    const id = await uncollectedLoan(scenario, day(0), day(1));
    travelToDay(ctx, day(6));
    markOverdueLoans(ctx);
    expect(loanRow(ctx, id)?.stato).toBe("attivo");
    expect(await loanOf(scenario, id)).toMatchObject({ stato: "attivo", fase: "da_ritirare", giorni_ritardo: 0 });
    expect((await client.get("/api/avvisi", scenario.admin)).body.prestiti_scaduti).toEqual([]);
    const overdueList = await client.get("/api/prestiti?all=1&stato=scaduto&pagina=1", scenario.admin);
    expect(overdueList.body.totale).toBe(0);
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 2), dal: day(6), al: day(7) });
  });

  it("can be cancelled: the units are free again, the history keeps it, and no strike is ever given", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, student } = scenario;
    const id = await uncollectedLoan(scenario, day(0), day(1));
    travelToDay(ctx, day(9));
    expect(await unitStates(client, admin, camera.id)).toMatchObject({
      [camera.unita[0].codice_univoco]: "prestato",
    });
    const answer = await client.put(`/api/prestiti/${id}/annulla`, undefined, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.prestito).toMatchObject({ stato: "restituito", fase: "annullato", giorni_ritardo: 0 });
    expect(Object.values(await unitStates(client, admin, camera.id))).toEqual([
      "disponibile",
      "disponibile",
      "disponibile",
    ]);
    expect(ctx.db.select().from(penalita).where(eq(penalita.prestitoId, id)).all()).toEqual([]);
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(0);
    expect((await loanOf(scenario, id)).annullato_il?.slice(0, 16)).toBe("2026-03-19T09:00");
  });

  it("cannot be cancelled once handed over (409), nor twice", async () => {
    const scenario = await loanScenario();
    const handedOver = await uncollectedLoan(scenario);
    await handOverOk(scenario.client, scenario.admin, handedOver);
    const refused = await scenario.client.put(`/api/prestiti/${handedOver}/annulla`, undefined, scenario.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Il prestito è già stato consegnato: registra la restituzione invece di annullarlo",
    );
    const other = await directLoanOk(scenario.client, scenario.admin, {
      inventario_id: scenario.tablet.id,
      unita_ids: [unitIdOf(scenario.tablet)],
      utente_id: scenario.student.user.id,
      tipo_utilizzo: "esterno",
      consegna: false,
    });
    expect((await scenario.client.put(`/api/prestiti/${other}/annulla`, undefined, scenario.admin)).status).toBe(200);
    expect((await scenario.client.put(`/api/prestiti/${other}/annulla`, undefined, scenario.admin)).status).toBe(409);
    expect((await scenario.client.put(`/api/prestiti/${other}/consegna`, undefined, scenario.admin)).status).toBe(409);
  });

  it("approved from a request waits for the student at the desk", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(0), al: day(1) });
    const approved = await approveOk(client, admin, request.id, { handOver: false });
    expect((await loanOf(scenario, approved.loanId)).fase).toBe("da_ritirare");
  });
});

describe("returning with care", () => {
  it("frees only the units given back; the loan ends with its last unit", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    const id = await uncollectedLoan(scenario);
    await handOverOk(client, admin, id);
    const [first, second] = [unitIdOf(camera, 0), unitIdOf(camera, 1)];
    const partial = await client.put(`/api/prestiti/${id}/restituisci`, { unita_ids: [first] }, admin);
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ concluso: false, prestito: { stato: "attivo", unita_restituite: [first] } });
    expect(await unitStates(client, admin, camera.id)).toEqual({
      [camera.unita[0].codice_univoco]: "disponibile",
      [camera.unita[1].codice_univoco]: "prestato",
      [camera.unita[2].codice_univoco]: "disponibile",
    });
    // The unit given back can be lent again at once, the other cannot.
    const body = { inventario_id: camera.id, chi: "Luca Verdi", data_uscita: day(0), data_rientro: day(0) };
    expect((await client.post("/api/prestiti", { ...body, unita_ids: [first] }, admin)).status).toBe(200);
    expect((await client.post("/api/prestiti", { ...body, unita_ids: [second] }, admin)).status).toBe(409);
    const again = await client.put(`/api/prestiti/${id}/restituisci`, { unita_ids: [first] }, admin);
    expect(again.status).toBe(409);
    const rest = await client.put(`/api/prestiti/${id}/restituisci`, undefined, admin);
    expect(rest.body).toMatchObject({ concluso: true, prestito: { stato: "restituito" } });
    expect(ctx.db.select().from(prestitiUnita).where(eq(prestitiUnita.prestitoId, id)).all()).toMatchObject([
      { restituitaIl: day(0), condizione: "ok" },
      { restituitaIl: day(0), condizione: "ok" },
    ]);
  });

  it("counts lateness once per loan, at its last return", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, student } = scenario;
    const id = await uncollectedLoan(scenario, day(0), day(1));
    await handOverOk(client, admin, id);
    travelToDay(ctx, day(4));
    const partial = await client.put(`/api/prestiti/${id}/restituisci`, { unita_ids: [unitIdOf(camera, 0)] }, admin);
    expect(partial.body).toMatchObject({ giorni_ritardo: 3, strike: 0, penalty: null });
    travelToDay(ctx, day(6));
    const last = await client.put(`/api/prestiti/${id}/restituisci`, { unita_ids: [unitIdOf(camera, 1)] }, admin);
    expect(last.body).toMatchObject({ giorni_ritardo: 5, strike: 2, penalty: { strike_assegnati: 2, totale: 2 } });
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(2);
  });

  it("previews exactly the lateness, strikes and block the return then gives", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student } = scenario;
    // One strike from an earlier year: two more block the account.
    ctx.db.update(users).set({ penaltyStrikes: 1 }).where(eq(users.id, student.user.id)).run();
    const id = await uncollectedLoan(scenario, day(0), day(1));
    await handOverOk(client, admin, id);
    for (const [offset, expected] of [
      [1, { giorni_ritardo: 0, strike: 0, blocco: false }],
      [3, { giorni_ritardo: 2, strike: 1, blocco: false }],
      [6, { giorni_ritardo: 5, strike: 2, blocco: true }],
    ] as const) {
      travelToDay(ctx, day(offset));
      const preview = await client.get(`/api/prestiti/${id}/anteprima-restituzione`, admin);
      expect(preview.body).toEqual({ ...expected, unita_rimanenti: 0 });
    }
    const preview = (await client.get(`/api/prestiti/${id}/anteprima-restituzione`, admin)).body;
    const returned = await client.put(`/api/prestiti/${id}/restituisci`, undefined, admin);
    expect({
      giorni_ritardo: returned.body.giorni_ritardo,
      strike: returned.body.penalty.strike_assegnati,
      blocco: returned.body.penalty.bloccato,
    }).toEqual({ giorni_ritardo: preview.giorni_ritardo, strike: preview.strike, blocco: preview.blocco });
    expect(userRow(ctx, student.user.id)).toMatchObject({ penaltyStrikes: 3, isBlocked: true });
  });

  it("previews a partial return as giving no strike yet", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    const id = await uncollectedLoan(scenario, day(0), day(1));
    await handOverOk(client, admin, id);
    travelToDay(ctx, day(5));
    const preview = await client.get(`/api/prestiti/${id}/anteprima-restituzione?unita=${unitIdOf(camera, 1)}`, admin);
    expect(preview.body).toEqual({ giorni_ritardo: 4, strike: 0, blocco: false, unita_rimanenti: 1 });
    const odd = await client.get(`/api/prestiti/${id}/anteprima-restituzione?unita=uno`, admin);
    expect(odd).toMatchObject({ status: 400, body: { error: "Unità non valide" } });
  });

  it("opens a fault report and a repair for a damaged unit in the same action", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, student } = scenario;
    const id = await uncollectedLoan(scenario);
    await handOverOk(client, admin, id);
    const noNote = await client.put(
      `/api/prestiti/${id}/restituisci`,
      { unita_ids: [unitIdOf(camera, 0)], condizione: "danneggiato" },
      admin,
    );
    expect(noNote).toMatchObject({ status: 400, body: { error: "Descrivi il danno" } });
    const answer = await client.put(
      `/api/prestiti/${id}/restituisci`,
      { unita_ids: [unitIdOf(camera, 0)], condizione: "danneggiato", nota: "Ghiera dello zoom bloccata" },
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.riparazioni_ids).toHaveLength(1);
    const [repair] = ctx.db.select().from(riparazioni).all();
    const [report] = ctx.db.select().from(segnalazioni).all();
    expect(repair).toMatchObject({ unitId: unitIdOf(camera, 0), stato: "in_corso", segnalazioneId: report?.id });
    expect(repair?.descrizione).toContain("Ghiera dello zoom bloccata");
    expect(report).toMatchObject({
      tipo: "danneggiamento",
      prestitoId: id,
      userId: student.user.id,
      riparazioneId: repair?.id,
      stato: "in_corso",
    });
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("in_riparazione");
  });

  it("records an incomplete return with what is missing, and refuses a condition it does not know", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const id = await uncollectedLoan(scenario);
    await handOverOk(client, admin, id);
    const unknown = await client.put(`/api/prestiti/${id}/restituisci`, { condizione: "rotto" }, admin);
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: "Condizione non valida: tutto ok, danneggiato o incompleto" },
    });
    const malformed = await client.call("PUT", `/api/prestiti/${id}/restituisci`, { raw: "{unita", token: admin });
    // Malformed JSON is refused by the body guard, as on every route (after the auth check).
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: "Richiesta non valida: il corpo non è un JSON corretto" },
    });
    expect(loanRow(ctx, id)?.stato).toBe("attivo");
    const answer = await client.put(
      `/api/prestiti/${id}/restituisci`,
      { condizione: "incompleto", nota: "Manca il caricatore" },
      admin,
    );
    expect(answer.status).toBe(200);
    expect(
      ctx.db
        .select()
        .from(prestitiUnita)
        .all()
        .map((link) => link.notaRientro),
    ).toEqual(["Manca il caricatore", "Manca il caricatore"]);
    expect(ctx.db.select().from(riparazioni).all()).toEqual([]);
  });

  it("ends a loan never handed over by cancelling it, as annulla does: 200, units free, no strike", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, student } = scenario;
    const started = await uncollectedLoan(scenario, day(0), day(1));
    const future = await directLoanOk(client, admin, {
      inventario_id: scenario.tablet.id,
      unita_ids: [unitIdOf(scenario.tablet)],
      utente_id: student.user.id,
      tipo_utilizzo: "esterno",
      data_uscita: day(3),
      data_rientro: day(4),
    });
    // Days past its due date: still nothing late, since nothing left the desk.
    travelToDay(ctx, day(6));
    for (const id of [started, future]) {
      const answer = await client.put(`/api/prestiti/${id}/restituisci`, undefined, admin);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          message: "Prestito annullato: non era mai stato consegnato",
          concluso: true,
          giorni_ritardo: 0,
          strike: 0,
          penalty: null,
          prestito: { id, stato: "restituito", fase: "annullato", consegnato_il: null },
        },
      });
      expect(loanRow(ctx, id)?.annullatoDa).toBe(scenario.adminUser.id);
    }
    expect(Object.values(await unitStates(client, admin, camera.id))).toEqual([
      "disponibile",
      "disponibile",
      "disponibile",
    ]);
    expect(ctx.db.select().from(penalita).all()).toEqual([]);
    // Ended once: a second call finds nothing open.
    expect((await client.put(`/api/prestiti/${started}/restituisci`, undefined, admin)).status).toBe(409);
  });
});

describe("the spec's direct loan (no consegna in the body)", () => {
  /** The payload existing clients send: the borrower by name, no hand-over field. */
  function specLoan(scenario: LoanScenario, from: string, to: string, extra: Record<string, unknown> = {}) {
    return scenario.client.post(
      "/api/prestiti",
      {
        inventario_id: scenario.camera.id,
        chi: "Giulia Rossi",
        data_uscita: from,
        data_rientro: to,
        unita_ids: [unitIdOf(scenario.camera, 0)],
        tipo_utilizzo: null,
        note: null,
        ...extra,
      },
      scenario.admin,
    );
  }

  it("starting today is handed over at once, becomes scaduto after its due date and earns strikes", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student } = scenario;
    const created = await specLoan(scenario, day(0), day(1));
    expect(created.status).toBe(200);
    expect(created.body.loan).toMatchObject({ fase: "attivo", consegnato_da: "Marta Bianchi" });
    const id = created.body.loanId as number;

    travelToDay(ctx, day(6));
    markOverdueLoans(ctx);
    expect(loanRow(ctx, id)?.stato).toBe("scaduto");
    const alerts = (await client.get("/api/avvisi", admin)).body;
    expect(alerts.prestiti_scaduti).toMatchObject([{ id, giorni_ritardo: 5 }]);

    const returned = await client.put(`/api/prestiti/${id}/restituisci`, undefined, admin);
    expect(returned.body).toMatchObject({ giorni_ritardo: 5, strike: 2, penalty: { strike_assegnati: 2 } });
    expect(userRow(ctx, student.user.id).penaltyStrikes).toBe(2);
  });

  it("stays to be collected with consegna: false, and when it starts in the future", async () => {
    const scenario = await loanScenario();
    const optedOut = await specLoan(scenario, day(0), day(1), { consegna: false });
    expect(optedOut.body.loan).toMatchObject({ fase: "da_ritirare", consegnato_il: null });
    const future = await specLoan(scenario, day(3), day(4), { unita_ids: [unitIdOf(scenario.camera, 1)] });
    expect(future.body.loan).toMatchObject({ fase: "da_ritirare", consegnato_il: null });
  });
});

describe("a loan nobody comes to collect", () => {
  /** Giulia's request for the camera from today, approved and not collected. */
  async function approvedNotCollected(scenario: LoanScenario) {
    const { client, admin, student, camera } = scenario;
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(0), al: day(4) });
    return (await approveOk(client, admin, request.id, { handOver: false })).loanId as number;
  }

  it("is a 'Da ritirare' alert from the day after its start, within the days to collect it", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const id = await approvedNotCollected(scenario);
    const alertsOn = async (offset: number) => {
      travelToDay(ctx, day(offset));
      return (await client.get("/api/avvisi", admin)).body;
    };
    expect((await alertsOn(0)).da_ritirare).toEqual([]);
    const nextDay = await alertsOn(1);
    expect(nextDay.da_ritirare).toMatchObject([
      { id, oggetto_nome: "Fotocamera Canon", utente_nome: "Giulia Rossi", data_uscita: day(0), giorni_ritardo: 0 },
    ]);
    expect(nextDay.totale_avvisi).toBe(1);
    expect((await alertsOn(2)).da_ritirare).toHaveLength(1);
    // The student sees it among their own alerts too.
    expect((await client.get("/api/avvisi/utente", scenario.student.token)).body.da_ritirare).toMatchObject([{ id }]);
    await handOverOk(client, admin, id);
    expect((await alertsOn(2)).da_ritirare).toEqual([]);
  });

  it("is cancelled by the periodic job after giorni_ritiro days: units free, the student told", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, student } = scenario;
    const id = await approvedNotCollected(scenario);
    const notices = () =>
      ctx.db
        .select()
        .from(notifiche)
        .where(and(eq(notifiche.utenteId, student.user.id), eq(notifiche.tipo, "prestito_annullato")))
        .all();

    // Default giorni_ritiro 2: the start day and two more to collect it.
    travelToDay(ctx, day(2));
    runScheduledJobs(ctx);
    expect(loanRow(ctx, id)?.annullatoIl).toBeNull();
    travelToDay(ctx, day(3));
    runScheduledJobs(ctx);
    expect(loanRow(ctx, id)).toMatchObject({ stato: "restituito", annullatoDa: null });
    expect(loanRow(ctx, id)?.annullatoIl?.slice(0, 10)).toBe(day(3));
    expect(await loanOf(scenario, id)).toMatchObject({ fase: "annullato", giorni_ritardo: 0 });
    expect(Object.values(await unitStates(client, admin, camera.id))).toEqual([
      "disponibile",
      "disponibile",
      "disponibile",
    ]);
    expect(notices()).toMatchObject([
      {
        titolo: "Prestito annullato",
        messaggio: `Il prestito #${id} di Fotocamera Canon (dal 10/03/2026 al 14/03/2026) è stato annullato: non è stato ritirato entro 2 giorni dall'inizio.`,
      },
    ]);
    expect(ctx.db.select().from(penalita).all()).toEqual([]);
    // Run again: nothing more happens, nobody is told twice.
    runScheduledJobs(ctx);
    expect(notices()).toHaveLength(1);
  });

  it("follows the setting giorni_ritiro", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    expect((await client.put("/api/impostazioni", { giorni_ritiro: 1 }, admin)).status).toBe(200);
    const id = await approvedNotCollected(scenario);
    travelToDay(ctx, day(2));
    runScheduledJobs(ctx);
    expect(loanRow(ctx, id)?.stato).toBe("restituito");
  });
});
