import { describe, expect, it } from "bun:test";
import { and, eq } from "drizzle-orm";
import { attese, atteseUnita, richieste } from "../../db/schema";
import { registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, requestOk, unitIdOf } from "../../testing/loan-fixtures";
import { raceAtOnce, withFileDatabase } from "../../testing/race";

describe("a hold under concurrency", () => {
  it("is made once and never on a unit another connection books at the same moment", () =>
    withFileDatabase("hold-race", async (client, file) => {
      const admin = await signInAdmin(client);
      const lens = await createItem(client, admin.token, { nome: "Obiettivo 50mm", quantita_totale: 2 });
      const [holder1, holder2, waiting, rival] = [
        await registerStudent(client),
        await registerStudent(client),
        await registerStudent(client),
        await registerStudent(client),
      ];
      const dates = { dal: day(1), al: day(3) };
      const held1 = await requestOk(client, holder1?.token as string, { unit_id: unitIdOf(lens, 0), ...dates });
      const held2 = await requestOk(client, holder2?.token as string, { unit_id: unitIdOf(lens, 1), ...dates });
      const queued = await client.post(
        "/api/attese",
        { inventario_id: lens.id, dal: day(2), al: day(3) },
        waiting?.token,
      );
      expect(queued.status).toBe(201);

      const reports = await raceAtOnce(file, [
        { token: holder1?.token, path: `/api/richieste/${held1.id}`, method: "DELETE", body: {} },
        { token: holder2?.token, path: `/api/richieste/${held2.id}`, method: "DELETE", body: {} },
        {
          token: rival?.token,
          path: "/api/richieste",
          method: "POST",
          body: { inventario_id: lens.id, dal: day(2), al: day(3) },
        },
      ]);

      expect(reports.slice(0, 2).map((report) => report.status)).toEqual([200, 200]);
      const holds = client.ctx.db
        .select({ unitId: atteseUnita.unitId, stato: attese.stato })
        .from(attese)
        .innerJoin(atteseUnita, eq(atteseUnita.attesaId, attese.id))
        .all();
      expect(holds).toHaveLength(1);
      expect(holds[0]?.stato).toBe("offerta");
      const rivalUnits = client.ctx.db
        .select({ unitId: richieste.unitId })
        .from(richieste)
        .where(and(eq(richieste.utenteId, rival?.user.id as number), eq(richieste.stato, "in_attesa")))
        .all()
        .map((row) => row.unitId);
      // The rival got the other unit, or a 409 if it asked before either was freed: never the held one.
      expect(rivalUnits.length).toBe(reports[2]?.status === 200 ? 1 : 0);
      expect(rivalUnits).not.toContain(holds[0]?.unitId as number);
    }));
});
