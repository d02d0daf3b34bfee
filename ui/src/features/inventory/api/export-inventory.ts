import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "../../../lib/api";
import { saveFile } from "../../../lib/save-file";

export function useExportInventory() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload("/api/excel/inventario/export", "Errore durante l'export Excel");
      saveFile(blob, fileName ?? "inventario.xlsx");
    },
  });
}
