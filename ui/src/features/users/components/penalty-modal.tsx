import { History, LockOpen, Pencil, Plus, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type Penalty,
  useAssignPenalty,
  useDeletePenalty,
  useEditPenalty,
  useUnblockUser,
  useUserPenalties,
} from "../../../api/penalties";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { daysLateText, formatDateTime } from "../../../lib/dates";
import { fullName, type User } from "../../../lib/user";
import { PenaltyBadge } from "./penalty-badge";
import { PenaltyForm } from "./penalty-form";

/** The message of a refusal: the server's own words, else the action's fallback. */
function refusalOf(error: Error | null, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

/**
 * A student's strikes and penalty history; a blocked student is unblocked here, with or without a reset,
 * and the desk adds strikes by hand, corrects a penalty or deletes it.
 */
export function PenaltyModal({ user, onClose }: { user: User; onClose: () => void }) {
  const penalties = useUserPenalties(user.id);
  const unblock = useUnblockUser();
  const assign = useAssignPenalty();
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

  function run(resetStrikes: boolean) {
    unblock.mutate(
      { userId: user.id, resetStrikes },
      { onSuccess: (answer) => showToast(answer.message || "Utente sbloccato") },
    );
  }

  const error = refusalOf(unblock.error, "Errore nello sblocco utente");
  const deleteError = refusalOf(remove.error, "Errore nell'eliminazione della penalità");
  return (
    <Modal title="Gestione Penalità" description={`${fullName(user)} · ${user.email}`} onClose={onClose} size="lg">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">
            Penalità attive: <span className="font-semibold text-slate-900">{standing.penalty_strikes}</span>
          </p>
          <PenaltyBadge user={standing} />
        </div>

        {standing.is_blocked && (
          <Alert tone="error">
            <p className="font-semibold">BLOCCATO</p>
            <p className="mt-0.5">
              <span className="font-medium">Motivo:</span> {standing.blocked_reason ?? "Non specificata"}
            </p>
            <p className="mt-0.5">L'utente non può fare richieste finché non viene sbloccato di persona.</p>
          </Alert>
        )}

        {error && <Alert tone="error">{error}</Alert>}

        {(standing.is_blocked || standing.penalty_strikes > 0) && (
          <div className="flex flex-col gap-2 sm:flex-row">
            {standing.is_blocked && (
              <Button
                variant="secondary"
                icon={LockOpen}
                busy={unblock.isPending && !unblock.variables?.resetStrikes}
                onClick={() => run(false)}
              >
                Sblocca mantenendo le penalità
              </Button>
            )}
            <Button
              icon={RotateCcw}
              busy={unblock.isPending && unblock.variables?.resetStrikes === true}
              onClick={() => run(true)}
            >
              {standing.is_blocked ? "Sblocca e azzera le penalità" : "Azzera le penalità"}
            </Button>
          </div>
        )}

        {adding ? (
          <PenaltyForm
            title="Aggiungi penalità"
            submitLabel="Aggiungi"
            busy={assign.isPending}
            error={refusalOf(assign.error, "Errore nell'assegnazione della penalità")}
            onCancel={() => {
              assign.reset();
              setAdding(false);
            }}
            onSubmit={(draft) =>
              assign.mutate(
                { userId: user.id, ...draft },
                {
                  onSuccess: (answer) => {
                    showToast(answer.message);
                    setAdding(false);
                  },
                },
              )
            }
          />
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
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
      </ModalActions>
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

function PenaltyRecord({ penalty, onEdit, onDelete }: { penalty: Penalty; onEdit: () => void; onDelete: () => void }) {
  const tone =
    penalty.strike_assegnati >= 2
      ? "bg-red-50 text-red-700 ring-red-200"
      : "bg-orange-50 text-orange-700 ring-orange-200";
  const recorder = `${penalty.created_by_name ?? ""} ${penalty.created_by_surname ?? ""}`.trim();
  return (
    <li className={`p-4 ${penalty.azzerata_at ? "opacity-60" : ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">
          {/* A penalty given by hand names no item. */}
          <span className="text-slate-500">#{penalty.id}</span> {penalty.articolo_nome || "Penalità manuale"}
        </p>
        <span className="flex shrink-0 items-center gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
            {penalty.strike_assegnati} strike
          </span>
          <IconButton icon={Pencil} label={`Modifica la penalità #${penalty.id}`} onClick={onEdit} />
          <IconButton icon={Trash2} tone="danger" label={`Elimina la penalità #${penalty.id}`} onClick={onDelete} />
        </span>
      </div>
      <p className="mt-0.5 text-sm text-slate-600">{penalty.motivo}</p>
      <p className="mt-1 text-xs text-slate-500">
        {penalty.giorni_ritardo > 0 && `${daysLateText(penalty.giorni_ritardo)} · `}
        {formatDateTime(penalty.created_at)}
        {recorder && ` · registrata da ${recorder}`}
        {penalty.azzerata_at && ` · azzerata il ${formatDateTime(penalty.azzerata_at)}`}
      </p>
    </li>
  );
}
