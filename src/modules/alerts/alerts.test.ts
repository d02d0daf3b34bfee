import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { createItem, insertRepair } from "../../testing/inventory-fixtures";
import {
  day,
  directLoanOk,
  type LoanScenario,
  loanScenario,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

/** An item of `total` units with all but `available` of them lent out today. */
async function itemWithAvailability(scenario: LoanScenario, nome: string, total: number, available: number) {
  const item = await createItem(scenario.client, scenario.admin, { nome, quantita_totale: total });
  const lent = (item.unita as Json[]).slice(0, total - available).map((unit) => unit.id as number);
  if (lent.length)
    await directLoanOk(scenario.client, scenario.admin, {
      inventario_id: item.id,
      unita_ids: lent,
      chi: "Luca Verdi",
      data_rientro: day(5),
    });
  return item;
}

async function adminAlerts(scenario: LoanScenario) {
  const answer = await scenario.client.get("/api/avvisi", scenario.admin);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("low stock alerts", () => {
  it("starts with nothing to report on a fully available inventory", async () => {
    const scenario = await loanScenario();
    expect(await adminAlerts(scenario)).toEqual({
      scorte_basse: [],
      prestiti_scaduti: [],
      scadenze_oggi: [],
      scadenze_domani: [],
      da_ritirare: [],
      totale_avvisi: 0,
      totali: { scorte_basse: 0, prestiti_scaduti: 0, scadenze_oggi: 0, scadenze_domani: 0, da_ritirare: 0 },
    });
  });

  it("lists exactly the items short by the academy's thresholds, with their level and share", async () => {
    const scenario = await loanScenario();
    // [total q, available n, expected stato_scorte or null when not low]
    const cases: Array<[number, number, string | null]> = [
      [1, 0, "esaurito"],
      [1, 1, null],
      [2, 0, "esaurito"],
      [2, 1, null],
      [3, 1, "attenzione"],
      [5, 1, "attenzione"],
      [4, 2, null],
      [5, 2, null],
      [10, 2, "scarseggia"],
      [10, 3, "si_sta_esaurendo"],
      [10, 4, null],
    ];
    const items = [];
    for (const [total, available, level] of cases)
      items.push({
        item: await itemWithAvailability(scenario, `Articolo ${total}-${available}`, total, available),
        total,
        available,
        level,
      });
    const { scorte_basse } = await adminAlerts(scenario);
    const byId = new Map((scorte_basse as Json[]).map((alert) => [alert.id, alert]));
    for (const { item, total, available, level } of items) {
      const alert = byId.get(item.id);
      if (level === null) {
        expect({ item: item.nome, alert }).toEqual({ item: item.nome, alert: undefined });
        continue;
      }
      expect(alert).toMatchObject({
        nome: item.nome,
        unita_disponibili: available,
        stato_scorte: level,
        percentuale_disponibile: Math.round((available / total) * 100),
      });
      expect(alert?.motivo).toBeString();
      expect(alert?.motivo).not.toBe("");
    }
    expect(scorte_basse).toHaveLength(cases.filter(([, , level]) => level !== null).length);
  });

  it("explains each level in words", async () => {
    const scenario = await loanScenario();
    const empty = await itemWithAvailability(scenario, "Flash", 2, 0);
    const last = await itemWithAvailability(scenario, "Obiettivo", 4, 1);
    const { scorte_basse } = await adminAlerts(scenario);
    const motivoOf = (id: number) => (scorte_basse as Json[]).find((alert) => alert.id === id)?.motivo;
    expect(motivoOf(empty.id)).toBe("Nessuna unità disponibile");
    expect(motivoOf(last.id)).toContain("1 unità disponibile su 4");
  });

  it("counts units in repair or reserved today as not available", async () => {
    const scenario = await loanScenario();
    const { client, ctx, student, camera } = scenario;
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 0) });
    await client.post("/api/richieste", { unit_id: unitIdOf(camera, 1), dal: day(0), al: day(1) }, student.token);
    const { scorte_basse } = await adminAlerts(scenario);
    expect(scorte_basse).toEqual([
      expect.objectContaining({
        id: camera.id,
        unita_disponibili: 1,
        stato_scorte: "attenzione",
        percentuale_disponibile: 33,
      }),
    ]);
  });

  it("forgets archived items", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    const broken = await createItem(client, admin, { nome: "Vecchio proiettore", quantita_totale: 1 });
    await client.put(`/api/inventario/${broken.id}/units/${unitIdOf(broken)}`, { perso: true }, admin);
    expect((await adminAlerts(scenario)).scorte_basse.map((alert: Json) => alert.id)).toEqual([broken.id]);
    expect((await client.delete(`/api/inventario/${broken.id}`, admin)).status).toBe(200);
    expect((await adminAlerts(scenario)).scorte_basse).toEqual([]);
  });
});

