import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "../../../lib/api";

export const BACKUP_ERROR = "Errore durante il backup del database";

/** Hands a downloaded file to the browser as if the user had clicked a link to it. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after the click handler has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
