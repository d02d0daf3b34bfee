import { useEffect, useState } from "react";
import type { AccessSettings } from "../../../../../src/domain/academy-access";
import { TextAreaField, TextField } from "../../../components/form-field";
import { optionalText } from "../hooks/use-settings-form";
import { SECTION } from "./section-style";

const SECRET_HINT = "salvata appare come ****: lasciala così per tenerla";

/** "gruppo = corso" per line ⇄ the group → course table. */
function groupsText(groups: Record<string, string>): string {
  return Object.entries(groups)
    .map(([group, course]) => `${group} = ${course}`)
    .join("\n");
}

function groupsFrom(text: string): Record<string, string> {
  const pairs = text
    .split("\n")
    .map((line) => line.split("="))
    .filter((parts) => parts.length >= 2)
    .map(([group, ...course]) => [group?.trim() ?? "", course.join("=").trim()] as const)
    .filter(([group, course]) => group !== "" && course !== "");
  return Object.fromEntries(pairs);
}

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * Impostazioni → Accesso: the academy's identity provider (OIDC), its directory (LDAP), how their claims
 * become a PrestaLab account, and who still sees the password form.
 */
export function AccessSection({
  access,
  setAccess,
}: {
  access: AccessSettings;
  setAccess: (change: Partial<AccessSettings>) => void;
}) {
  // The group table is typed as text, one "gruppo = corso" per line, and kept as typed.
  const [groups, setGroups] = useState(groupsText(access.gruppi_corsi));
  useEffect(() => setGroups(groupsText(access.gruppi_corsi)), [access.gruppi_corsi]);
  const text = (key: keyof AccessSettings) => ({
    value: (access[key] as string | null) ?? "",
    onChange: (event: { target: { value: string } }) => setAccess({ [key]: optionalText(event.target.value) }),
  });
  const required = (key: keyof AccessSettings) => ({
    value: access[key] as string,
    onChange: (event: { target: { value: string } }) => setAccess({ [key]: event.target.value }),
  });
  return (
    <section aria-labelledby="accesso-title" className={`${SECTION} space-y-4`}>
      <div>
        <h2 id="accesso-title" className="font-semibold text-slate-900">
          Accesso
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Studenti e personale entrano con l'account che hanno già (Google Workspace, Microsoft Entra ID, Keycloak,
          LDAP). Il primo accesso crea l'account; nome, corso e ruolo seguono la directory a ogni accesso. Gli
          amministratori possono sempre entrare con la loro password.
        </p>
      </div>
      <h3 className="font-medium text-slate-800">OpenID Connect</h3>
      <TextField label="Emittente (issuer)" optional hint="es. https://accounts.google.com" {...text("oidc_issuer")} />
      <TextField label="Client id" optional autoComplete="off" {...text("oidc_client_id")} />
      <TextField
        label="Client secret"
        optional
        autoComplete="off"
        hint={`Il segreto ${SECRET_HINT}`}
        {...text("oidc_client_secret")}
      />
      <TextField label="Scope" hint="es. openid email profile" {...required("oidc_scopes")} />
      <TextField label="Etichetta del pulsante" {...required("oidc_etichetta")} />
      <h3 className="font-medium text-slate-800">LDAP / Active Directory</h3>
      <TextField
        label="Server LDAP"
        optional
        hint="ldaps://ldap.accademia.it o ldap://… (StartTLS)"
        {...text("ldap_url")}
      />
      <TextField label="Account di servizio (bind DN)" optional {...text("ldap_bind_dn")} />
      <TextField
        label="Password dell'account di servizio"
        optional
        autoComplete="off"
        hint={`La password ${SECRET_HINT}`}
        {...text("ldap_bind_password")}
      />
      <TextField label="Base di ricerca (base DN)" optional {...text("ldap_base_dn")} />
      <TextField
        label="Filtro di ricerca"
        hint="(mail={{login}}), per esempio: {{login}} è ciò che la persona scrive"
        {...required("ldap_filtro")}
      />
      <TextAreaField label="Certificato dell'autorità (CA, PEM)" optional {...text("ldap_ca")} />
      <h3 className="font-medium text-slate-800">Dati dell'account</h3>
      <TextField label="Claim dell'e-mail" {...required("claim_email")} />
      <TextField label="Claim del nome" {...required("claim_nome")} />
      <TextField label="Claim del cognome" {...required("claim_cognome")} />
      <TextField
        label="Claim della matricola"
        hint="email:local = la parte dell'e-mail prima della @"
        {...required("claim_matricola")}
      />
      <TextField label="Claim dei gruppi" {...required("claim_gruppi")} />
      <TextAreaField
        label="Gruppi e corsi"
        optional
        hint="Uno per riga: gruppo = corso, es. studenti-fotografia = Fotografia"
        value={groups}
        onChange={(event) => {
          setGroups(event.target.value);
          setAccess({ gruppi_corsi: groupsFrom(event.target.value) });
        }}
      />
      <TextField label="Gruppo del banco (amministratori)" optional {...text("gruppo_banco")} />
      <TextField
        label="Scadenza degli account"
        optional
        hint="MM-GG: ogni account dell'Accademia vale fino al prossimo di quel giorno, es. 10-31"
        {...text("scadenza_account")}
      />
      <Switch
        label="Chi non ha un corso collegato non può entrare (altrimenti sceglie il corso al primo accesso)"
        checked={access.corso_obbligatorio}
        onChange={(on) => setAccess({ corso_obbligatorio: on })}
      />
      <Switch
        label="Gli studenti possono entrare anche con la password di PrestaLab"
        checked={access.accesso_password_studenti}
        onChange={(on) => setAccess({ accesso_password_studenti: on })}
      />
      <Switch
        label="Registrazione aperta agli studenti"
        checked={access.registrazione_aperta}
        onChange={(on) => setAccess({ registrazione_aperta: on })}
      />
    </section>
  );
}
