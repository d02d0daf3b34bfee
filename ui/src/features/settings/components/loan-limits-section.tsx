import type { SettingsSectionProps } from "../hooks/use-settings-form";
import { CountSetting, LimitSetting } from "./number-setting";
import { SECTION } from "./section-style";

/** How long and how many loans a student may have, and how long a loan waits to be picked up. */
export function LoanLimitsSection({ draft, set }: SettingsSectionProps) {
  return (
    <section aria-labelledby="prestiti-title" className={`${SECTION} grid gap-4 sm:grid-cols-2`}>
      <h2 id="prestiti-title" className="font-semibold text-slate-900 sm:col-span-2">
        Prestiti
      </h2>
      <LimitSetting
        draft={draft}
        set={set}
        name="durata_massima_giorni"
        label="Durata massima di un prestito esterno (giorni)"
        hint="Ogni articolo può avere la sua."
        min={1}
      />
      <LimitSetting
        draft={draft}
        set={set}
        name="prestiti_massimi_per_studente"
        label="Prestiti e richieste in corso per studente, al massimo"
        min={1}
      />
      <CountSetting
        draft={draft}
        set={set}
        name="giorni_ritiro"
        label="Giorni per ritirare un prestito"
        hint="Dopo il giorno di inizio: passati questi giorni, un prestito mai ritirato viene annullato."
        min={1}
        max={30}
      />
      <CountSetting
        draft={draft}
        set={set}
        name="ore_attesa"
        label="Ore per confermare un posto liberato"
        hint="Quando un'unità si libera, il primo studente in coda la tiene per queste ore; poi passa al successivo."
        min={1}
        max={168}
      />
    </section>
  );
}
