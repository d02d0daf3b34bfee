import { Check } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type SetLine, type SetSummary, useApproveSet, useSet } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { FormActions } from "../../../../components/form-actions";
import { Modal } from "../../../../components/modal";
import { LoadingState } from "../../../../components/spinner";
import { Badge } from "../../../../components/status-badge";
import { useToast } from "../../../../components/toast";
import { setBorrower } from "./set-borrower";

/**
 * The set's lines one by one: the desk refuses some, each with a reason, and approves the rest in the
 * same decision (one notification to the student).
 */
export function ReviewSetLinesDialog({ set, onClose }: { set: SetSummary; onClose: () => void }) {
  const details = useSet(set.id);
  const approve = useApproveSet();
  const showToast = useToast();
  // Lines not free for the dates start refused: they cannot be approved.
  const [reasons, setReasons] = useState<Record<number, string> | null>(null);
  const [missing, setMissing] = useState(false);
  const lines = details.data?.righe ?? [];
  const refused =
    reasons ?? Object.fromEntries(lines.filter((line) => !line.disponibile).map((line) => [line.richiesta_id, ""]));

  function toggle(line: SetLine, refuse: boolean) {
    const next = { ...refused };
    if (refuse) next[line.richiesta_id] = "";
    else delete next[line.richiesta_id];
    setReasons(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const entries = Object.entries(refused).map(([id, motivo]) => ({
      richiesta_id: Number(id),
      motivo: motivo.trim(),
    }));
    const incomplete = entries.some((entry) => !entry.motivo);
    setMissing(incomplete);
    if (incomplete) return;
    approve.mutate(
      { id: set.id, refused: entries },
      {
        onSuccess: () => {
          showToast(`Set di ${setBorrower(set)} approvato`);
          onClose();
        },
      },
    );
  }

  const refusedCount = Object.keys(refused).length;
  return (
    <Modal title="Rivedi le righe del set" description={setBorrower(set)} onClose={onClose} size="lg">
      {details.isPending && <LoadingState label="Caricamento righe..." />}
      {details.isError && <Alert tone="error">{details.error.message}</Alert>}
      <form onSubmit={submit} noValidate className="space-y-4">
        <ul aria-label="Righe da decidere" className="divide-y divide-slate-100">
          {lines.map((line) => (
            <li key={line.richiesta_id} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 text-sm text-slate-900">
                  {line.oggetto_nome} <span className="text-slate-500">· {line.codice_univoco}</span>
                </span>
                {line.disponibile ? <Badge tone="green">Libera</Badge> : <Badge tone="red">Occupata</Badge>}
              </div>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={line.richiesta_id in refused}
                  onChange={(event) => toggle(line, event.target.checked)}
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                Rifiuta questa riga
              </label>
              {line.richiesta_id in refused && (
                <input
                  type="text"
                  aria-label={`Motivo del rifiuto di ${line.oggetto_nome} ${line.codice_univoco}`}
                  aria-invalid={missing && !refused[line.richiesta_id]?.trim()}
                  placeholder="Motivo del rifiuto"
                  value={refused[line.richiesta_id]}
                  onChange={(event) => setReasons({ ...refused, [line.richiesta_id]: event.target.value })}
                  className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
                />
              )}
            </li>
          ))}
        </ul>
        {missing && <Alert tone="error">Indica il motivo di ogni riga rifiutata</Alert>}
        <FormActions
          error={approve.error?.message}
          onCancel={onClose}
          submitLabel={refusedCount === 0 ? "Approva tutto" : "Approva le altre righe"}
          icon={Check}
          busy={approve.isPending}
          disabled={lines.length === 0 || refusedCount === lines.length}
        />
      </form>
    </Modal>
  );
}
