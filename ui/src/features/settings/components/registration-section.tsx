import { TextAreaField } from "../../../components/form-field";
import { SECTION } from "./section-style";

/** The e-mail domains students may register with, typed one per line and kept as typed. */
export function RegistrationSection({
  domainsText,
  onDomainsTextChange,
}: {
  domainsText: string;
  onDomainsTextChange: (text: string) => void;
}) {
  return (
    <section aria-labelledby="registrazione-title" className={`${SECTION} space-y-4`}>
      <div>
        <h2 id="registrazione-title" className="font-semibold text-slate-900">
          Registrazione degli studenti
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Con uno o più domini, gli studenti possono registrarsi solo con un indirizzo e-mail di quei domini. Il banco
          può sempre creare un account con qualsiasi indirizzo.
        </p>
      </div>
      <TextAreaField
        label="Domini e-mail ammessi"
        optional
        hint="Uno per riga, solo la parte dopo la @, es. studenti.accademia.it. Vuoto: chiunque può registrarsi."
        value={domainsText}
        onChange={(event) => onDomainsTextChange(event.target.value)}
      />
    </section>
  );
}
