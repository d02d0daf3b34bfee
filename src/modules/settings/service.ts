import { eq } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { impostazioni } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
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

const SETTINGS_ROW = 1;

/** The academy's settings as they stand: the stored values over the defaults. */
export function readSettings(db: Db): AcademySettings {
  const row = db.select().from(impostazioni).where(eq(impostazioni.id, SETTINGS_ROW)).get();
  return row ? { ...DEFAULT_SETTINGS, ...(JSON.parse(row.valori) as Partial<AcademySettings>) } : DEFAULT_SETTINGS;
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
    domini_email_registrazione: normalizedDomains(settings.domini_email_registrazione),
  };
}

/** The settings as an administrator's screen gets them: the mail server's password hidden. */
export function shownSettings(settings: AcademySettings): AcademySettings {
  return settings.smtp_url === null ? settings : { ...settings, smtp_url: hideSmtpPassword(settings.smtp_url) };
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
    const next = normalized({ ...current, ...change, ...smtpChange });
    const problem = settingsProblem(next);
    if (problem) throw badRequest(problem);
    const changed = (Object.keys(next) as Array<keyof AcademySettings>).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
    );
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
