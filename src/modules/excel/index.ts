import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { exportInventory, importInventory, inventoryTemplate } from "./service";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function spreadsheet(bytes: Buffer, fileName: string) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": XLSX_TYPE,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}

export function excelModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/excel/inventario" })
    .use(authPlugin(tokens))
    .get("/export", () => spreadsheet(exportInventory(ctx), `inventario-${ctx.clock.today()}.xlsx`), {
      auth: "admin",
    })
    .get("/template", () => spreadsheet(inventoryTemplate(), "template-inventario.xlsx"), { auth: "admin" })
    .post("/import", ({ actor, body }) => importInventory(ctx, actor, body), {
      auth: "admin",
      body: t.Object(
        {
          fileName: t.Optional(t.Unknown()),
          fileSize: t.Optional(t.Unknown()),
          fileType: t.Optional(t.Unknown()),
          fileData: t.Optional(t.Unknown()),
        },
        { error: "File non valido" },
      ),
    });
}
