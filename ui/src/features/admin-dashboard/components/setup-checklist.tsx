import { Circle, CircleCheck, ListChecks } from "lucide-react";
import { Link } from "react-router";
import { useSetupChecklist } from "../../../api/primi-passi";
import { Alert } from "../../../components/alert";

/**
 * "Primi passi": a clean install's five steps (name and address, courses, opening days, first items,
 * mail), each a link to the screen where it is done and ticked once the academy's data shows it done.
 * Hidden once every step is.
 */
export function SetupChecklist() {
  const checklist = useSetupChecklist();
  if (checklist.isError) return <Alert tone="error">{checklist.error.message}</Alert>;
  if (!checklist.data || checklist.data.completato) return null;
  const steps = checklist.data.passi;
  const done = steps.filter((step) => step.fatto).length;
  return (
    <section aria-labelledby="setup-checklist-title" className="rounded-xl border border-indigo-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-5 py-4">
        <ListChecks className="size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <h2 id="setup-checklist-title" className="font-semibold text-slate-900">
          Primi passi
        </h2>
        <span className="text-sm text-slate-600">
          {done} di {steps.length} fatti
        </span>
      </header>
      <ol aria-label="Primi passi" className="divide-y divide-slate-100">
        {steps.map((step, index) => (
          <li key={step.passo} className="flex items-start gap-3 px-5 py-3 text-sm">
            {step.fatto ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1">
              <Link
                to={step.link}
                className="rounded-sm font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:text-indigo-700 hover:decoration-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
              >
                {index + 1}. {step.titolo}
              </Link>
              <span className="block text-slate-600">{step.descrizione}</span>
            </span>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${
                step.fatto ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"
              }`}
            >
              {step.fatto ? "Fatto" : "Da fare"}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
