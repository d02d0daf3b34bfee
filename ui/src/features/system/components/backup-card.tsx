import { DatabaseBackup } from "lucide-react";
import { BACKUP_ERROR, useDownloadBackup } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useToast } from "../../../components/toast";

/** Downloads a consistent copy of the whole database, to keep somewhere safe. */
export function BackupCard() {
  const backup = useDownloadBackup();
  const showToast = useToast();
  const reason = backup.error?.message;
  return (
    <section
      aria-labelledby="backup-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="backup-heading" className="text-base font-semibold text-slate-900">
            Backup
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Una copia completa e coerente del database (prestiti, inventario, utenti), anche mentre il servizio è in
            uso.
          </p>
        </div>
        <Button
          variant="secondary"
          icon={DatabaseBackup}
          busy={backup.isPending}
          onClick={() =>
            backup.mutate(undefined, { onSuccess: (fileName) => showToast(`Backup scaricato: ${fileName}`) })
          }
          className="shrink-0"
        >
          {backup.isPending ? "Backup in corso..." : "Backup del database"}
        </Button>
      </div>
      {backup.isError && (
        <div className="mt-4">
          <Alert tone="error">
            {BACKUP_ERROR}
            {reason && reason !== BACKUP_ERROR && <span className="mt-0.5 block text-red-700">{reason}</span>}
          </Alert>
        </div>
      )}
    </section>
  );
}
