import { useAssignPenalty } from "../../../api/penalties";
import { useToast } from "../../../components/toast";
import { PenaltyForm } from "./penalty-form";
import { refusalOf } from "./refusal";

/** The desk gives a student a penalty by hand; the server's answer is shown as a toast, then the form closes. */
export function AddPenaltyForm({ userId, onClose }: { userId: number; onClose: () => void }) {
  const assign = useAssignPenalty();
  const showToast = useToast();
  return (
    <PenaltyForm
      title="Aggiungi penalità"
      submitLabel="Aggiungi"
      busy={assign.isPending}
      error={refusalOf(assign.error, "Errore nell'assegnazione della penalità")}
      onCancel={() => {
        assign.reset();
        onClose();
      }}
      onSubmit={(draft) =>
        assign.mutate(
          { userId, ...draft },
          {
            onSuccess: (answer) => {
              showToast(answer.message);
              onClose();
            },
          },
        )
      }
    />
  );
}
