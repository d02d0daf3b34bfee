import { WARN_AT_STRIKES } from "../../../../../src/domain/loan-rules";
import type { Penalty } from "../../../api/penalties";
import { Badge } from "../../../components/status-badge";
import { formatDate } from "../../../lib/dates";

/** The latest penalties; a badge red from 2 strikes, orange for 1. */
export function PenaltyHistory({ penalties }: { penalties: Penalty[] }) {
  return (
    <ul aria-label="Storico penalità" className="divide-y divide-slate-100">
      {penalties.map((penalty) => {
        const recorder = [penalty.created_by_name, penalty.created_by_surname].filter(Boolean).join(" ");
        return (
          <li key={penalty.id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{penalty.articolo_nome}</p>
              <p className="text-sm text-slate-600">{penalty.motivo}</p>
              <p className="text-xs text-slate-500">
                {formatDate(penalty.created_at)}
                {recorder && ` · registrata da ${recorder}`}
              </p>
            </div>
            <Badge tone={penalty.strike_assegnati >= WARN_AT_STRIKES ? "red" : "orange"}>
              +{penalty.strike_assegnati} strike
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
