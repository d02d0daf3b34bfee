import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { categoriesKey } from "./get-categories";
import { inventoryKey } from "./get-inventory";

export interface ImportOutcome {
  /** Rows imported. */
  success: number;
  /** Rows read. */
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  /** "Riga N: …", one per refused row; the other rows went through. */
  errors: string[];
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function useImportInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest<ImportOutcome>("/api/excel/inventario/import", {
        method: "POST",
        body: {
          fileName: file.name,
          fileSize: file.size,
          fileType: file.type,
          fileData: await readAsDataUrl(file),
        },
        fallbackError: "Errore durante l'import Excel",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: inventoryKey });
      queryClient.invalidateQueries({ queryKey: categoriesKey });
    },
  });
}
