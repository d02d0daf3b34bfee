// The academy's own lending rules, as settings the desk can change (GET|PUT /api/impostazioni). Every
// function here is pure and takes the settings as input, so the server enforces and the UI shows the same
// rule. The defaults are the rules PrestaLab had before they became settings.

import { type AccessSettings, accessProblem, DEFAULT_ACCESS } from "./academy-access";
import { addDays, daysBetween, isIsoDate } from "./dates";
import { DEFAULT_HOLD_HOURS } from "./demand";

export interface Closure {
  dal: string;
  al: string;
  motivo: string;
}

/** Days late from which a late return earns `strike` strikes; the steps are sorted by `da_giorni`. */
export interface StrikeStep {
  da_giorni: number;
  strike: number;
}

export interface AcademySettings {
  /** 1 = Monday … 7 = Sunday. */
  giorni_apertura: number[];
  chiusure: Closure[];
  /** The longest external loan in calendar days (start and end included); null = no limit. */
  durata_massima_giorni: number | null;
  /** Open loans plus pending requests a student may have at once; null = no limit. */
  prestiti_massimi_per_studente: number | null;
  soglia_blocco: number;
  scala_penalita: StrikeStep[];
  /** Months without a late return after which a student's strikes expire; 0 = never. */
  scadenza_penalita_mesi: number;
  /**
   * Days after a loan's start day in which a loan never handed over may still be collected; after them
   * it is cancelled as a no-show and its units are free again.
   */
  giorni_ritiro: number;
  /** Hours a freed unit is held for the first student of its waiting list before it passes to the next. */
  ore_attesa: number;
  testo_condizioni: string;
  /** The address students and QR codes use to reach PrestaLab; null = the address the browser used. */
  url_pubblico: string | null;
  /** The mail server (smtp:// or smtps://, with user and password if it needs them); null = SMTP_URL, else no e-mail. */
  smtp_url: string | null;
  /** The sender of every e-mail ("Ufficio prestiti <prestiti@accademia.it>"); null = MAIL_FROM. */
  mail_from: string | null;
  /** Sign-in through the academy's accounts, the password form and self-registration. */
  accesso: AccessSettings;
}

/** The settings every signed-in person may read: what the booking forms and calendars show. */
export type BookingRules = Pick<
  AcademySettings,
  | "giorni_apertura"
  | "chiusure"
  | "durata_massima_giorni"
  | "prestiti_massimi_per_studente"
  | "soglia_blocco"
  | "scala_penalita"
  | "scadenza_penalita_mesi"
>;

export function bookingRules(settings: AcademySettings): BookingRules {
  return {
    giorni_apertura: settings.giorni_apertura,
    chiusure: settings.chiusure,
    durata_massima_giorni: settings.durata_massima_giorni,
    prestiti_massimi_per_studente: settings.prestiti_massimi_per_studente,
    soglia_blocco: settings.soglia_blocco,
    scala_penalita: settings.scala_penalita,
    scadenza_penalita_mesi: settings.scadenza_penalita_mesi,
  };
}

export const DEFAULT_SETTINGS: AcademySettings = {
  giorni_apertura: [1, 2, 3, 4, 5, 6, 7],
  chiusure: [],
  durata_massima_giorni: null,
  prestiti_massimi_per_studente: null,
  soglia_blocco: 3,
  scala_penalita: [
    { da_giorni: 1, strike: 1 },
    { da_giorni: 4, strike: 2 },
    { da_giorni: 8, strike: 3 },
  ],
  scadenza_penalita_mesi: 0,
  giorni_ritiro: 2,
  ore_attesa: DEFAULT_HOLD_HOURS,
  testo_condizioni: "",
  url_pubblico: null,
  smtp_url: null,
  mail_from: null,
  accesso: DEFAULT_ACCESS,
};

export const MAX_NOTE_LENGTH = 1000;
export const MAX_TERMS_LENGTH = 5000;
const MAX_CLOSURES = 200;
const MAX_LIMIT = 3650;
const MAX_COLLECTION_DAYS = 30;
const MAX_HOLD_HOURS = 168;

export const WEEKDAY_NAMES = ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"] as const;

