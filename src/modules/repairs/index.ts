import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { idParam } from "../../http/input";
import { createRepair, loadRepairViews, updateRepair } from "./service";

const anyValue = t.Optional(t.Unknown());
const repairBody = t.Object(
  {
    inventario_id: anyValue,
    unit_id: anyValue,
    descrizione: anyValue,
    note_tecniche: anyValue,
    note: anyValue,
    priorita: anyValue,
    stato: anyValue,
  },
  { error: "Dati della riparazione non validi" },
);

export function repairsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/riparazioni" })
    .use(authPlugin(tokens))
    .get("", () => loadRepairViews(ctx.db), { auth: "admin" })
    .post("", ({ actor, body }) => createRepair(ctx, actor, body), { auth: "admin", body: repairBody })
    .put(
      "/:id",
      ({ actor, body, params }) => updateRepair(ctx, actor, idParam(params.id, "Riparazione non valida"), body),
      {
        auth: "admin",
        body: repairBody,
      },
    );
}
