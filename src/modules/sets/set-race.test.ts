import { describe, expect, it } from "bun:test";
import { photographyStudents, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day } from "../../testing/loan-fixtures";
import { raceAtOnce, withFileDatabase } from "../../testing/race";

describe("two students booking a set at the same moment, on two connections", () => {
  it(
    "creates exactly one set when both want the last unit of a line, and answers the other 409 naming that line",
    () =>
      withFileDatabase("set-race", async (client, file) => {
        const admin = await signInAdmin(client);
        const camera = await createItem(client, admin.token, { nome: "Fotocamera Canon", quantita_totale: 3 });
        const microphone = await createItem(client, admin.token, { nome: "Microfono Rode", quantita_totale: 1 });
        const students = await photographyStudents(client, 2);
        const body = {
          dal: day(7),
          al: day(9),
          righe: [{ inventario_id: camera.id }, { inventario_id: microphone.id }],
        };
        const reports = await raceAtOnce(
          file,
          students.map((student) => ({ token: student.token, body, path: "/api/prenotazioni" })),
        );

        expect(reports.map((report) => report.status).sort()).toEqual([200, 409]);
        expect(reports.find((report) => report.status === 409)?.body).toEqual({
          error: "Alcuni oggetti non sono disponibili per le date scelte",
          righe: [
            {
              inventario_id: microphone.id,
              oggetto_nome: "Microfono Rode",
              richieste: 1,
              libere: 0,
              libero_dal: day(10),
            },
          ],
        });
        const sets = client.ctx.sqlite.query("select count(*) as count from prenotazioni").get() as { count: number };
        const requests = client.ctx.sqlite.query("select count(*) as count from richieste").get() as { count: number };
        expect([sets.count, requests.count]).toEqual([1, 2]);
      }),
    20_000,
  );
});
