import { describe, expect, it } from "bun:test";
import { domandaEventi } from "../../db/schema";
import { cameraLentThenBooked, day } from "../../testing/loan-fixtures";

/** Giulia holds camera #1 until day 4; Luca has booked the same unit from day 8. */
async function bookedAfterLoan() {
  const scenario = await cameraLentThenBooked();
  const demand = () => scenario.ctx.db.select().from(domandaEventi).all();
  return { ...scenario, demand };
}

describe("an extension refused because the unit is booked is unmet demand", () => {
  it("the student's request meeting the next booking answers 409 and leaves a proroga_rifiutata event", async () => {
    const scenario = await bookedAfterLoan();
    const asked = await scenario.client.post(
      `/api/prestiti/${scenario.loanId}/proroga`,
      { al: day(9), motivo: "Riprese da finire" },
      scenario.student.token,
    );
    expect([asked.status, asked.body.prossima_prenotazione]).toEqual([409, day(8)]);
    expect(
      scenario
        .demand()
        .map((event) => [event.tipo, event.utenteId, event.inventarioId, event.dal, event.al, event.riferimentoId]),
    ).toEqual([["proroga_rifiutata", scenario.student.user.id, scenario.camera.id, day(5), day(9), scenario.loanId]]);
    // The extension itself was not kept.
    expect((await scenario.client.get("/api/proroghe", scenario.admin)).body).toEqual([]);
  });

  it("the desk's direct extension meeting it records one too; a refusal for another reason records none", async () => {
    const scenario = await bookedAfterLoan();
    const tooEarly = await scenario.client.put(
      `/api/prestiti/${scenario.loanId}/proroga`,
      { al: day(3) },
      scenario.admin,
    );
    expect(tooEarly.status).toBe(400);
    expect(scenario.demand()).toEqual([]);
    const collides = await scenario.client.put(
      `/api/prestiti/${scenario.loanId}/proroga`,
      { al: day(8) },
      scenario.admin,
    );
    expect(collides.status).toBe(409);
    expect(scenario.demand().map((event) => [event.tipo, event.al])).toEqual([["proroga_rifiutata", day(8)]]);
  });
});
