import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "../../../lib/api";
import { saveFile } from "../../../lib/save-file";

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
