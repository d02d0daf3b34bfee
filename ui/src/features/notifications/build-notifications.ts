import { isPendingRequest } from "../../../../src/domain/bookings";
import { addDays } from "../../../../src/domain/dates";
import type { RequestView } from "../../../../src/modules/loans/model";
import type { Alerts } from "../../api/avvisi";
import { daysLateText, formatDate } from "../../lib/dates";

export type NotificationType = "password_reset" | "inventory" | "info" | "warning" | "other";

export interface DeskNotification {
  /** Stable across polls, so read and deleted marks stick to the same event. */
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** ISO timestamp the relative time is measured from. */
  time: string;
  /** Where a click leads. */
  href: string;
}

const DAY_MS = 86_400_000;

/** Only requests still waiting that arrived in the last 24 hours make a notification. */
function isFreshPendingRequest(request: RequestView, nowMs: number): boolean {
  const created = Date.parse(request.created_at);
  return isPendingRequest(request.stato) && !Number.isNaN(created) && nowMs - created < DAY_MS;
}

function requestNotification(request: RequestView): DeskNotification {
  const who = `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim() || "Un utente";
  return {
    id: `request-${request.id}`,
    type: "info",
    title: "Nuova richiesta di prestito",
    message: `${who} ha richiesto ${request.oggetto_nome} (${request.codice_univoco}) dal ${formatDate(request.dal)} al ${formatDate(request.al)}`,
    time: request.created_at,
    href: `/prestiti?richiesta=${request.id}`,
  };
}

/** A calendar day's local midnight as an instant. */
function startOfLocalDay(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(year, month - 1, day).toISOString();
}

/**
 * The drawer's notifications from one poll, newest first: new pending requests, overdue loans (from
 * the day after their due date) and low stock (from when it was first noticed, `firstSeen`).
 */
export function buildNotifications(input: {
  requests: RequestView[] | undefined;
  alerts: Alerts | undefined;
  nowMs: number;
  firstSeen: Record<string, string>;
}): DeskNotification[] {
  const { requests = [], alerts, nowMs, firstSeen } = input;
  const noticedAt = (id: string) => firstSeen[id] ?? new Date(nowMs).toISOString();
  const notifications: DeskNotification[] = [
    ...requests.filter((request) => isFreshPendingRequest(request, nowMs)).map(requestNotification),
    ...(alerts?.prestiti_scaduti ?? []).map(
      (loan): DeskNotification => ({
        id: `overdue-${loan.id}`,
        type: "warning",
        title: "Prestito scaduto",
        message: `${loan.oggetto_nome} · ${loan.utente_nome}: ${daysLateText(loan.giorni_ritardo)} (rientro previsto il ${formatDate(loan.data_rientro)})`,
        time: startOfLocalDay(addDays(loan.data_rientro, 1)),
        href: "/prestiti",
      }),
    ),
    ...(alerts?.scorte_basse ?? []).map((item): DeskNotification => {
      const id = `stock-${item.id}`;
      return {
        id,
        type: "inventory",
        title: `Scorte basse: ${item.nome}`,
        message: item.motivo,
        time: noticedAt(id),
        href: "/inventario",
      };
    }),
  ];
  return notifications.sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}
