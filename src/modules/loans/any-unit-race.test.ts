import { describe, expect, it } from "bun:test";
import { formatItalianDate } from "../../domain/dates";
import { photographyStudents, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, requestedUnitIds, unitIdOf } from "../../testing/loan-fixtures";
import { raceAtOnce, withFileDatabase } from "../../testing/race";

describe("'any unit' requests from separate connections", () => {
  it(
    "gives two students of a two-unit item different units and the third a 409, each on its own thread and connection",
    () =>
      withFileDatabase("any-unit", async (client, file) => {
        const admin = await signInAdmin(client);
        const camera = await createItem(client, admin.token, {
          nome: "Fotocamera Canon",
          quantita_totale: 2,
          tipo_prestito: "solo_esterno",
        });
        const students = await photographyStudents(client, 3);

        const body = { inventario_id: camera.id, unit_id: null, dal: day(7), al: day(9) };
        const reports = await raceAtOnce(
          file,
          students.map((student) => ({ token: student.token, body })),
        );

        expect(reports.map((report) => report.status).sort()).toEqual([200, 200, 409]);
        expect(requestedUnitIds(client.ctx, camera.id)).toEqual([unitIdOf(camera, 0), unitIdOf(camera, 1)].sort());
        expect(reports.find((report) => report.status === 409)?.body).toEqual({
          error: `Nessuna unità è disponibile per le date scelte: l'articolo è di nuovo disponibile dal ${formatItalianDate(day(10))}`,
          disponibile_dal: day(10),
        });
      }),
    // Three threads each load the whole server before the race: on a busy 2-core machine that alone can
    // take more than bun's default 5 s.
    20_000,
  );
});
