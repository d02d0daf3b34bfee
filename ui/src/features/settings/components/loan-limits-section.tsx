import { TextField } from "../../../components/form-field";
import type { SettingsSectionProps } from "../hooks/use-settings-form";
import { SECTION } from "./section-style";

/** A number field's text as a limit: empty means "no limit" (null). */
function limitOf(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** How long and how many loans a student may have, and how long a loan waits to be picked up. */
export function LoanLimitsSection({ draft, set }: SettingsSectionProps) {
  return (
    <section aria-labelledby="prestiti-title" className={`${SECTION} grid gap-4 sm:grid-cols-2`}>
      <h2 id="prestiti-title" className="font-semibold text-slate-900 sm:col-span-2">
        Prestiti
      </h2>
      <TextField
        label="Durata massima di un prestito esterno (giorni)"
        optional
        hint="Vuoto = nessun limite. Ogni articolo può avere la sua."
        type="number"
        min={1}
        value={draft.durata_massima_giorni ?? ""}
        onChange={(event) => set({ durata_massima_giorni: limitOf(event.target.value) })}
      />
      <TextField
        label="Prestiti e richieste in corso per studente, al massimo"
        optional
        hint="Vuoto = nessun limite."
        type="number"
        min={1}
        value={draft.prestiti_massimi_per_studente ?? ""}
        onChange={(event) => set({ prestiti_massimi_per_studente: limitOf(event.target.value) })}
      />
      <TextField
        label="Giorni per ritirare un prestito"
        hint="Dopo il giorno di inizio: passati questi giorni, un prestito mai ritirato viene annullato."
        type="number"
        min={1}
        max={30}
        value={draft.giorni_ritiro}
        onChange={(event) => set({ giorni_ritiro: Number(event.target.value) })}
      />
      <TextField
        label="Ore per confermare un posto liberato"
        hint="Quando un'unità si libera, il primo studente in coda la tiene per queste ore; poi passa al successivo."
        type="number"
        min={1}
        max={168}
        value={draft.ore_attesa}
        onChange={(event) => set({ ore_attesa: Number(event.target.value) })}
      />
    </section>
  );
}
