import { describe, expect, it } from "bun:test";
import { registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, directLoanOk, requestedUnitIds, unitIdOf } from "../../testing/loan-fixtures";
import { raceAtOnce, withFileDatabase } from "../../testing/race";

describe("an extension and another student's booking of the same unit, from separate connections", () => {
  it(
    "lets exactly one of them have the overlapping days, each on its own thread and connection",
    () =>
      withFileDatabase("extension-race", async (client, file) => {
        const admin = await signInAdmin(client);
        const camera = await createItem(client, admin.token, { nome: "Sony FX3", quantita_totale: 1 });
        const giulia = await registerStudent(client, { corso_accademico: "Fotografia" });
        const luca = await registerStudent(client, { corso_accademico: "Fotografia" });
        // Giulia holds the only unit until day 4; the desk extends it to day 8 while Luca books it from day 6.
        const loanId = await directLoanOk(client, admin.token, {
          inventario_id: camera.id,
          unita_ids: [unitIdOf(camera)],
          utente_id: giulia.user.id as number,
          data_rientro: day(4),
        });
        const [extension, booking] = await raceAtOnce(file, [
          { token: admin.token, method: "PUT", path: `/api/prestiti/${loanId}/proroga`, body: { al: day(8) } },
          { token: luca.token, path: "/api/richieste", body: { unit_id: unitIdOf(camera), dal: day(6), al: day(9) } },
        ]);

        const won = [extension?.status === 200, booking?.status === 200];
        expect(won.filter(Boolean)).toHaveLength(1);
        expect([extension?.status, booking?.status]).toEqual(won[0] ? [200, 409] : [409, 200]);
        // What the database holds agrees with who won: the loan's new date, or Luca's request, never both.
        const loan = await client.get(`/api/prestiti/${loanId}`, admin.token);
        expect(loan.body.data_rientro).toBe(won[0] ? day(8) : day(4));
        expect(requestedUnitIds(client.ctx, camera.id)).toEqual(won[0] ? [] : [unitIdOf(camera)]);
      }),
    // Each thread loads the whole server before the race: on a busy 2-core machine that can exceed 5 s.
    20_000,
  );
});
