import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "../../../lib/api";
import { saveFile } from "../../../lib/save-file";

export const BACKUP_ERROR = "Errore durante il backup del database";

/** A consistent copy of the database, named by the server with the date and time it was taken. */
export function useDownloadBackup() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload("/api/system/backup", BACKUP_ERROR);
      const name = fileName ?? "prestalab-backup.db";
      saveFile(blob, name);
      return name;
    },
  });
}
