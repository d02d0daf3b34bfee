import { useState } from "react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import { receiptPath, useSet } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { CloseButton } from "../../../../components/close-button";
import { DownloadButton } from "../../../../components/download-button";
import { SetStateBadge } from "../../../../components/set/set-state-badge";
import { LoadingState } from "../../../../components/spinner";
import { apiDownload } from "../../../../lib/api";
import { saveFile } from "../../../../lib/save-file";
import { SetHandOver } from "./set-hand-over";
import { SetReturn } from "./set-return";
import type { SetScan } from "./use-scanned-ticks";

interface SetCounterPanelProps {
  setId: number;
  scan: SetScan | null;
  onDone: (outcome: string) => void;
  onClose: () => void;
}

/** A scanned unit or kit label opened its whole set: its hand-over when due to go out, else its return. */
export function SetCounterPanel({ setId, scan, onDone, onClose }: SetCounterPanelProps) {
  const set = useSet(setId);
  const [finished, setFinished] = useState<string | null>(null);

  function finish(outcome: string) {
    setFinished(outcome);
    onDone(outcome);
  }

  const data = set.data;
  const borrower = data ? `${data.utente_nome ?? ""} ${data.utente_cognome ?? ""}`.trim() : "";
  return (
    <section
      aria-label={data ? `Set di ${borrower}` : "Set"}
      className="rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">
            {data ? `${data.kit_nome ?? "Set"} · ${borrower}` : "Set"}
          </h2>
          {data && (
            <p className="text-sm text-slate-600">
              Dal {formatItalianDate(data.dal)} al {formatItalianDate(data.al)}
              {data.matricola ? ` · matricola ${data.matricola}` : ""}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          {data && <SetStateBadge state={data.stato} />}
          <CloseButton
            label="Chiudi il set"
            onClick={onClose}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
        </div>
      </div>
      {set.isPending && <LoadingState label="Caricamento set..." />}
      {set.isError && <Alert tone="error">{set.error.message}</Alert>}
      {finished && data ? (
        <div className="space-y-3">
          <Alert tone="success">{finished}</Alert>
          {data.stato !== "approvata" && (
            <DownloadButton
              label="Ricevuta del set"
              fallbackError="Errore nel download della ricevuta"
              download={async () => {
                const { blob, fileName } = await apiDownload(
                  receiptPath(data.id),
                  "Errore nel download della ricevuta",
                );
                saveFile(blob, fileName ?? `ricevuta-set-${data.id}.pdf`);
              }}
            />
          )}
        </div>
      ) : data?.stato === "approvata" ? (
        <SetHandOver set={data} scan={scan} onHandedOver={finish} />
      ) : data?.stato === "in_corso" ? (
        <SetReturn set={data} scan={scan} onReturned={finish} />
      ) : data ? (
        <Alert tone="info">Questo set non è da consegnare né da restituire.</Alert>
      ) : null}
    </section>
  );
}
