import { Download, FileSpreadsheet, MoreHorizontal, Upload, X } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { isSpreadsheetName, SPREADSHEET_EXTENSIONS } from "../../../../../src/domain/spreadsheet-files";
import type { ImportJobView, ImportOutcome, ImportRowOutcome } from "../../../../../src/modules/excel/model";
import { useDownloadTemplate, useExportInventory, useImportInventory } from "../../../api/excel";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { DropdownMenu } from "../../../components/dropdown-menu";
import { useToast } from "../../../components/toast";
import { countWith } from "../../../lib/plural";
import { failureText } from "../utils/failure-text";

/** What the last spreadsheet operation is doing or did, shown under the page title. */
export type TransferStatus =
  | { kind: "working"; label: string; job?: ImportJobView }
  | { kind: "preview"; fileName: string; outcome: ImportOutcome; confirm: () => void }
  | { kind: "imported"; outcome: ImportOutcome }
  | { kind: "failed"; message: string; detail?: string };

const MAX_FILE_BYTES = 10 * 1024 * 1024;
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

  function run(file: File, preview: boolean) {
    const label = preview ? `Analisi di ${file.name} in corso...` : `Importazione di ${file.name} in corso...`;
    onStatus({ kind: "working", label });
    const onProgress = (job: ImportJobView) => onStatus({ kind: "working", label, job });
    importInventory.mutate(
      { file, preview, onProgress },
      {
        onSuccess: (outcome) =>
          onStatus(
            preview
              ? { kind: "preview", fileName: file.name, outcome, confirm: () => run(file, false) }
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

const VERDICT_LABELS: Record<ImportRowOutcome["esito"], string> = {
  creato: "Da creare",
  aggiornato: "Da aggiornare",
  invariato: "Invariato",
  rifiutato: "Rifiutato",
};

/** The preview of an import: what each row would do, and the choice to apply it or not. */
function ImportPreview({
  status,
  onDismiss,
}: {
  status: Extract<TransferStatus, { kind: "preview" }>;
  onDismiss: () => void;
}) {
  const { outcome } = status;
  const refused = outcome.total - outcome.success;
  return (
    <Alert tone={refused ? "warning" : "info"}>
      <p className="font-medium">Anteprima di {status.fileName}: nulla è stato ancora importato.</p>
      <p className="mt-1">
        {outcome.created} da creare, {outcome.updated} da aggiornare,{" "}
        {countWith(outcome.unchanged, "invariato", "invariati")}, {countWith(refused, "rifiutato", "rifiutati")} su{" "}
        {countWith(outcome.total, "riga", "righe")}.
      </p>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Righe dell'anteprima"
        className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-xs text-slate-700">
          <caption className="sr-only">Che cosa farebbe l'importazione con ogni riga</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-2 py-1.5 whitespace-nowrap">
                Riga
              </th>
              <th scope="col" className="px-2 py-1.5 whitespace-nowrap">
                Nome
              </th>
              <th scope="col" className="px-2 py-1.5 whitespace-nowrap">
                Esito
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(outcome.righe ?? []).map((row) => (
              <tr key={row.riga}>
                <td className="px-2 py-1 tabular-nums">{row.riga}</td>
                <td className="px-2 py-1 break-words">{row.nome || "—"}</td>
                <td className={`px-2 py-1 ${row.esito === "rifiutato" ? "font-medium text-red-700" : ""}`}>
                  {VERDICT_LABELS[row.esito]}
                  {row.errore && `: ${row.errore}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button icon={Upload} onClick={status.confirm} disabled={outcome.success === 0}>
          Conferma import
        </Button>
        <Button variant="secondary" onClick={onDismiss}>
          Annulla
        </Button>
      </div>
    </Alert>
  );
}

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
  if (status.kind === "preview") return <ImportPreview status={status} onDismiss={onDismiss} />;
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
