import type { Step } from "./wizard-state";

export const STEPS: { step: Step; title: string }[] = [
  { step: 1, title: "Articolo" },
  { step: 2, title: "Utente" },
  { step: 3, title: "Unità" },
  { step: 4, title: "Utilizzo" },
  { step: 5, title: "Date e riepilogo" },
];

/** Where the wizard is: each step's bar and name, the usage step struck through when the item skips it. */
export function WizardProgress({ step: current, usageSkipped }: { step: Step; usageSkipped: boolean }) {
  return (
    <ol aria-label="Passi" className="mb-5 grid grid-cols-5 gap-1.5">
      {STEPS.map(({ step, title }) => {
        const skipped = step === 4 && usageSkipped;
        const done = step < current && !skipped;
        const active = step === current;
        return (
          <li key={step} aria-current={active ? "step" : undefined} className="min-w-0">
            <span
              className={`block h-1.5 rounded-full ${active ? "bg-indigo-600" : done ? "bg-indigo-300" : "bg-slate-200"}`}
            />
            <span
              className={`mt-1 hidden text-xs leading-tight sm:block ${active ? "font-semibold text-indigo-700" : skipped ? "text-slate-500 line-through" : "text-slate-500"}`}
            >
              {step}. {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
