import type { LucideIcon } from "lucide-react";
import { Building2, Shuffle, Truck } from "lucide-react";
import { LOAN_TYPE_LABELS, LOAN_TYPES, type LoanType } from "../../../../../../src/domain/loan-types";
import type { StepProps } from "./step-props";

const USAGE_OPTIONS: Record<LoanType, { icon: LucideIcon; text: string }> = {
  solo_esterno: {
    icon: Truck,
    text: "Prestito di più giorni: l'attrezzatura può uscire dall'accademia.",
  },
  solo_interno: {
    icon: Building2,
    text: "Uso in giornata, solo all'interno dell'accademia (restituzione lo stesso giorno).",
  },
  entrambi: {
    icon: Shuffle,
    text: "Entrambi: è l'utente a scegliere, a ogni richiesta, se usarla in sede o portarla fuori.",
  },
};

/** Step 3: whether the item leaves the academy, is used only inside it, or either at the student's choice. */
export function UsageStep({ form, onChange }: StepProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-slate-700">Come si può prendere in prestito?</legend>
      <div className="space-y-3">
        {LOAN_TYPES.map((type) => {
          const { icon: Icon, text } = USAGE_OPTIONS[type];
          const chosen = form.tipo_prestito === type;
          return (
            <label
              key={type}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
                chosen ? "border-indigo-500 bg-indigo-50" : "border-slate-200 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name="tipo_prestito"
                value={type}
                checked={chosen}
                onChange={() => onChange({ tipo_prestito: type })}
                className="sr-only"
              />
              <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{LOAN_TYPE_LABELS[type]}</span>
                <span className="block text-xs text-slate-600">{text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
