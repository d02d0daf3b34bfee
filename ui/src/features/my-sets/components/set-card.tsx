import { AlertTriangle } from "lucide-react";
import { formatItalianDate } from "../../../../../src/domain/dates";
import { receiptPath, type SetView } from "../../../api/prenotazioni";
import { Button } from "../../../components/button";
import { DownloadButton } from "../../../components/download-button";
import { SetLineStateBadge, SetStateBadge } from "../../../components/set/set-state-badge";
import { apiDownload } from "../../../lib/api";
import { saveFile } from "../../../lib/save-file";

/** One of the student's sets: dates, state, lines, accessories, open mancanze and the signed receipt. */
export function SetCard({ set, onCancel }: { set: SetView; onCancel: () => void }) {
  const openShortages = set.mancanze.filter((shortage) => !shortage.risolta);
  const title = set.kit_nome ?? `Set di ${set.righe.length} articoli`;
  return (
    <article aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">
            Dal {formatItalianDate(set.dal)} al {formatItalianDate(set.al)}
          </p>
        </div>
        <SetStateBadge state={set.stato} />
      </div>

      {openShortages.length > 0 && (
        <div role="alert" className="mt-3 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">Mancanze da restituire: </span>
            {openShortages.map((shortage) => `${shortage.quantita} × ${shortage.nome}`).join(", ")}
          </p>
        </div>
      )}

      <ul aria-label={`Righe di ${title}`} className="mt-3 divide-y divide-slate-100 text-sm">
        {set.righe.map((line) => (
          <li key={line.richiesta_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-slate-800">
              {line.inventario_nome}
              {line.codice_univoco && <span className="text-slate-500"> · {line.codice_univoco}</span>}
              {line.motivo && <span className="block text-xs text-red-700">Motivo: {line.motivo}</span>}
            </span>
            <SetLineStateBadge state={line.stato} />
          </li>
        ))}
      </ul>
      {set.accessori.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          Accessori: {set.accessori.map((accessory) => `${accessory.quantita} × ${accessory.nome}`).join(", ")}
        </p>
      )}

      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {set.firmata && (
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
