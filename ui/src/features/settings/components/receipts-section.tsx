import { FieldLabel, TextField } from "../../../components/form-field";
import { optionalText, type SettingsSectionProps } from "../hooks/use-settings-form";
import { SECTION } from "./section-style";

/** The conditions printed on receipts and the public address students and QR codes reach. */
export function ReceiptsSection({ draft, set }: SettingsSectionProps) {
  return (
    <section aria-labelledby="ricevute-title" className={`${SECTION} space-y-4`}>
      <h2 id="ricevute-title" className="font-semibold text-slate-900">
        Ricevute e indirizzo pubblico
      </h2>
      <div>
        <FieldLabel htmlFor="testo-condizioni" optional>
          Condizioni stampate sulle ricevute
        </FieldLabel>
        <textarea
          id="testo-condizioni"
          rows={4}
          maxLength={5000}
          value={draft.testo_condizioni}
          onChange={(event) => set({ testo_condizioni: event.target.value })}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </div>
      <TextField
        label="URL pubblico"
        optional
        hint="L'indirizzo con cui studenti e QR code raggiungono PrestaLab, es. https://prestiti.accademia.it"
        type="url"
        value={draft.url_pubblico ?? ""}
        onChange={(event) => set({ url_pubblico: optionalText(event.target.value) })}
      />
    </section>
  );
}
