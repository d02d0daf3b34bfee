import { Ban, CheckCircle2, Clock, PackageX, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { StudentSheet } from "../api/scheda";
import { countWith } from "../lib/plural";

/**
 * What the desk must know before lending to a student, at a glance: blocked (and why), loans overdue,
 * strikes, open mancanze; or that nothing stands in the way. The student page and the Banco show it.
 */
export function StudentState({ sheet }: { sheet: StudentSheet }) {
  const { utente, prestiti_in_ritardo: overdue, mancanze_aperte: shortages } = sheet;
  const lines: ReactNode[] = [];
  if (utente.is_blocked)
    lines.push(
      <Line key="blocked" icon={Ban} tone="text-red-700">
        Bloccato: {utente.blocked_reason ?? "motivo non specificato"}
      </Line>,
    );
  if (overdue > 0)
    lines.push(
      <Line key="overdue" icon={Clock} tone="text-red-700">
        {countWith(overdue, "prestito in ritardo", "prestiti in ritardo")}
      </Line>,
    );
  if (utente.penalty_strikes > 0)
    lines.push(
      <Line key="strikes" icon={TriangleAlert} tone="text-amber-800">
        {countWith(utente.penalty_strikes, "penalità attiva", "penalità attive")}
      </Line>,
    );
  if (shortages > 0)
    lines.push(
      <Line key="shortages" icon={PackageX} tone="text-red-700">
        {countWith(shortages, "mancanza aperta", "mancanze aperte")}
      </Line>,
    );
  const clear = lines.length === 0;
  return (
    <section
      aria-label="Situazione dello studente"
      className={`rounded-lg border px-4 py-3 text-sm ${clear ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
    >
      <ul className="space-y-1">
        {clear ? (
          <Line icon={CheckCircle2} tone="text-emerald-800">
            In regola: nessun blocco, ritardo, penalità o mancanza
          </Line>
        ) : (
          lines
        )}
      </ul>
    </section>
  );
}

function Line({ icon: Icon, tone, children }: { icon: typeof Ban; tone: string; children: ReactNode }) {
  return (
    <li className={`flex items-start gap-2 font-medium ${tone}`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </li>
  );
}
