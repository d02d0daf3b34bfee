import { TextField } from "../../../components/form-field";
import { optionalText, type SettingsSectionProps } from "../hooks/use-settings-form";
import { SECTION } from "./section-style";

/** The mail server and sender PrestaLab writes with (blank: the server's own SMTP_URL and MAIL_FROM). */
export function MailSection({ draft, set }: SettingsSectionProps) {
  return (
    <section aria-labelledby="posta-title" className={`${SECTION} space-y-4`}>
      <div>
        <h2 id="posta-title" className="font-semibold text-slate-900">
          Posta elettronica
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Con un server di posta PrestaLab scrive agli studenti (approvazioni, rifiuti, scadenze, ritardi, penalità,
          blocchi), manda al banco il riepilogo del mattino e il link per reimpostare la password. Vuoto: si usano
          SMTP_URL e MAIL_FROM del server, se ci sono; altrimenti nessuna e-mail.
        </p>
      </div>
      <TextField
        label="Server di posta (SMTP)"
        optional
        hint="es. smtps://utente:password@mail.accademia.it:465 · la password salvata appare come ****: lasciala così per tenerla"
        autoComplete="off"
        value={draft.smtp_url ?? ""}
        onChange={(event) => set({ smtp_url: optionalText(event.target.value) })}
      />
      <TextField
        label="Mittente"
        optional
        hint="es. Ufficio prestiti <prestiti@accademia.it>"
        value={draft.mail_from ?? ""}
        onChange={(event) => set({ mail_from: optionalText(event.target.value) })}
      />
    </section>
  );
}
