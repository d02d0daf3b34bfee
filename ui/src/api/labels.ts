import type { LabelFormat } from "../../../src/domain/label-formats";
import { apiDownload } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** What to label: units, kits, or both (the kits' labels follow the units'). */
export interface LabelSubjects {
  unitIds?: number[];
  kitIds?: number[];
}

/** Saves the labels (PDF) of the units and kits in `format`, a sheet's first one at position `start`. */
export async function downloadLabels(subjects: LabelSubjects, format: LabelFormat, start: number) {
  const query = new URLSearchParams({ formato: format });
  if (subjects.unitIds?.length) query.set("unita", subjects.unitIds.join(","));
  if (subjects.kitIds?.length) query.set("kit", subjects.kitIds.join(","));
  if (start > 1) query.set("inizio", String(start));
  const { blob, fileName } = await apiDownload(`/api/etichette?${query}`, "Etichette non disponibili");
  saveFile(blob, fileName ?? "etichette.pdf");
}
