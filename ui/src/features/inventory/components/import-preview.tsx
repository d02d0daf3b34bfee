import { Upload } from "lucide-react";
import type { ImportRowOutcome } from "../../../../../src/modules/excel/model";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ColumnHeadings } from "../../../components/column-headings";
import { countWith } from "../../../lib/plural";
import { ImportMapping } from "./import-mapping";
import type { TransferStatus } from "./spreadsheet-menu";

const VERDICT_LABELS: Record<ImportRowOutcome["esito"], string> = {
  creato: "Da creare",
  aggiornato: "Da aggiornare",
  invariato: "Invariato",
  rifiutato: "Rifiutato",
};

/** The preview of an import: what each row would do, and the choice to apply it or not. */
export function ImportPreview({
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
      {outcome.colonne && <ImportMapping columns={outcome.colonne} onRemap={status.remap} />}
      {outcome.colonne_ignorate && (
        <p className="mt-2 font-medium">
          Non importate: {outcome.colonne_ignorate.join(", ")}. Scegli un campo per importarle.
        </p>
      )}
      <p className="mt-1">
        {outcome.created} da creare, {outcome.updated} da aggiornare,{" "}
        {countWith(outcome.unchanged, "invariato", "invariati")}, {countWith(refused, "rifiutato", "rifiutati")} su{" "}
        {countWith(outcome.total, "riga", "righe")}.
      </p>
      {outcome.righe?.length === 0 &&
        outcome.errors.map((error) => (
          <p key={error} className="mt-1 font-medium text-red-700">
            {error}
          </p>
        ))}
      {outcome.avvisi && (
        <ul aria-label="Avvisi dell'anteprima" className="mt-2 list-disc pl-5">
          {outcome.avvisi.map((warning) => (
            <li key={`${warning.riga}-${warning.messaggio}`}>
              Riga {warning.riga}: {warning.messaggio}
            </li>
          ))}
        </ul>
      )}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Righe dell'anteprima"
        className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-xs text-slate-700">
          <caption className="sr-only">Che cosa farebbe l'importazione con ogni riga</caption>
          <thead className="sticky top-0 bg-slate-50">
            <ColumnHeadings cellClassName="px-2 py-1.5 whitespace-nowrap" columns={["Riga", "Nome", "Esito"]} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(outcome.righe ?? []).map((row) => (
              <tr key={row.riga}>
                <td className="px-2 py-1 tabular-nums">{row.riga}</td>
                <td className="px-2 py-1 break-words">{row.nome || "—"}</td>
                <td className={`px-2 py-1 ${row.esito === "rifiutato" ? "font-medium text-red-700" : ""}`}>
                  {VERDICT_LABELS[row.esito]}
                  {row.errore && `: ${row.errore}`}
                  {row.abbinamenti?.map((match) => (
                    <span key={`${match.campo}-${match.valore}`} className="block text-slate-500">
                      {match.campo}: «{match.valore}» → {match.abbinato}
                    </span>
                  ))}
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
