import { UserX } from "lucide-react";
import { useDirectoryAccounts } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { StudentLink } from "../../../components/entity-links";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { formatCount } from "./format";
import { SystemCard } from "./system-card";

/**
 * The daily directory check: the LDAP accounts whose entry the academy's directory no longer has. Shown
 * once the server has checked (an academy without LDAP never sees it), or while such accounts remain.
 */
export function DirectoryAccountsCard() {
  const { data } = useDirectoryAccounts();
  if (!data || (data.ultimo_controllo === null && data.scomparsi.length === 0)) return null;
  const last = data.ultimo_controllo;
  return (
    <SystemCard headingId="directory-heading" icon={UserX} title="Account non più nella directory">
      {last === null ? (
        <p className="mt-1 text-sm text-slate-600">La directory non è ancora stata controllata.</p>
      ) : last.esito === "completato" ? (
        <p className="mt-1 text-sm text-slate-600">
          Ultimo controllo il {formatDateTime(last.il)}: {formatCount(last.account_controllati)} account LDAP
          controllati.
        </p>
      ) : last.esito === "certificato_non_valido" ? (
        <div className="mt-2">
          <Alert tone="error">
            Il controllo del {formatDateTime(last.il)} non è partito: il certificato della directory non è stato
            accettato. Non è firmato dall'autorità (CA) scelta in Impostazioni → Accesso, è scaduto o non corrisponde
            all'indirizzo della directory. Finché non si corregge, anche gli studenti non possono accedere con l'account
            dell'Accademia.
          </Alert>
        </div>
      ) : (
        <div className="mt-2">
          <Alert tone="warning">
            La directory non ha risposto al controllo del {formatDateTime(last.il)}: nessun account è stato segnato. Il
            controllo viene ripetuto al prossimo giro.
          </Alert>
        </div>
      )}
      {data.scomparsi.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Tutti gli account LDAP sono ancora nella directory.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600">
            Questi account non possono più accedere. I loro prestiti aperti restano da restituire.
          </p>
          <ul aria-label="Account non più nella directory" className="mt-2 divide-y divide-slate-100">
            {data.scomparsi.map((account) => (
              <li key={account.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                <StudentLink
                  id={account.id}
                  name={`${account.name} ${account.surname}`}
                  className="font-medium text-slate-900"
                />
                <span className="text-slate-600">{account.email}</span>
                {account.matricola && <span className="text-slate-600">matricola {account.matricola}</span>}
                {account.corso_accademico && <span className="text-slate-600">{account.corso_accademico}</span>}
                <span className="ml-auto text-xs text-slate-500">
                  non trovato dal {formatDate(account.scomparso_il)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </SystemCard>
  );
}