/** `YYYY-MM-DD` → `DD/MM/YYYY`, as every Italian message shows a date. */
export function italianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(isoDate: string): number {
  const sundayFirst = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

/** What decides whether the desk is open on a day. */
export type OpeningRules = Pick<AcademySettings, "giorni_apertura" | "chiusure">;

export function closureOn(settings: OpeningRules, isoDate: string): Closure | null {
  return settings.chiusure.find((closure) => closure.dal <= isoDate && isoDate <= closure.al) ?? null;
}

export function isOpenDay(settings: OpeningRules, isoDate: string): boolean {
  return settings.giorni_apertura.includes(isoWeekday(isoDate)) && !closureOn(settings, isoDate);
}

/** The days from `first` to `last` (both included) on which the desk is closed: what calendars grey out. */
export function closedDaysBetween(settings: OpeningRules, first: string, last: string): Set<string> {
  const closed = new Set<string>();
  for (let day = first; day <= last; day = addDays(day, 1)) if (!isOpenDay(settings, day)) closed.add(day);
  return closed;
}

/** Why the desk is closed on a day ("chiusura: Natale", "domenica"), or null when it is open. */
export function closedReason(settings: AcademySettings, isoDate: string): string | null {
  const closure = closureOn(settings, isoDate);
  if (closure) return closure.motivo;
  if (!settings.giorni_apertura.includes(isoWeekday(isoDate))) return `giorno di chiusura settimanale`;
  return null;
}

/** The first open day on or after `isoDate` within two years, or null when there is none. */
export function nextOpenDay(settings: AcademySettings, isoDate: string): string | null {
  for (let offset = 0; offset <= 731; offset++) {
    const day = addDays(isoDate, offset);
    if (isOpenDay(settings, day)) return day;
  }
  return null;
}

function closedDayMessage(settings: AcademySettings, isoDate: string, which: "inizio" | "fine"): string {
  const next = nextOpenDay(settings, isoDate);
  const reason = closedReason(settings, isoDate);
  const nextText = next ? `il primo giorno di apertura è ${italianDate(next)}` : "nessun giorno di apertura in vista";
  return `Il ${italianDate(isoDate)} (data di ${which}) l'accademia è chiusa (${reason}): ${nextText}`;
}

/** Inclusive length of a booking in calendar days: from 10/12 to 10/12 is one day. */
export function bookingDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** The longest external loan for an item: its own limit when it has one, else the academy's. */
export function maxLoanDays(settings: AcademySettings, itemMaxDays: number | null | undefined): number | null {
  return itemMaxDays ?? settings.durata_massima_giorni;
}

export function tooLongMessage(maxDays: number): string {
  return `Il prestito può durare al massimo ${maxDays} ${maxDays === 1 ? "giorno" : "giorni"}`;
}

/**
 * The academy's rules on a booking's dates, checked after the plain date rules: the desk must be open on
 * the first and the last day, and an external loan may not exceed the longest allowed. Returns the Italian
 * message of the first rule broken, or null.
 */
export function academyDateProblem(
  settings: AcademySettings,
  booking: { start: string; end: string; internal: boolean; itemMaxDays?: number | null },
): string | null {
  if (!isOpenDay(settings, booking.start)) return closedDayMessage(settings, booking.start, "inizio");
  return academyEndProblem(settings, booking);
}

/**
 * The academy's rules on where a booking ends: an open day, within the longest loan counted from its start.
 * A new booking meets them with its start; an extension meets them alone, since its start is long past.
 */
export function academyEndProblem(
  settings: AcademySettings,
  booking: { start: string; end: string; internal: boolean; itemMaxDays?: number | null },
): string | null {
  if (!isOpenDay(settings, booking.end)) return closedDayMessage(settings, booking.end, "fine");
  const maxDays = maxLoanDays(settings, booking.itemMaxDays);
  if (!booking.internal && maxDays !== null && bookingDays(booking.start, booking.end) > maxDays)
    return tooLongMessage(maxDays);
  return null;
}

export function loanLimitMessage(limit: number): string {
  return `Hai già ${limit} ${limit === 1 ? "prestito o richiesta" : "tra prestiti e richieste"} in corso: è il massimo consentito. Restituisci qualcosa o annulla una richiesta prima di farne un'altra`;
}

/** A student holding `held` open loans and pending requests may add `adding` more, or gets the message why not. */
export function loanLimitProblem(settings: AcademySettings, held: number, adding = 1): string | null {
  const limit = settings.prestiti_massimi_per_studente;
  return limit !== null && held + adding > limit ? loanLimitMessage(limit) : null;
}

export function automaticBlockReason(threshold: number): string {
  return `Blocco automatico: ${threshold} o più penalità per ritardi nella restituzione`;
}

/** The calendar date `months` after `isoDate`, clamped to the month's last day (31/01 + 1 → 28/02). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whether strikes whose latest late return was on `lastLateOn` have expired by `today`. */
export function strikesExpired(settings: AcademySettings, lastLateOn: string, today: string): boolean {
  const months = settings.scadenza_penalita_mesi;
  return months > 0 && addMonths(lastLateOn, months) <= today;
}

// ── Validation of a whole settings object (PUT /api/impostazioni and the settings form) ─────────────

function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** The Italian message of the first problem in `settings`, or null when they can be saved. */
export function settingsProblem(settings: AcademySettings): string | null {
  const days = settings.giorni_apertura;
  if (days.length === 0) return "Scegli almeno un giorno di apertura";
  if (!days.every((day) => isWholeNumber(day, 1, 7)) || new Set(days).size !== days.length)
    return "I giorni di apertura vanno da 1 (lunedì) a 7 (domenica), senza ripetizioni";
  if (settings.chiusure.length > MAX_CLOSURES) return `Al massimo ${MAX_CLOSURES} chiusure`;
  for (const closure of settings.chiusure) {
    if (!isIsoDate(closure.dal) || !isIsoDate(closure.al)) return "Ogni chiusura ha una data di inizio e una di fine";
    if (closure.al < closure.dal)
      return `La chiusura "${closure.motivo}" finisce prima di cominciare (${italianDate(closure.dal)} → ${italianDate(closure.al)})`;
    if (closure.motivo.trim() === "") return "Indica il motivo di ogni chiusura";
  }
  if (settings.durata_massima_giorni !== null && !isWholeNumber(settings.durata_massima_giorni, 1, MAX_LIMIT))
    return `La durata massima va da 1 a ${MAX_LIMIT} giorni (vuota = nessun limite)`;
  if (
    settings.prestiti_massimi_per_studente !== null &&
    !isWholeNumber(settings.prestiti_massimi_per_studente, 1, 1000)
  )
    return "Il numero massimo di prestiti per studente va da 1 a 1000 (vuoto = nessun limite)";
  if (!isWholeNumber(settings.soglia_blocco, 1, 100)) return "La soglia di blocco va da 1 a 100 penalità";
  const scale = settings.scala_penalita;
  if (scale.length === 0) return "La scala delle penalità ha almeno un gradino";
  for (const [index, step] of scale.entries()) {
    if (!isWholeNumber(step.da_giorni, 1, MAX_LIMIT) || !isWholeNumber(step.strike, 1, 100))
      return "Ogni gradino della scala ha giorni di ritardo (da 1) e penalità (da 1) interi";
    const previous = scale[index - 1];
    if (previous && (step.da_giorni <= previous.da_giorni || step.strike <= previous.strike))
      return "I gradini della scala crescono: più giorni di ritardo, più penalità";
  }
  if (!isWholeNumber(settings.scadenza_penalita_mesi, 0, 120))
    return "La scadenza delle penalità va da 0 (mai) a 120 mesi";
  if (!isWholeNumber(settings.giorni_ritiro, 1, MAX_COLLECTION_DAYS))
    return `I giorni per il ritiro vanno da 1 a ${MAX_COLLECTION_DAYS}`;
  if (!isWholeNumber(settings.ore_attesa, 1, MAX_HOLD_HOURS))
    return `Le ore per confermare un posto liberato vanno da 1 a ${MAX_HOLD_HOURS}`;
  if (settings.testo_condizioni.length > MAX_TERMS_LENGTH)
    return `Il testo delle condizioni è lungo al massimo ${MAX_TERMS_LENGTH} caratteri`;
  if (settings.url_pubblico !== null && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(settings.url_pubblico))
    return "L'URL pubblico comincia con http:// o https:// ed è un indirizzo valido";
  if (settings.smtp_url !== null && !isSmtpUrl(settings.smtp_url))
    return "Il server di posta è un indirizzo smtp:// o smtps:// (es. smtps://utente:password@mail.accademia.it:465)";
  if (settings.mail_from !== null && /[\r\n]/.test(settings.mail_from))
    return "Il mittente sta su una sola riga: togli gli a capo";
  if (settings.mail_from !== null && !isMailSender(settings.mail_from))
    return "Il mittente è un indirizzo e-mail, anche con un nome (Ufficio prestiti <prestiti@accademia.it>)";
  const domains = settings.accesso.domini_email_registrazione;
  if (domains.length > MAX_SIGN_UP_DOMAINS) return `Al massimo ${MAX_SIGN_UP_DOMAINS} domini per la registrazione`;
  const notDomain = domains.find((domain) => !isDomainName(domain));
  if (notDomain !== undefined)
    return `"${notDomain}" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it`;
  return accessProblem(settings.accesso);
}

const MAX_SIGN_UP_DOMAINS = 50;
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The sign-up domains as typed: trimmed, lower-cased, without empty entries or repeats. */
export function normalizedDomains(domains: string[]): string[] {
  return [...new Set(domains.map((domain) => domain.trim().toLowerCase()).filter(Boolean))];
}

/** A lowercase domain name such as "studenti.accademia.it". */
export function isDomainName(value: string): boolean {
  return DOMAIN_NAME.test(value);
}

/** Why a student may not sign up with `email` (already lowercase) under these settings, or null. */
export function signUpDomainProblem(access: Pick<AccessSettings, "domini_email_registrazione">, email: string) {
  const domains = access.domini_email_registrazione;
  if (domains.length === 0 || domains.includes(email.slice(email.lastIndexOf("@") + 1))) return null;
  const listed = domains.map((domain) => `@${domain}`);
  const allowed = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(", ")} o ${listed.at(-1)}`;
  return `Puoi registrarti solo con un indirizzo e-mail ${allowed}`;
}

export function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const EMAIL = "[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+";
const MAIL_SENDER = new RegExp(`^(${EMAIL}|[^<>]*<${EMAIL}>)$`);

/**
 * "prestiti@accademia.it" or "Ufficio prestiti <prestiti@accademia.it>". No control characters: a line
 * break in the sender would add headers of its own to every message.
 */
export function isMailSender(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  return value.length <= 200 && !/[\u0000-\u001f\u007f]/.test(value) && MAIL_SENDER.test(value.trim());
}
