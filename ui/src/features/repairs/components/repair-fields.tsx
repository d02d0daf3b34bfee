import { PRIORITIES, type Priority } from "../../../../../src/domain/repairs";
import { ChoiceGroup } from "../../../components/choice-group";
import { PRIORITY_LABELS, PRIORITY_SELECTED_COLORS } from "../../../components/report-badges";
import { TextAreaField } from "../../../components/text-area-field";
import type { RepairDetails } from "../api/create-repair";

export const NO_DESCRIPTION = "Descrivi il problema da riparare";

const PRIORITY_CHOICES = PRIORITIES.map((value: Priority) => ({
  value,
  label: PRIORITY_LABELS[value],
  selectedClassName: PRIORITY_SELECTED_COLORS[value],
}));

/** The details a repair carries, the same when creating and when editing. */
export function RepairFields({
  value,
  onChange,
}: {
  value: RepairDetails;
  onChange: (details: RepairDetails) => void;
}) {
  return (
    <div className="space-y-4">
      <TextAreaField
        label="Descrizione del problema"
        placeholder="Es. l'obiettivo non mette a fuoco"
        maxLength={2000}
        value={value.descrizione}
        onChange={(event) => onChange({ ...value, descrizione: event.target.value })}
      />
      <TextAreaField
        label="Note tecniche"
        optional
        rows={4}
        placeholder="Diagnosi, ricambi ordinati, centro assistenza..."
        maxLength={4000}
        value={value.note_tecniche}
        onChange={(event) => onChange({ ...value, note_tecniche: event.target.value })}
      />
      <ChoiceGroup
        legend="Priorità"
        choices={PRIORITY_CHOICES}
        value={value.priorita}
        onChange={(priorita) => onChange({ ...value, priorita })}
      />
    </div>
  );
}
