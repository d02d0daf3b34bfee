import { AlertTriangle } from "lucide-react";
import { formatItalianDate } from "../../../../../src/domain/dates";
import { receiptPath, type SetSummary, useSet } from "../../../api/prenotazioni";
import { Button } from "../../../components/button";
import { DownloadButton } from "../../../components/download-button";
import { SetStateBadge } from "../../../components/set/set-state-badge";
import { apiDownload } from "../../../lib/api";
import { countedList } from "../../../lib/counted-list";
import { saveFile } from "../../../lib/save-file";
import { ConfirmHandOver } from "./confirm-hand-over";

export function setTitle(set: SetSummary) {
  return set.kit_nome ?? (set.unita_totali === 1 ? "Set di 1 articolo" : `Set di ${set.unita_totali} articoli`);
}

/** One of the student's sets: dates, state, what it holds, open mancanze and the signed receipt. */
export function SetCard({ set, onCancel }: { set: SetSummary; onCancel: () => void }) {
  const title = setTitle(set);
  return (
    <article
      aria-label={title}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">
            Dal {formatItalianDate(set.dal)} al {formatItalianDate(set.al)}
          </p>
        </div>
        <SetStateBadge state={set.stato} />
      </div>
      {set.mancanze_aperte > 0 && <OpenShortages setId={set.id} />}
      <ul aria-label={`Contenuto di ${title}`} className="mt-3 space-y-1 text-sm text-slate-800">
        {set.oggetti.map((item) => (
          <li key={item.inventario_id}>
            {item.quantita} × {item.oggetto_nome}
          </li>
        ))}
      </ul>
      {set.stato === "in_corso" && !set.firma && <ConfirmHandOver setId={set.id} />}
      {set.motivo_rifiuto && <p className="mt-2 text-sm text-red-700">Motivo: {set.motivo_rifiuto}</p>}
      <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-3">
        {set.firma && (
          <DownloadButton
            label="Ricevuta firmata"
            ariaLabel={`Scarica la ricevuta firmata di ${title}`}
            fallbackError="Errore nel download della ricevuta"
            download={async () => {
              const { blob, fileName } = await apiDownload(receiptPath(set.id), "Errore nel download della ricevuta");
              saveFile(blob, fileName ?? `ricevuta-set-${set.id}.pdf`);
            }}
          />
        )}
        {set.stato === "in_attesa" && (
          <Button variant="secondary" onClick={onCancel} className="py-2">
            Annulla richiesta
          </Button>
        )}
      </div>
    </article>
  );
}

/** The accessories the student still owes, read from the whole set. */
function OpenShortages({ setId }: { setId: number }) {
  const set = useSet(setId);
  const open = (set.data?.mancanze ?? []).filter((shortage) => shortage.risolta_il === null);
  return (
    <div role="alert" className="mt-3 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Da restituire all'ufficio: </span>
        {open.length > 0 ? countedList(open) : "accessori mancanti alla restituzione"}
      </p>
    </div>
  );
}
