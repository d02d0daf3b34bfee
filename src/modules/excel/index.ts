import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { inventoryExportOffThread } from "../../read-jobs";
import { fileAnswer } from "../schemas";
import type { ImportJobs } from "./import-jobs";
import { importJob, importJobParams, importOutcome, importUpload } from "./model";
import { inventoryTemplate, startImport } from "./service";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function spreadsheet(bytes: Uint8Array<ArrayBuffer>, fileName: string) {
  return new Response(bytes, {
    headers: {
      "content-type": XLSX_TYPE,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}

export function excelModule(ctx: AppContext, tokens: TokenService, jobs: ImportJobs) {
  return (
    new Elysia({ prefix: "/excel/inventario" })
      .use(authPlugin(tokens))
      .get(
        "/export",
        async () => spreadsheet(await inventoryExportOffThread(ctx), `inventario-${ctx.clock.today()}.xlsx`),
        { auth: "admin", detail: fileAnswer(XLSX_TYPE, "L'inventario come foglio di calcolo") },
      )
      .get(
        "/template",
        async () => spreadsheet(new Uint8Array(await inventoryTemplate()), "template-inventario.xlsx"),
        {
          auth: "admin",
          detail: fileAnswer(XLSX_TYPE, "Il modello vuoto per l'import"),
        },
      )
      // The spec's call: answers once the import is done.
      .post("/import", ({ actor, body }) => startImport(jobs, actor, body).done, {
        auth: "admin",
        body: importUpload,
        response: importOutcome,
      })
      // The same import, answered at once (202) with the job whose progress the page then reads.
      .post(
        "/import/lavori",
        ({ actor, body, set }) => {
          set.status = 202;
          return startImport(jobs, actor, body).view;
        },
        { auth: "admin", body: importUpload, response: { 202: importJob } },
      )
      .get("/import/lavori/:id", ({ actor, params }) => jobs.find(actor, params.id), {
        auth: "admin",
        params: importJobParams,
        response: importJob,
      })
  );
}