describe("loan alerts", () => {
  /** Four open loans due today+0..3 and one returned, seen the next day. */
  async function loansDueOverTheWeek() {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, classmate } = scenario;
    const tripod = await createItem(client, admin, { nome: "Treppiede", quantita_totale: 10 });
    const lend = (unit: number, due: string, borrower: { utente_id?: number; chi?: string }) =>
      directLoanOk(client, admin, {
        inventario_id: tripod.id,
        unita_ids: [unitIdOf(tripod, unit)],
        data_rientro: due,
        ...borrower,
      });
    const overdue = await lend(0, TODAY, { utente_id: student.user.id });
    const dueToday = await lend(1, day(1), { utente_id: classmate.user.id });
    const dueTomorrow = await lend(2, day(2), { utente_id: student.user.id });
    const later = await lend(3, day(3), { chi: "  luca VERDI " });
    const returned = await lend(4, day(1), { utente_id: student.user.id });
    await returnOk(client, admin, returned);
    travelToDay(ctx, day(1));
    return { ...scenario, tripod, overdue, dueToday, dueTomorrow, later, returned };
  }

  it("lists overdue loans with lateness and borrower, and loans due today and tomorrow", async () => {
    const scenario = await loansDueOverTheWeek();
    const alerts = await adminAlerts(scenario);
    expect(alerts.prestiti_scaduti).toEqual([
      expect.objectContaining({
        id: scenario.overdue,
        oggetto_nome: "Treppiede",
        utente_nome: "Giulia Rossi",
        utente_email: scenario.student.user.email,
        data_rientro: TODAY,
        giorni_ritardo: 1,
      }),
    ]);
    expect(alerts.scadenze_oggi.map((loan: Json) => loan.id)).toEqual([scenario.dueToday]);
    expect(alerts.scadenze_oggi[0]).toMatchObject({
      utente_nome: "Luca Verdi",
      data_rientro: day(1),
      giorni_ritardo: 0,
    });
    expect(alerts.scadenze_domani.map((loan: Json) => loan.id)).toEqual([scenario.dueTomorrow]);
    expect(alerts.totale_avvisi).toBe(
      alerts.scorte_basse.length +
        alerts.prestiti_scaduti.length +
        alerts.scadenze_oggi.length +
        alerts.scadenze_domani.length,
    );
    expect(alerts.totale_avvisi).toBe(3);
  });

  it("cuts each list to its first N with ?limite=N, in the same order, and keeps every count whole", async () => {
    const scenario = await loansDueOverTheWeek();
    await itemWithAvailability(scenario, "Flash", 1, 0);
    await itemWithAvailability(scenario, "Cavalletto", 1, 0);
    travelToDay(scenario.ctx, day(4));
    const whole = await adminAlerts(scenario);
    const cut = (await scenario.client.get("/api/avvisi?limite=1", scenario.admin)).body;
    expect(whole.prestiti_scaduti).toHaveLength(4);
    expect(whole.scorte_basse.length).toBeGreaterThanOrEqual(2);
    for (const kind of ["scorte_basse", "prestiti_scaduti", "scadenze_oggi", "scadenze_domani", "da_ritirare"]) {
      expect(cut[kind]).toEqual(whole[kind].slice(0, 1));
      expect(cut.totali[kind]).toBe(whole[kind].length);
      expect(whole.totali[kind]).toBe(whole[kind].length);
    }
    expect(cut.totale_avvisi).toBe(whole.totale_avvisi);
    for (const wrong of ["0", "101", "tre", "-1"]) {
      const refused = await scenario.client.get(`/api/avvisi?limite=${wrong}`, scenario.admin);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("Limite non valido (da 1 a 100)");
    }
  });

  it("counts the loans due today and tomorrow whole under ?limite, leaving out those nobody collected", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const tripod = await createItem(client, admin, { nome: "Treppiede", quantita_totale: 6 });
    const lend = (unit: number, body: Record<string, unknown>) =>
      directLoanOk(client, admin, {
        inventario_id: tripod.id,
        unita_ids: [unitIdOf(tripod, unit)],
        chi: "Luca Verdi",
        ...body,
      });
    const dueToday = [await lend(0, { data_rientro: day(1) }), await lend(1, { data_rientro: day(1) })];
    const dueTomorrow = await lend(2, { data_rientro: day(2) });
    // Booked from today and never collected: told as to collect tomorrow, not as due.
    const notCollected = [
      await lend(3, { data_rientro: day(1), consegna: false }),
      await lend(4, { data_rientro: day(2), consegna: false }),
    ];
    // Starts tomorrow and is due the same day: due, though not collected yet.
    const startsTomorrow = await lend(5, { data_uscita: day(1), data_rientro: day(1) });
    travelToDay(ctx, day(1));
    const whole = await adminAlerts(scenario);
    expect(whole.scadenze_oggi.map((loan: Json) => loan.id).sort()).toEqual([...dueToday, startsTomorrow].sort());
    expect(whole.scadenze_domani.map((loan: Json) => loan.id)).toEqual([dueTomorrow]);
    expect(whole.da_ritirare.map((loan: Json) => loan.id)).toEqual(notCollected);
    const cut = (await client.get("/api/avvisi?limite=1", admin)).body;
    expect(cut.totali).toMatchObject({ scadenze_oggi: 3, scadenze_domani: 1, da_ritirare: 2 });
    // The desk extends a loan due today to tomorrow: both days' counts follow.
    const extended = await client.put(`/api/prestiti/${dueToday[0]}/proroga`, { al: day(2) }, admin);
    expect(extended.status).toBe(200);
    expect((await client.get("/api/avvisi?limite=1", admin)).body.totali).toMatchObject({
      scadenze_oggi: 2,
      scadenze_domani: 2,
    });
  });

  it("grows the lateness day by day until the loan is back", async () => {
    const scenario = await loansDueOverTheWeek();
    travelToDay(scenario.ctx, day(4));
    const late = (await adminAlerts(scenario)).prestiti_scaduti as Json[];
    expect(late.map((loan) => [loan.id, loan.giorni_ritardo])).toEqual([
      [scenario.overdue, 4],
      [scenario.dueToday, 3],
      [scenario.dueTomorrow, 2],
      [scenario.later, 1],
    ]);
    await returnOk(scenario.client, scenario.admin, scenario.overdue);
    const after = (await adminAlerts(scenario)).prestiti_scaduti as Json[];
    expect(after.map((loan) => loan.id)).not.toContain(scenario.overdue);
  });

  it("shows a student only alerts about their own loans, and no stock data", async () => {
    const scenario = await loansDueOverTheWeek();
    await itemWithAvailability(scenario, "Flash", 1, 0);
    const mine = await scenario.client.get("/api/avvisi/utente", scenario.student.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      scorte_basse: [],
      prestiti_scaduti: [expect.objectContaining({ id: scenario.overdue, giorni_ritardo: 1 })],
      scadenze_oggi: [],
      scadenze_domani: [expect.objectContaining({ id: scenario.dueTomorrow })],
      totale_avvisi: 2,
    });
    const theirs = await scenario.client.get("/api/avvisi/utente", scenario.classmate.token);
    expect(theirs.body).toMatchObject({
      scorte_basse: [],
      prestiti_scaduti: [],
      scadenze_oggi: [expect.objectContaining({ id: scenario.dueToday })],
      scadenze_domani: [],
      totale_avvisi: 1,
    });
    expect(JSON.stringify(theirs.body)).not.toContain(scenario.student.user.email);
  });

  it("keeps the desk's alerts for the desk", async () => {
    const scenario = await loanScenario();
    const denied = await scenario.client.get("/api/avvisi", scenario.student.token);
    expect(denied.status).toBe(403);
    expect(denied.body.scorte_basse).toBeUndefined();
    expect((await scenario.client.get("/api/avvisi")).status).toBe(401);
    expect((await scenario.client.get("/api/avvisi/utente")).status).toBe(401);
  });
});
