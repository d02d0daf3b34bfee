import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { rowById } from "../../db/prepared";
import { impostazioni } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { ACCESS_SECRETS, type AccessSettings, HIDDEN_SECRET } from "../../domain/academy-access";
import {
  type AcademySettings,
  DEFAULT_SETTINGS,
  normalizedDomains,
  settingsProblem,
} from "../../domain/academy-settings";
import { hideSmtpPassword, SMTP_PASSWORD_NOT_KEPT, withStoredSmtpPassword } from "../../domain/smtp-url";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import type { SettingsChange } from "./model";
import { sealSecret } from "./secret-box";

const SETTINGS_ROW = 1;

const settingsRow = rowById(impostazioni);

/** The academy's settings as they stand: the stored values over the defaults. */
export function readSettings(db: Db): AcademySettings {
  const row = settingsRow(db, SETTINGS_ROW);
  if (!row) return DEFAULT_SETTINGS;
  const stored = JSON.parse(row.valori) as Partial<AcademySettings>;
  return { ...DEFAULT_SETTINGS, ...stored, accesso: { ...DEFAULT_SETTINGS.accesso, ...stored.accesso } };
}

function normalizedAccess(access: AccessSettings): AccessSettings {
  const blankToNull = (value: string | null) => (value?.trim() ? value.trim() : null);
  return {
    ...access,
    oidc_issuer: blankToNull(access.oidc_issuer)?.replace(/\/+$/, "") ?? null,
    oidc_client_id: blankToNull(access.oidc_client_id),
    oidc_scopes: access.oidc_scopes.trim().split(/\s+/).join(" "),
    oidc_etichetta: access.oidc_etichetta.trim(),
    ldap_url: blankToNull(access.ldap_url),
    ldap_bind_dn: blankToNull(access.ldap_bind_dn),
    ldap_base_dn: blankToNull(access.ldap_base_dn),
    ldap_filtro: access.ldap_filtro.trim(),
    ldap_ca: blankToNull(access.ldap_ca),
    claim_email: access.claim_email.trim(),
    claim_nome: access.claim_nome.trim(),
    claim_cognome: access.claim_cognome.trim(),
    claim_matricola: access.claim_matricola.trim(),
    claim_gruppi: access.claim_gruppi.trim(),
    claim_valido_fino_al: access.claim_valido_fino_al.trim(),
    gruppi_corsi: Object.fromEntries(
      Object.entries(access.gruppi_corsi).map(([group, course]) => [group.trim(), course.trim()]),
    ),
    gruppo_banco: blankToNull(access.gruppo_banco),
    domini_email_registrazione: normalizedDomains(access.domini_email_registrazione),
    scadenza_account: blankToNull(access.scadenza_account),
  };
}

function normalized(settings: AcademySettings): AcademySettings {
  const url = settings.url_pubblico?.trim().replace(/\/+$/, "") ?? "";
  const blankToNull = (value: string | null) => (value?.trim() ? value.trim() : null);
  return {
    ...settings,
    giorni_apertura: [...settings.giorni_apertura].sort((a, b) => a - b),
    chiusure: settings.chiusure
      .map((closure) => ({ ...closure, motivo: closure.motivo.trim() }))
      .sort((a, b) => a.dal.localeCompare(b.dal)),
    url_pubblico: url === "" ? null : url,
    smtp_url: blankToNull(settings.smtp_url),
    mail_from: blankToNull(settings.mail_from),
    accesso: normalizedAccess(settings.accesso),
  };
}

/** The settings as an administrator's screen gets them: the mail server's password and every secret hidden. */
export function shownSettings(settings: AcademySettings): AcademySettings {
  const accesso = { ...settings.accesso };
  for (const secret of ACCESS_SECRETS) if (accesso[secret] !== null) accesso[secret] = HIDDEN_SECRET;
  const smtp_url = settings.smtp_url === null ? null : hideSmtpPassword(settings.smtp_url);
  return { ...settings, smtp_url, accesso };
}

/**
 * The access settings after a change: a secret sent back as **** keeps the stored (sealed) one, a new one
 * is sealed, a blank one is removed.
 */
function accessToStore(
  serverSecret: string,
  current: AccessSettings,
  change: Partial<AccessSettings> | undefined,
): AccessSettings {
  const next = { ...current, ...change };
  for (const secret of ACCESS_SECRETS) {
    const sent = change?.[secret];
    if (sent === undefined || sent === HIDDEN_SECRET) next[secret] = current[secret];
    else next[secret] = sent === null || sent.trim() === "" ? null : sealSecret(serverSecret, sent);
  }
  return next;
}

/** A mail server sent back with its password hidden keeps the stored password. */
function smtpUrlToStore(sent: string | null, stored: string | null): string | null {
  if (sent === null) return null;
  const kept = withStoredSmtpPassword(sent, stored);
  if (kept === null) throw badRequest(SMTP_PASSWORD_NOT_KEPT);
  return kept;
}

/** Applies a change to the settings after checking the whole result; audited with the fields changed. */
export function updateSettings(ctx: AppContext, admin: Actor, change: SettingsChange): AcademySettings {
  return writeTransaction(ctx.db, (tx) => {
    const current = readSettings(tx);
    const smtpChange =
      change.smtp_url === undefined ? {} : { smtp_url: smtpUrlToStore(change.smtp_url, current.smtp_url) };
    const accesso = accessToStore(ctx.jwtSecret, current.accesso, change.accesso);
    const next = normalized({ ...current, ...change, ...smtpChange, accesso });
    const problem = settingsProblem(next);
    if (problem) throw badRequest(problem);
    const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
    const changed = [
      ...(Object.keys(next) as Array<keyof AcademySettings>).filter(
        (key) => key !== "accesso" && differs(next[key], current[key]),
      ),
      ...(Object.keys(next.accesso) as Array<keyof AccessSettings>)
        .filter((key) => differs(next.accesso[key], current.accesso[key]))
        .map((key) => `accesso.${key}`),
    ];
    if (changed.length === 0) return next;
    const values = JSON.stringify(next);
    const updatedAt = ctx.clock.now().toISOString();
    tx.insert(impostazioni)
      .values({ id: SETTINGS_ROW, valori: values, updatedAt })
      .onConflictDoUpdate({ target: impostazioni.id, set: { valori: values, updatedAt } })
      .run();
    recordAudit(tx, ctx.clock, admin, {
      action: "settings.update",
      entity: "settings",
      summary: `Impostazioni modificate: ${changed.join(", ")}`,
    });
    return next;
  });
}
