import { apiDownload } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** Saves an A4 sheet of labels (PDF) for the units. */
export async function downloadLabels(unitIds: number[]) {
  const { blob, fileName } = await apiDownload(
    `/api/etichette?unita=${unitIds.join(",")}`,
    "Etichette non disponibili",
  );
  saveFile(blob, fileName ?? "etichette.pdf");
}
