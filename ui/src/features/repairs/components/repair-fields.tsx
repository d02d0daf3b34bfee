import { PRIORITIES, type Priority } from "../../../../../src/domain/repairs";
import type { RepairDetails } from "../../../api/riparazioni";
import { ChoiceGroup } from "../../../components/choice-group";
import { TextAreaField } from "../../../components/form-field";
import { PRIORITY_LABELS, PRIORITY_SELECTED_COLORS } from "../../../components/report-badges";

const NO_DESCRIPTION = "Descrivi il problema da riparare";

/** What the desk still has to fill in before a repair can be saved, or null. */
export function repairDetailsProblem(details: RepairDetails): string | null {
  return details.descrizione.trim() ? null : NO_DESCRIPTION;
}

const PRIORITY_CHOICES = PRIORITIES.map((value: Priority) => ({
  value,
  label: PRIORITY_LABELS[value],
  selectedClassName: PRIORITY_SELECTED_COLORS[value],
}));

/**
 * The details a repair carries, the same when creating and when editing. Once the desk has tried to save
 * (`showProblems`), a missing description is marked on its field.
 */
export function RepairFields({
  value,
  onChange,
  showProblems,
}: {
  value: RepairDetails;
  onChange: (details: RepairDetails) => void;
  showProblems: boolean;
}) {
  return (
    <div className="space-y-4">
      <TextAreaField
        label="Descrizione del problema"
        placeholder="Es. l'obiettivo non mette a fuoco"
        maxLength={2000}
        error={showProblems ? repairDetailsProblem(value) : null}
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
