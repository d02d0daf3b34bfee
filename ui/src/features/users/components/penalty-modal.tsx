import { History, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { type Penalty, useDeletePenalty, useEditPenalty, useUserPenalties } from "../../../api/penalties";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { CloseActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { fullName, type User } from "../../../lib/user";
import { AddPenaltyForm } from "./add-penalty-form";
import { PenaltyForm } from "./penalty-form";
import { PenaltyRecord } from "./penalty-record";
import { refusalOf } from "./refusal";
import { UnblockSection } from "./unblock-section";

/**
 * A student's strikes and penalty history; a blocked student is unblocked here, with or without a reset,
 * and the desk adds strikes by hand, corrects a penalty or deletes it.
 */
export function PenaltyModal({ user, onClose }: { user: User; onClose: () => void }) {
  const penalties = useUserPenalties(user.id);
  const edit = useEditPenalty();
  const remove = useDeletePenalty();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Penalty | null>(null);
  const showToast = useToast();
  const standing = penalties.data?.userInfo ?? user;

  useEffect(() => {
    // The history is a help, not a requirement: its failure is only logged.
    if (penalties.error) console.warn("Storico penalità non caricato:", penalties.error);
  }, [penalties.error]);

  const deleteError = refusalOf(remove.error, "Errore nell'eliminazione della penalità");
  return (
    <Modal title="Gestione Penalità" description={`${fullName(user)} · ${user.email}`} onClose={onClose} size="lg">
      <div className="space-y-5">
        <UnblockSection userId={user.id} standing={standing} />

        {adding ? (
          <AddPenaltyForm userId={user.id} onClose={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" icon={Plus} onClick={() => setAdding(true)}>
            Aggiungi penalità
          </Button>
        )}

        {deleteError && <Alert tone="error">{deleteError}</Alert>}

        <section aria-labelledby="penalty-history-title">
          <h3 id="penalty-history-title" className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <History className="size-4 text-slate-500" aria-hidden="true" />
            Storico penalità
          </h3>
          {penalties.isPending && <LoadingState label="Caricamento storico..." />}
          {penalties.isError && <p className="text-sm text-slate-500">Storico penalità non disponibile.</p>}
          {penalties.isSuccess &&
            (penalties.data.penalties.length === 0 ? (
              <EmptyState icon={History} title="Nessuna penalità registrata" />
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {penalties.data.penalties.map((penalty) =>
                  editingId === penalty.id ? (
                    <li key={penalty.id} className="p-2">
                      <PenaltyForm
                        title={`Modifica la penalità #${penalty.id}`}
                        initial={{ strikes: penalty.strike_assegnati, motivo: penalty.motivo }}
                        submitLabel="Salva"
                        busy={edit.isPending}
                        error={refusalOf(edit.error, "Errore nella modifica della penalità")}
                        onCancel={() => {
                          edit.reset();
                          setEditingId(null);
                        }}
                        onSubmit={(draft) =>
                          edit.mutate(
                            { userId: user.id, id: penalty.id, strike_assegnati: draft.strikes, motivo: draft.motivo },
                            {
                              onSuccess: (answer) => {
                                showToast(answer.message);
                                setEditingId(null);
                              },
                            },
                          )
                        }
                      />
                    </li>
                  ) : (
                    <PenaltyRecord
                      key={penalty.id}
                      penalty={penalty}
                      onEdit={() => setEditingId(penalty.id)}
                      onDelete={() => setDeleting(penalty)}
                    />
                  ),
                )}
              </ul>
            ))}
        </section>
      </div>
      <CloseActions onClose={onClose} />
      {deleting && (
        <ConfirmDialog
          title="Eliminare la penalità?"
          description={`#${deleting.id} · ${deleting.motivo}`}
          message={`La penalità sarà tolta dallo storico di ${fullName(user)}${deleting.azzerata_at ? "" : ` e i suoi ${deleting.strike_assegnati} strike saranno sottratti al totale`}. Lo sblocco resta una scelta a parte.`}
          confirmLabel="Elimina"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { userId: user.id, id: deleting.id },
              {
                onSuccess: (answer) => showToast(answer.message),
                onSettled: () => setDeleting(null),
              },
            )
          }
        />
      )}
    </Modal>
  );
}
