// The e-mails PrestaLab writes, in Italian, each as a subject, a plain text and an HTML body that say
// the same thing. Pure functions: they compose, the outbox stores, the sender delivers.

import { formatItalianDate } from "../../domain/dates";
import type { WeeklyDemand } from "../stats/demand-digest";

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Layout {
  appName: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The screen to open, as an absolute link; omitted when the public address is unknown. */
  action?: { label: string; url: string };
  footer?: string;
}

function compose(layout: Layout): ComposedMail {
  const { appName, subject, greeting, paragraphs, action } = layout;
  const footer = layout.footer ?? `Messaggio automatico di ${appName}: non rispondere a questa e-mail.`;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "—",
    footer,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}" style="color:#1d4ed8">${escapeHtml(action.label)}</a></p>` : "",
    `<hr><p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: `${subject} · ${appName}`, text, html };
}

const link = (baseUrl: string | null, path: string | null, label: string) =>
  baseUrl && path ? { label, url: `${baseUrl}${path}` } : undefined;

/** What a student's in-app notification says, as an e-mail (approved, refused, due, overdue, strikes, block). */
export function studentNoticeMail(input: {
  appName: string;
  name: string;
  title: string;
  message: string;
  link: string | null;
  baseUrl: string | null;
}): ComposedMail {
  return compose({
    appName: input.appName,
    subject: input.title,
    greeting: `Ciao ${input.name},`,
    paragraphs: [input.message],
    action: link(input.baseUrl, input.link, `Apri ${input.appName}`),
  });
}

export interface DeskDigest {
  date: string;
  pendingRequests: number;
  dueToday: number;
  overdue: number;
  newReports: number;
  /** On Mondays only: the week just ended's demand. */
  weeklyDemand: WeeklyDemand | null;
}

/** "La settimana scorsa (dal 09/03/2026 al 15/03/2026): 3 richieste non soddisfatte; più richiesto: …". */
function weeklyDemandLine(week: WeeklyDemand): string {
  const unmet =
    week.unmetRequests === 1 ? "1 richiesta non soddisfatta" : `${week.unmetRequests} richieste non soddisfatte`;
  const mostWanted = week.mostWanted ? `; più richiesto: ${week.mostWanted}` : "; nessun articolo richiesto";
  return `La settimana scorsa (dal ${formatItalianDate(week.dal)} al ${formatItalianDate(week.al)}): ${unmet}${mostWanted}. Il dettaglio è in Statistiche → Domanda.`;
}

/** The desk's morning summary. */
export function deskDigestMail(input: { appName: string; name: string; baseUrl: string | null } & DeskDigest) {
  const line = (count: number, one: string, many: string) => `• ${count} ${count === 1 ? one : many}`;
  return compose({
    appName: input.appName,
    subject: `Riepilogo del ${input.date}`,
    greeting: `Buongiorno ${input.name},`,
    paragraphs: [
      "ecco la situazione del banco prestiti di oggi:",
      [
        line(input.pendingRequests, "richiesta da approvare", "richieste da approvare"),
        line(input.dueToday, "prestito da restituire oggi", "prestiti da restituire oggi"),
        line(input.overdue, "prestito scaduto", "prestiti scaduti"),
        line(input.newReports, "nuova segnalazione nelle ultime 24 ore", "nuove segnalazioni nelle ultime 24 ore"),
      ].join("\n"),
      ...(input.weeklyDemand ? [weeklyDemandLine(input.weeklyDemand)] : []),
    ],
    action: link(input.baseUrl, "/dashboard", "Apri la dashboard"),
  });
}

/** The self-service reset link (one use, one hour). */
export function passwordResetMail(input: { appName: string; name: string; url: string }): ComposedMail {
  return compose({
    appName: input.appName,
    subject: "Reimposta la password",
    greeting: `Ciao ${input.name},`,
    paragraphs: [
      "abbiamo ricevuto una richiesta di reimpostare la password del tuo account.",
      "Il link vale un'ora e funziona una sola volta. Se non l'hai chiesto tu, ignora questa e-mail: la password resta quella di prima.",
    ],
    action: { label: "Scegli una nuova password", url: input.url },
  });
}
