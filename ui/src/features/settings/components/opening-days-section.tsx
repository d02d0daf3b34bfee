import { Plus, Trash2 } from "lucide-react";
import { type Closure, WEEKDAY_NAMES } from "../../../../../src/domain/academy-settings";
import { Button, IconButton } from "../../../components/button";
import { DateField } from "../../../components/date-field";
import { TextField } from "../../../components/form-field";
import type { SettingsSectionProps } from "../hooks/use-settings-form";
import { SECTION } from "./section-style";

/** The days the desk is open, and the closures (holidays, breaks) when no loan starts or ends. */
export function OpeningDaysSection({ draft, set }: SettingsSectionProps) {
  const setClosure = (index: number, change: Partial<Closure>) =>
    set({ chiusure: draft.chiusure.map((closure, at) => (at === index ? { ...closure, ...change } : closure)) });
  return (
    <section aria-labelledby="apertura-title" className={SECTION}>
      <h2 id="apertura-title" className="font-semibold text-slate-900">
        Giorni di apertura
      </h2>
      <fieldset className="mt-3">
        <legend className="text-sm text-slate-600">Il banco è aperto nei giorni scelti</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {WEEKDAY_NAMES.map((name, index) => {
            const day = index + 1;
            const checked = draft.giorni_apertura.includes(day);
            return (
              <label key={name} className="inline-flex items-center gap-2 text-sm text-slate-700 capitalize">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    set({
                      giorni_apertura: checked
                        ? draft.giorni_apertura.filter((open) => open !== day)
                        : [...draft.giorni_apertura, day].sort(),
                    })
                  }
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                {name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Chiusure</h3>
      <p className="text-sm text-slate-600">
        Festività e periodi di chiusura: nessun prestito inizia o finisce in questi giorni.
      </p>
      <ul className="mt-3 space-y-3">
        {draft.chiusure.map((closure, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: closures have no id until saved; their order is the form's
          <li key={index} className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end">
            <DateField label="Dal" value={closure.dal} onChange={(day) => setClosure(index, { dal: day })} />
            <DateField label="Al" value={closure.al} onChange={(day) => setClosure(index, { al: day })} />
            <TextField
              label="Motivo"
              value={closure.motivo}
              maxLength={200}
              onChange={(event) => setClosure(index, { motivo: event.target.value })}
            />
            <IconButton
              icon={Trash2}
              tone="danger"
              label={`Elimina la chiusura ${closure.motivo || index + 1}`}
              onClick={() => set({ chiusure: draft.chiusure.filter((_, at) => at !== index) })}
            />
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-3"
        icon={Plus}
        onClick={() => set({ chiusure: [...draft.chiusure, { dal: "", al: "", motivo: "" }] })}
      >
        Aggiungi chiusura
      </Button>
    </section>
  );
}
