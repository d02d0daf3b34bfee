import { ChoiceGroup } from "../../../../components/choice-group";
import { SignaturePadField } from "../../../../components/signature-pad-field";

/** The student signs on the desk's screen, or confirms with their password on their own phone. */
export type SignatureChoice = { mode: "pad"; png: string | null } | { mode: "password" };

export function HandOverSignature({
  value,
  onChange,
}: {
  value: SignatureChoice;
  onChange: (value: SignatureChoice) => void;
}) {
  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend="Firma dell'accordo"
        value={value.mode}
        choices={[
          { value: "pad" as const, label: "Firma su questo schermo" },
          { value: "password" as const, label: "Conferma con password sul telefono" },
        ]}
        onChange={(mode) => onChange(mode === "pad" ? { mode: "pad", png: null } : { mode: "password" })}
      />
      {value.mode === "pad" ? (
        <SignaturePadField label="Firma dello studente" onChange={(png) => onChange({ mode: "pad", png })} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Dopo la consegna lo studente apre «Le mie prenotazioni» sul suo telefono e conferma con la sua password: la
          ricevuta firmata resta lì da scaricare.
        </p>
      )}
    </div>
  );
}
