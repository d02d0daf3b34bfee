import { Download, FileSpreadsheet, MoreHorizontal, Upload } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { isSpreadsheetName, SPREADSHEET_EXTENSIONS } from "../../../../../src/domain/spreadsheet-files";
import type { ImportColumn, ImportJobView, ImportOutcome } from "../../../../../src/modules/excel/model";
import { useDownloadTemplate, useExportInventory, useImportInventory } from "../../../api/excel";
import { DropdownMenu } from "../../../components/dropdown-menu";
import { useToast } from "../../../components/toast";
import { failureText } from "../../../lib/failure-text";

/** What the last spreadsheet operation is doing or did, shown under the page title. */
export type TransferStatus =
  | { kind: "working"; label: string; job?: ImportJobView }
  | {
      kind: "preview";
      fileName: string;
      outcome: ImportOutcome;
      /** Imports the file with the columns as the preview mapped them. */
      confirm: () => void;
      /** Previews the file again with the desk's mapping of its columns. */
      remap: (mappatura: Record<string, string>) => void;
    }
  | { kind: "imported"; outcome: ImportOutcome }
  | { kind: "failed"; message: string; detail?: string };

const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A preview's columns as the `mappatura` that reads them the same way. */
export function mappingOf(columns: ImportColumn[]): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column.colonna, column.campo ?? ""]));
}
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
    if (!isSpreadsheetName(file.name) || file.size === 0 || file.size > MAX_FILE_BYTES) {
      onStatus({
        kind: "failed",
        message: INVALID_FILE,
        detail: "Scegli un file Excel (.xlsx o .xls) o CSV (.csv) di al massimo 10 MB.",
      });
      return;
    }
    // First what the import would do, row by row; only the desk's confirmation applies it.
    run(file, true);
  }

  function run(file: File, preview: boolean, mappatura?: Record<string, string>) {
    const label = preview ? `Analisi di ${file.name} in corso...` : `Importazione di ${file.name} in corso...`;
    onStatus({ kind: "working", label });
    const onProgress = (job: ImportJobView) => onStatus({ kind: "working", label, job });
    importInventory.mutate(
      { file, preview, mappatura, onProgress },
      {
        onSuccess: (outcome) =>
          onStatus(
            preview
              ? {
                  kind: "preview",
                  fileName: file.name,
                  outcome,
                  // The import reads the columns as this preview did, and remembers that mapping.
                  confirm: () => run(file, false, outcome.colonne ? mappingOf(outcome.colonne) : undefined),
                  remap: (chosen) => run(file, true, chosen),
                }
              : { kind: "imported", outcome },
          ),
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
        accept={SPREADSHEET_EXTENSIONS.join(",")}
        aria-label="File Excel da importare"
        onChange={importChosenFile}
        className="hidden"
      />
    </>
  );
}
