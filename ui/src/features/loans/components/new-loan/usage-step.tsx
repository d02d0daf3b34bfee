import type { UsageType } from "../../../../../../src/domain/loan-types";
import { ChoiceCard } from "./choice-card";

const USAGES: { value: UsageType; label: string; text: string }[] = [
  {
    value: "interno",
    label: "Lezione / Interno",
    text: "In giornata, all'interno dell'accademia: inizio e fine nello stesso giorno.",
  },
  { value: "esterno", label: "Prestito / Esterno", text: "Per più giorni, l'attrezzatura può uscire dall'accademia." },
];

/** Step 4, only for items lent both ways. */
export function UsageStep({ usage, onSelect }: { usage: UsageType | null; onSelect: (usage: UsageType) => void }) {
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm text-slate-600">Seleziona il tipo di utilizzo</legend>
      {USAGES.map(({ value, label, text }) => (
        <ChoiceCard
          key={value}
          type="radio"
          name="loan-usage"
          checked={usage === value}
          onChange={() => onSelect(value)}
          label={label}
          details={text}
        />
      ))}
    </fieldset>
  );
}
