import { Download, FileSpreadsheet, MoreHorizontal, Upload, X } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { Alert } from "../../../components/alert";
import { DropdownMenu } from "../../../components/dropdown-menu";
import { useToast } from "../../../components/toast";
import { useDownloadTemplate } from "../api/download-template";
import { useExportInventory } from "../api/export-inventory";
import { type ImportJobView, type ImportOutcome, useImportInventory } from "../api/import-inventory";
import { failureText } from "../utils/failure-text";

/** What the last spreadsheet operation is doing or did, shown under the page title. */
export type TransferStatus =
  | { kind: "working"; label: string; job?: ImportJobView }
  | { kind: "imported"; outcome: ImportOutcome }
  | { kind: "failed"; message: string; detail?: string };

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const SPREADSHEET = /\.(xlsx|xls)$/i;
const INVALID_FILE = "File non valido";

/** "Altre Operazioni": export, template and import of the inventory as an Excel file. */
export function SpreadsheetMenu({ onStatus }: { onStatus: (status: TransferStatus | null) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const exportInventory = useExportInventory();
  const downloadTemplate = useDownloadTemplate();
  const importInventory = useImportInventory();
  const showToast = useToast();
  const busy = exportInventory.isPending || downloadTemplate.isPending || importInventory.isPending;

  function download(action: typeof exportInventory, label: string, fallback: string) {
    onStatus({ kind: "working", label });
    action.mutate(undefined, {
      onSuccess: () => {
        onStatus(null);
        showToast("File Excel scaricato");
      },
      onError: (error) => onStatus({ kind: "failed", message: failureText(error, fallback) }),
    });
  }

  function importChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires a new change.
    event.target.value = "";
    if (!file) return;
    if (!SPREADSHEET.test(file.name) || file.size === 0 || file.size > MAX_FILE_BYTES) {
      onStatus({
        kind: "failed",
        message: INVALID_FILE,
        detail: "Scegli un file Excel (.xlsx o .xls) di al massimo 10 MB.",
      });
      return;
    }
    const label = `Importazione di ${file.name} in corso...`;
    onStatus({ kind: "working", label });
    const onProgress = (job: ImportJobView) => onStatus({ kind: "working", label, job });
    importInventory.mutate(
      { file, onProgress },
      {
        onSuccess: (outcome) => onStatus({ kind: "imported", outcome }),
        onError: (error) => onStatus({ kind: "failed", message: failureText(error, "Errore durante l'import Excel") }),
      },
    );
  }

  return (
    <>
      <DropdownMenu
        label="Altre Operazioni"
        icon={MoreHorizontal}
        disabled={busy}
        entries={[
          {
            label: "Esporta",
            icon: Download,
            onSelect: () => download(exportInventory, "Esportazione in corso...", "Errore durante l'export Excel"),
          },
          {
            label: "Scarica template",
            icon: FileSpreadsheet,
            onSelect: () =>
              download(downloadTemplate, "Generazione del template...", "Errore durante la generazione del template"),
          },
          { label: "Importa", icon: Upload, onSelect: () => fileInput.current?.click() },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,.xls"
        aria-label="File Excel da importare"
        onChange={importChosenFile}
        className="hidden"
      />
    </>
  );
}

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label="Chiudi messaggio"
      className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}

const count = (n: number) => n.toLocaleString("it-IT");

function phaseText(job: ImportJobView): string {
  if (job.fase === "in_coda") return "In attesa di iniziare...";
  if (job.fase === "importazione") return `Righe elaborate: ${count(job.letti)} di ${count(job.totale)}`;
  return "Lettura e controllo del file...";
}

export function TransferStatusPanel({ status, onDismiss }: { status: TransferStatus; onDismiss: () => void }) {
  if (status.kind === "working") {
    // A bar that fills once the rows are being applied; until then it only says that work goes on.
    const rows = status.job?.fase === "importazione" && status.job.totale > 0 ? status.job : null;
    return (
      <Alert tone="info">
        <p>{status.label}</p>
        {status.job && <p className="mt-1">{phaseText(status.job)}</p>}
        <progress
          aria-label={status.label}
          value={rows ? rows.letti : undefined}
          max={rows ? rows.totale : undefined}
          className="mt-2 h-1.5 w-full overflow-hidden rounded-full"
        />
      </Alert>
    );
  }
  if (status.kind === "failed")
    return (
      <Alert tone="error" action={<DismissButton onDismiss={onDismiss} />}>
        <p className="font-medium">{status.message}</p>
        {status.detail && <p className="mt-1">{status.detail}</p>}
      </Alert>
    );
  const { outcome } = status;
  return (
    <Alert tone={outcome.errors.length ? "warning" : "success"} action={<DismissButton onDismiss={onDismiss} />}>
      <p className="font-medium">{`Import completato: ${outcome.success}/${outcome.total} elementi processati`}</p>
      <p className="mt-1">
        {outcome.created} creati, {outcome.updated} aggiornati, {outcome.unchanged} invariati.
      </p>
      {outcome.errors.length > 0 && (
        <>
          <p className="mt-2 font-medium">Righe non importate:</p>
          <ul
            aria-label="Errori di importazione"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="mt-1 max-h-40 list-inside list-disc overflow-y-auto"
          >
            {outcome.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
