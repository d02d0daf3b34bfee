import type { LabelFormat } from "../../../src/domain/label-formats";
import { apiDownload } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** Saves the labels (PDF) of the units in `format`, a sheet's first one at position `start`. */
export async function downloadLabels(unitIds: number[], format: LabelFormat, start: number) {
  const query = new URLSearchParams({ unita: unitIds.join(","), formato: format });
  if (start > 1) query.set("inizio", String(start));
  const { blob, fileName } = await apiDownload(`/api/etichette?${query}`, "Etichette non disponibili");
  saveFile(blob, fileName ?? "etichette.pdf");
}
