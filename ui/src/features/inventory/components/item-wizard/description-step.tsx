import { ITEM_TEXT_LIMITS } from "../../../../../../src/domain/item-limits";
import { FieldLabel, TextAreaField, TextField } from "../../../../components/form-field";
import type { StepProps } from "./step-props";

/** Step 2: what students read about the item, the accessories the desk checks, its picture. */
export function DescriptionStep({ form, onChange }: StepProps) {
  return (
    <div className="space-y-4">
      <div>
        <FieldLabel htmlFor="item-note" optional>
          Descrizione e note
        </FieldLabel>
        <textarea
          id="item-note"
          rows={4}
          value={form.note}
          onChange={(event) => onChange({ note: event.target.value })}
          placeholder="Accessori inclusi, avvertenze, stato d'uso…"
          maxLength={ITEM_TEXT_LIMITS.note}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </div>
      <TextAreaField
        label="Accessori da verificare"
        optional
        rows={3}
        value={form.checklist}
        onChange={(event) => onChange({ checklist: event.target.value })}
        placeholder={"Batteria\nCaricatore\nTappo dell'obiettivo"}
        maxLength={2000}
        hint="Uno per riga: il banco li controlla alla consegna e alla restituzione."
      />
      <TextField
        label="Link all'immagine"
        optional
        type="url"
        inputMode="url"
        value={form.immagine_url}
        onChange={(event) => onChange({ immagine_url: event.target.value })}
        placeholder="https://…"
        maxLength={ITEM_TEXT_LIMITS.immagineUrl}
        hint="Incolla il link diretto a un'immagine (ad esempio il link di condivisione da Google Drive, Dropbox o OneDrive)."
      />
    </div>
  );
}
