import { Mail } from "lucide-react";
import type { MailStatus } from "../../../../../src/modules/mail/model";
import { Alert } from "../../../components/alert";
import { SystemCard } from "./system-card";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("it-IT") : null);

/** The e-mail service as it really stands: configured or not, and the outbox's queued, sent and failed messages. */
export function MailCard({ mail }: { mail: MailStatus }) {
  const figures: Array<[string, number]> = [
    ["In coda", mail.in_coda],
    ["Inviate", mail.inviate],
    ["Non inviate", mail.fallite],
  ];
  return (
    <SystemCard headingId="mail-heading" icon={Mail} title="Posta elettronica">
      {mail.configurata ? (
        <p className="mt-1 text-sm text-slate-600">
          Attiva: server <span className="font-mono">{mail.server}</span>, mittente {mail.mittente}
          {mail.ultimo_invio_at && ` · ultimo invio il ${when(mail.ultimo_invio_at)}`}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Non configurata: nessuna e-mail viene scritta. Indica un server di posta in Impostazioni (o SMTP_URL).
        </p>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value.toLocaleString("it-IT")}</dd>
          </div>
        ))}
      </dl>
      {mail.ultimo_errore && (
        <div className="mt-3">
          <Alert tone={mail.in_coda > 0 || mail.fallite > 0 ? "warning" : "info"}>
            Ultimo errore ({when(mail.ultimo_errore_at)}): {mail.ultimo_errore}
          </Alert>
        </div>
      )}
    </SystemCard>
  );
}
