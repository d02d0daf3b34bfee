import { Check } from "lucide-react";

export type WizardStep = 1 | 2 | 3 | 4;

export const STEP_LABELS: Record<WizardStep, string> = {
  1: "Articolo",
  2: "Unità",
  3: "Utilizzo",
  4: "Date",
};

/** The four steps of the wizard; the usage step is shown as skipped for items without a choice. */
export function StepIndicator({ current, usageSkipped }: { current: WizardStep; usageSkipped: boolean }) {
  const steps: WizardStep[] = [1, 2, 3, 4];
  return (
    <ol aria-label="Passaggi della richiesta" className="mb-5 grid grid-cols-4 gap-2">
      {steps.map((step) => {
        const done = step < current;
        const active = step === current;
        const skipped = step === 3 && usageSkipped;
        return (
          <li
            key={step}
            aria-current={active ? "step" : undefined}
            className={`flex flex-col items-center gap-1 text-center text-xs ${skipped ? "text-slate-500" : active ? "font-semibold text-indigo-700" : "text-slate-500"}`}
          >
            <span
              className={`flex size-7 items-center justify-center rounded-full text-xs font-semibold ${
                active
                  ? "bg-indigo-600 text-white"
                  : done && !skipped
                    ? "bg-indigo-100 text-indigo-700"
                    : "bg-slate-100 text-slate-500"
              }`}
            >
              {done && !skipped ? <Check className="size-3.5" aria-hidden="true" /> : step}
            </span>
            <span className={skipped ? "line-through" : undefined}>{STEP_LABELS[step]}</span>
          </li>
        );
      })}
    </ol>
  );
}
