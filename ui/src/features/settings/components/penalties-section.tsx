import { Plus, Trash2 } from "lucide-react";
import type { StrikeStep } from "../../../../../src/domain/academy-settings";
import { Button, IconButton } from "../../../components/button";
import { TextField } from "../../../components/form-field";
import type { SettingsSectionProps } from "../hooks/use-settings-form";
import { CountSetting } from "./number-setting";
import { SECTION } from "./section-style";

/** Strikes: how many block an account, when they expire, and the scale from days late to strikes. */
export function PenaltiesSection({ draft, set }: SettingsSectionProps) {
  function changeStep(index: number, change: Partial<StrikeStep>) {
    set({ scala_penalita: draft.scala_penalita.map((step, at) => (at === index ? { ...step, ...change } : step)) });
  }

  return (
    <section aria-labelledby="penalita-title" className={`${SECTION} grid gap-4 sm:grid-cols-2`}>
      <h2 id="penalita-title" className="font-semibold text-slate-900 sm:col-span-2">
        Penalità
      </h2>
      <CountSetting draft={draft} set={set} name="soglia_blocco" label="Penalità che bloccano l'account" min={1} />
      <CountSetting
        draft={draft}
        set={set}
        name="scadenza_penalita_mesi"
        label="Le penalità scadono dopo (mesi senza ritardi)"
        hint="0 = non scadono mai."
        min={0}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">
          Scala: da quanti giorni di ritardo, quante penalità
        </legend>
        <ul className="mt-2 space-y-2">
          {draft.scala_penalita.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place on the scale
            <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
              <TextField
                label={`Gradino ${index + 1}: da giorni di ritardo`}
                type="number"
                min={1}
                value={step.da_giorni}
                onChange={(event) => changeStep(index, { da_giorni: Number(event.target.value) })}
              />
              <TextField
                label={`Gradino ${index + 1}: penalità`}
                type="number"
                min={1}
                value={step.strike}
                onChange={(event) => changeStep(index, { strike: Number(event.target.value) })}
              />
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Elimina il gradino ${index + 1}`}
                disabled={draft.scala_penalita.length === 1}
                onClick={() => set({ scala_penalita: draft.scala_penalita.filter((_, at) => at !== index) })}
              />
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            const last = draft.scala_penalita.at(-1);
            set({
              scala_penalita: [
                ...draft.scala_penalita,
                { da_giorni: (last?.da_giorni ?? 0) + 7, strike: (last?.strike ?? 0) + 1 },
              ],
            });
          }}
          icon={Plus}
        >
          Aggiungi gradino
        </Button>
      </fieldset>
    </section>
  );
}
