import { useState } from "react";
import { type SetSummary, useApproveSet, usePendingSets } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { useToast } from "../../../../components/toast";
import { PendingSetCard } from "./pending-set-card";
import { RefuseSetDialog } from "./refuse-set-dialog";
import { ReviewSetLinesDialog } from "./review-set-lines-dialog";
import { setBorrower } from "./set-borrower";

type SetDialog = { kind: "review" | "refuse"; set: SetSummary };

/** The sets waiting for a decision, above the single requests: one card, one decision each. */
export function PendingSets() {
  const sets = usePendingSets();
  const approve = useApproveSet();
  const showToast = useToast();
  const [dialog, setDialog] = useState<SetDialog | null>(null);

  if (sets.isError) return <Alert tone="error">{sets.error.message}</Alert>;
  if (!sets.data || sets.data.length === 0) return null;

  function approveAll(set: SetSummary) {
    approve.mutate(
      { id: set.id, refused: [] },
      {
        onSuccess: () => showToast(`Set di ${setBorrower(set)} approvato`),
        onError: (error) => showToast(error.message, "error"),
      },
    );
  }

  return (
    <section aria-labelledby="pending-sets-title" className="mb-6">
      <h2 id="pending-sets-title" className="mb-3 text-base font-semibold text-slate-900">
        {sets.data.length === 1 ? "1 set in attesa" : `${sets.data.length} set in attesa`}
      </h2>
      <ul aria-label="Set in attesa" className="grid gap-4 xl:grid-cols-2">
        {sets.data.map((set) => (
          <li key={set.id}>
            <PendingSetCard
              set={set}
              approving={approve.isPending && approve.variables?.id === set.id}
              onApprove={() => approveAll(set)}
              onReviewLines={() => setDialog({ kind: "review", set })}
              onRefuse={() => setDialog({ kind: "refuse", set })}
            />
          </li>
        ))}
      </ul>
      {dialog?.kind === "review" && <ReviewSetLinesDialog set={dialog.set} onClose={() => setDialog(null)} />}
      {dialog?.kind === "refuse" && <RefuseSetDialog set={dialog.set} onClose={() => setDialog(null)} />}
    </section>
  );
}
