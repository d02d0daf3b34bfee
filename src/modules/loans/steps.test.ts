import { describe, expect, it } from "bun:test";
import { writeTransaction } from "../../db/transaction";
import {
  bookingCounts,
  day,
  loanRow,
  loanScenario,
  requestOk,
  requestRow,
  unitIdOf,
  userRow,
} from "../../testing/loan-fixtures";
import { approveRequestStep } from "./approval";
import { handOverStep } from "./hand-over";
import { returnLoanStep } from "./return";

/**
 * Giulia and Luca each ask for a unit of the camera from today: two pending requests, with the desk's
 * administrator as the steps take them.
 */
async function twoRequests() {
  const scenario = await loanScenario();
  const { ctx, client, camera, student, classmate, adminUser } = scenario;
  const ask = (token: string, unit: number) =>
    requestOk(client, token, { unit_id: unitIdOf(camera, unit), dal: day(0), al: day(2) });
  const requestIds = [(await ask(student.token, 0)).id as number, (await ask(classmate.token, 1)).id as number];
  return { ctx, desk: userRow(ctx, adminUser.id as number), requestIds };
}

describe("the steps of a loan's life", () => {
  it("compose into one transaction: approved, handed over and returned together", async () => {
    const { ctx, desk, requestIds } = await twoRequests();

    const loanIds = writeTransaction(ctx.db, (tx) =>
      requestIds.map((id) => approveRequestStep(tx, ctx, desk, id).loanId),
    );
    writeTransaction(ctx.db, (tx) => {
      for (const id of loanIds) handOverStep(tx, ctx, desk, id);
    });
    expect(loanIds.map((id) => Boolean(loanRow(ctx, id)?.consegnatoIl))).toEqual([true, true]);
    const outcomes = writeTransaction(ctx.db, (tx) => loanIds.map((id) => returnLoanStep(tx, ctx, desk, id)));

    expect(outcomes.map((outcome) => !outcome.cancelled && outcome.ended)).toEqual([true, true]);
    expect(requestIds.map((id) => requestRow(ctx, id)?.stato)).toEqual(["approvata", "approvata"]);
    expect(loanIds.map((id) => loanRow(ctx, id)?.stato)).toEqual(["restituito", "restituito"]);
  });

  it("leave nothing behind when one step of the transaction fails: the first approval is undone too", async () => {
    const { ctx, desk, requestIds } = await twoRequests();
    const [first, second] = requestIds;
    const before = bookingCounts(ctx);

    expect(() =>
      writeTransaction(ctx.db, (tx) => {
        approveRequestStep(tx, ctx, desk, first as number);
        approveRequestStep(tx, ctx, desk, second as number);
        // Approving the first again is refused: the whole transaction rolls back.
        approveRequestStep(tx, ctx, desk, first as number);
      }),
    ).toThrow("La richiesta è già stata gestita");

    expect(bookingCounts(ctx)).toEqual(before);
    expect([first, second].map((id) => requestRow(ctx, id as number)?.stato)).toEqual(["in_attesa", "in_attesa"]);
  });

  it("announce nothing themselves: a failed transaction of returns tells the live desk nothing", async () => {
    const { ctx, desk, requestIds } = await twoRequests();
    const loanIds = writeTransaction(ctx.db, (tx) =>
      requestIds.map((id) => {
        const { loanId } = approveRequestStep(tx, ctx, desk, id);
        handOverStep(tx, ctx, desk, loanId);
        return loanId;
      }),
    );
    const heard: string[] = [];
    ctx.events.subscribe(
      { userId: desk.id, sessionIsCurrent: () => true },
      (event) => heard.push(event.tipo),
      () => {},
    );

    expect(() =>
      writeTransaction(ctx.db, (tx) => {
        for (const id of loanIds) returnLoanStep(tx, ctx, desk, id);
        returnLoanStep(tx, ctx, desk, 999_999);
      }),
    ).toThrow("Prestito non trovato");

    expect(heard).toEqual([]);
    expect(loanIds.map((id) => loanRow(ctx, id)?.stato)).toEqual(["attivo", "attivo"]);
  });
});
