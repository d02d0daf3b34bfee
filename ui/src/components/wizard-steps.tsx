import { Check } from "lucide-react";

/**
 * Where a step-by-step form stands: numbered steps with their names, the current one marked for
 * screen readers. On phones only the current step's name is shown, so the row never overflows.
 */
export function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav aria-label="Passaggi" className="mb-5">
      <ol className="flex items-center gap-2">
        {steps.map((label, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li
              key={label}
              aria-current={active ? "step" : undefined}
              className={`flex min-w-0 items-center gap-2 ${active ? "flex-1 sm:flex-none" : ""}`}
            >
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  active
                    ? "bg-indigo-600 text-white"
                    : done
                      ? "bg-indigo-100 text-indigo-700"
                      : "bg-slate-100 text-slate-500"
                }`}
              >
                {done ? <Check className="size-3.5" aria-hidden="true" /> : number}
              </span>
              <span
                className={`truncate text-sm ${active ? "font-medium text-slate-900" : "hidden text-slate-500 sm:inline"}`}
              >
                <span className="sr-only">
                  Passaggio {number} di {steps.length}:{" "}
                </span>
                {label}
              </span>
              {number < steps.length && <span aria-hidden="true" className="hidden h-px w-6 bg-slate-200 sm:block" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
