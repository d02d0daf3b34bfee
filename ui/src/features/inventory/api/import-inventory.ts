import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportJobView, ImportOutcome, ImportRowOutcome } from "../../../../../src/modules/excel/model";
import { categorieKeys } from "../../../api/categorie";
import { inventarioKeys } from "../../../api/inventario";
import { ApiError, apiRequest } from "../../../lib/api";

export type { ImportJobView, ImportOutcome, ImportRowOutcome };

const JOBS = "/api/excel/inventario/import/lavori";
const IMPORT_FAILED = "Errore durante l'import Excel";
/** How often the page asks how far a running import got. */
const POLL_MS = 500;

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
  onProgress: (job: ImportJobView) => void;
}

/**
 * Sends the file as an import job (or its preview), then follows it to its end, telling `onProgress` each
 * step; resolves with the outcome, or fails with the reason the server refused the file.
 */
async function importFile({ file, preview, onProgress }: ImportRequest): Promise<ImportOutcome> {
  let job = await apiRequest<ImportJobView>(JOBS, {
    method: "POST",
    body: {
      fileName: file.name,
      fileSize: file.size,
      fileType: file.type,
      fileData: await readAsDataUrl(file),
      anteprima: preview,
    },
    fallbackError: IMPORT_FAILED,
  });
  while (job.fase !== "completato" && job.fase !== "fallito") {
    onProgress(job);
    await pause();
    job = await apiRequest<ImportJobView>(`${JOBS}/${encodeURIComponent(job.id)}`, { fallbackError: IMPORT_FAILED });
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
