import { ListChecks } from "lucide-react";
import { useState } from "react";
import { type SetSummary, useCancelSet, useMySets } from "../../../api/prenotazioni";
import { Alert } from "../../../components/alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { SetCard } from "./set-card";

/** "Le mie prenotazioni": the student's sets, newest first, with their state, lines, receipt and mancanze. */
export function MySetsPage() {
  const sets = useMySets();
  const cancelSet = useCancelSet();
  const showToast = useToast();
  const [cancelling, setCancelling] = useState<SetSummary | null>(null);

  return (
    <>
      <PageHeader
        title="Le mie prenotazioni"
        description="I set che hai richiesto: attrezzatura, date, ricevuta firmata e accessori da restituire."
      />
      {sets.isPending && <LoadingState label="Caricamento prenotazioni..." />}
      {sets.isError && <Alert tone="error">{sets.error.message}</Alert>}
      {sets.data &&
        (sets.data.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <EmptyState
              icon={ListChecks}
              title="Nessuna prenotazione"
              text="Componi un set dal catalogo con «Aggiungi al set»."
            />
          </div>
        ) : (
          <ul aria-label="Prenotazioni" className="grid gap-4 lg:grid-cols-2">
            {sets.data.map((set) => (
              <li key={set.id}>
                <SetCard set={set} onCancel={() => setCancelling(set)} />
              </li>
            ))}
          </ul>
        ))}
      {cancelling && (
        <ConfirmDialog
          title="Annullare la richiesta?"
          message="Le date tornano libere per gli altri studenti."
          confirmLabel="Annulla richiesta"
          busy={cancelSet.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancelSet.mutate(cancelling.id, {
              onSuccess: () => showToast("Richiesta annullata"),
              onError: (error) => showToast(error.message, "error"),
              onSettled: () => setCancelling(null),
            })
          }
        />
      )}
    </>
  );
}
