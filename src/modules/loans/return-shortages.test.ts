import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { inventario, notifiche, prestitiUnita } from "../../db/schema";
import type { Json } from "../../testing/harness";
import {
  auditRows,
  day,
  directLoanOk,
  type LoanScenario,
  loanRow,
  loanScenario,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

/** Giulia holds the camera, whose checklist names three accessories, handed over today. */
async function cameraWithAccessories(): Promise<LoanScenario & { loanId: number }> {
  const scenario = await loanScenario();
  scenario.ctx.db
    .update(inventario)
    .set({ checklist: "Batteria\nCaricatore\nTappo" })
    .where(eq(inventario.id, scenario.camera.id))
    .run();
  const loanId = await directLoanOk(scenario.client, scenario.admin, {
    inventario_id: scenario.camera.id,
    unita_ids: [unitIdOf(scenario.camera, 0)],
    utente_id: scenario.student.user.id,
    data_uscita: day(0),
    data_rientro: day(2),
  });
  return { ...scenario, loanId };
}

const noticesOf = (scenario: LoanScenario) =>
  scenario.ctx.db.select().from(notifiche).where(eq(notifiche.utenteId, scenario.student.user.id)).all();

async function returnWithout(scenario: LoanScenario & { loanId: number }, missing: string[]) {
  return scenario.client.put(
    `/api/prestiti/${scenario.loanId}/restituisci`,
    { accessori_mancanti: missing },
    scenario.admin,
  );
}

describe("a single loan's return with accessories missing", () => {
  it("opens one mancanza per accessory, on the desk's list, owed by the loan's student", async () => {
    const scenario = await cameraWithAccessories();
    const answer = await returnWithout(scenario, ["batteria", "Tappo"]);
    expect(answer.status).toBe(200);
    expect(answer.body.mancanze_ids).toHaveLength(2);
    const open = await scenario.client.get("/api/mancanze?stato=aperte", scenario.admin);
    expect(
      (open.body as Json[])
        .map((shortage) => [
          shortage.nome,
          shortage.quantita,
          shortage.prestito_id,
          shortage.prenotazione_id,
          shortage.utente_nome,
        ])
        .sort(),
    ).toEqual([
      ["Batteria", 1, scenario.loanId, null, "Giulia"],
      ["Tappo", 1, scenario.loanId, null, "Giulia"],
    ]);
    // The unit's return says what is missing, as the history always did.
    const unit = scenario.ctx.db
      .select()
      .from(prestitiUnita)
      .where(eq(prestitiUnita.prestitoId, scenario.loanId))
      .get();
    expect([unit?.condizione, unit?.notaRientro]).toEqual(["incompleto", "Mancano: Batteria, Tappo"]);
  });

  it("tells the student once what is missing", async () => {
    const scenario = await cameraWithAccessories();
    await returnWithout(scenario, ["Batteria", "Caricatore"]);
    const told = noticesOf(scenario).filter((notice) => notice.tipo === "mancanza");
    expect(told.map((notice) => [notice.titolo, notice.messaggio, notice.link])).toEqual([
      [
        "Accessori mancanti",
        `Alla restituzione del prestito #${scenario.loanId} mancano: 1 × Batteria, 1 × Caricatore. Riportali al banco prestiti.`,
        "/miei-prestiti",
      ],
    ]);
  });

  it("opens nothing when everything came back", async () => {
    const scenario = await cameraWithAccessories();
    const answer = await returnWithout(scenario, []);
    expect(answer.body.mancanze_ids).toEqual([]);
    expect((await scenario.client.get("/api/mancanze?stato=aperte", scenario.admin)).body).toEqual([]);
    expect(noticesOf(scenario).filter((notice) => notice.tipo === "mancanza")).toEqual([]);
  });

  it("refuses an accessory the item does not list, with nothing stored", async () => {
    const scenario = await cameraWithAccessories();
    const unknown = await returnWithout(scenario, ["Borsa"]);
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      "L'accessorio Borsa non è tra gli accessori di questo articolo",
    ]);
    expect((await scenario.client.get("/api/mancanze", scenario.admin)).body).toEqual([]);
    expect(loanRow(scenario.ctx, scenario.loanId)?.stato).toBe("attivo");
  });

  it("is resolved like a set's: returned or replaced gives no strike", async () => {
    const scenario = await cameraWithAccessories();
    const [shortageId] = (await returnWithout(scenario, ["Tappo"])).body.mancanze_ids;
    const resolved = await scenario.client.put(
      `/api/mancanze/${shortageId}/risolvi`,
      { esito: "sostituito", nota: "Tappo nuovo" },
      scenario.admin,
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.mancanza).toMatchObject({
      esito: "sostituito",
      nota: "Tappo nuovo",
      prestito_id: scenario.loanId,
    });
    expect((await scenario.client.get("/api/mancanze?stato=aperte", scenario.admin)).body).toEqual([]);
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect(standing.body.userInfo.penalty_strikes).toBe(0);
    expect(auditRows(scenario.ctx).some((row) => row.action === "loan.shortage.resolve")).toBe(true);
  });

  it("charged as a penalty gives the loan's student one strike, once", async () => {
    const scenario = await cameraWithAccessories();
    travelToDay(scenario.ctx, day(1));
    const [shortageId] = (await returnWithout(scenario, ["Caricatore"])).body.mancanze_ids;
    const charge = () =>
      scenario.client.put(`/api/mancanze/${shortageId}/risolvi`, { esito: "penalita" }, scenario.admin);
    expect((await charge()).status).toBe(200);
    expect((await charge()).status).toBe(409);
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect(standing.body.userInfo.penalty_strikes).toBe(1);
    expect(standing.body.penalties.map((penalty: Json) => penalty.motivo)).toEqual([
      `Accessorio non restituito: 1 × Caricatore (prestito #${scenario.loanId})`,
    ]);
    expect(noticesOf(scenario).map((notice) => notice.tipo)).toContain("penalita");
  });
});
