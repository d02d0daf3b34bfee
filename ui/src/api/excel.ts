import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportJobView, ImportOutcome } from "../../../src/modules/excel/model";
import { ApiError, answerOf, apiDownload, server } from "../lib/api";
import { saveFile } from "../lib/save-file";
import { categorieKeys } from "./categorie";
import { inventarioKeys } from "./inventario";

// The inventory as a spreadsheet: export, the empty template, and the import with its progress
// (GET /api/excel/inventario/export, …/template, POST …/import/lavori and GET …/import/lavori/:id).

const IMPORT_FAILED = "Errore durante l'import Excel";
/** How often the page asks how far a running import got. */
const POLL_MS = 500;

export function useExportInventory() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload("/api/excel/inventario/export", "Errore durante l'export Excel");
      saveFile(blob, fileName ?? "inventario.xlsx");
    },
  });
}

export function useDownloadTemplate() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload(
        "/api/excel/inventario/template",
        "Errore durante la generazione del template",
      );
      saveFile(blob, fileName ?? "template-inventario.xlsx");
    },
  });
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

export interface ImportRequest {
  file: File;
  /** Only ask what the import would do, row by row: nothing is stored. */
  preview: boolean;
  /** The field each column of the file fills, as the desk chose ("" = not imported); none: the server guesses. */
  mappatura?: Record<string, string>;
  onProgress: (job: ImportJobView) => void;
}

/**
 * Sends the file as an import job (or its preview), then follows it to its end, telling `onProgress` each
 * step; resolves with the outcome, or fails with the reason the server refused the file.
 */
async function importFile({ file, preview, mappatura, onProgress }: ImportRequest): Promise<ImportOutcome> {
  const jobs = server.api.excel.inventario.import.lavori;
  let job: ImportJobView = await answerOf(
    jobs.post({
      fileName: file.name,
      fileSize: file.size,
      fileType: file.type,
      fileData: await readAsDataUrl(file),
      anteprima: preview,
      ...(mappatura ? { mappatura } : {}),
    }),
    IMPORT_FAILED,
  );
  while (job.fase !== "completato" && job.fase !== "fallito") {
    onProgress(job);
    await pause();
    job = await answerOf(jobs({ id: job.id }).get(), IMPORT_FAILED);
  }
  if (job.fase === "fallito" || !job.risultato) throw new ApiError(400, job.errore ?? IMPORT_FAILED, {});
  return job.risultato;
}

export function useImportInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFile,
    onSuccess: (outcome) => {
      if (outcome.anteprima) return;
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
    },
  });
}
