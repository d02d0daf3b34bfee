import { AlertTriangle, CheckCircle2, type LucideIcon, XCircle } from "lucide-react";
import type { Health, ServiceName } from "../../../api/system";

interface HealthLook {
  /** The whole system in this state (the overall card). */
  overallLabel: string;
  /** One service in this state. */
  serviceLabel: string;
  icon: LucideIcon;
  card: string;
  iconBox: string;
  badge: string;
  dot: string;
}

export const HEALTH: Record<Health, HealthLook> = {
  healthy: {
    overallLabel: "Tutto Operativo",
    serviceLabel: "Operativo",
    icon: CheckCircle2,
    card: "border-emerald-200 bg-emerald-50",
    iconBox: "bg-emerald-100 text-emerald-700",
    badge: "bg-emerald-100 text-emerald-800",
    dot: "bg-emerald-500",
  },
  warning: {
    overallLabel: "Attenzione",
    serviceLabel: "Attenzione",
    icon: AlertTriangle,
    card: "border-amber-200 bg-amber-50",
    iconBox: "bg-amber-100 text-amber-700",
    badge: "bg-amber-100 text-amber-800",
    dot: "bg-amber-500",
  },
  error: {
    overallLabel: "Problemi Rilevati",
    serviceLabel: "Non disponibile",
    icon: XCircle,
    card: "border-red-200 bg-red-50",
    iconBox: "bg-red-100 text-red-700",
    badge: "bg-red-100 text-red-800",
    dot: "bg-red-500",
  },
};

/** An unknown value from a newer server is shown as a warning rather than hidden. */
export function healthLook(status: string): HealthLook {
  return HEALTH[status as Health] ?? HEALTH.warning;
}

export const SERVICE_LABELS: Record<ServiceName, { name: string; description: string }> = {
  database: { name: "Database", description: "Archivio SQLite di prestiti, inventario e utenti" },
  api: { name: "API", description: "Risposte del server alle richieste dell'interfaccia" },
  auth: { name: "Autenticazione", description: "Accesso e verifica delle sessioni" },
  storage: { name: "Archiviazione", description: "Cartella dati scrivibile e spazio libero" },
  notifications: { name: "Notifiche", description: "Controllo periodico delle scadenze" },
};

export function serviceName(service: string): string {
  return SERVICE_LABELS[service as ServiceName]?.name ?? service;
}
