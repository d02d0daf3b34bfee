import type { ImportJobView } from "../../../../../src/modules/excel/model";
import { Alert } from "../../../components/alert";
import { CloseButton } from "../../../components/close-button";
import { ImportPreview } from "./import-preview";
import type { TransferStatus } from "./spreadsheet-menu";

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <CloseButton
      label="Chiudi messaggio"
      onClick={onDismiss}
      className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
      small
    />
  );
}

const count = (n: number) => n.toLocaleString("it-IT");

function phaseText(job: ImportJobView): string {
  if (job.fase === "in_coda") return "In attesa di iniziare...";
  if (job.fase === "importazione") return `Righe elaborate: ${count(job.letti)} di ${count(job.totale)}`;
  return "Lettura e controllo del file...";
}

/** The spreadsheet operation's progress, preview, failure or outcome, under the inventory's title. */
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
