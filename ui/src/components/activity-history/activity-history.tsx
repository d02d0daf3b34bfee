import { History } from "lucide-react";
import { useId } from "react";
import type { AuditEntity } from "../../../../src/modules/audit/model";
import { useActivity } from "../../api/audit";
import { LoadFailure } from "../load-failure";
import { RelativeTime } from "../relative-time";
import { LoadingState } from "../spinner";

interface ActivityHistoryProps {
  entity: AuditEntity;
  id: number;
  title?: string;
}

/**
 * Who changed this loan, unit, user or item, what they did and when: the audit trail the server
 * keeps for every administrator's change. Meant to sit inside a detail view or dialog.
 */
export function ActivityHistory({ entity, id, title = "Cronologia attività" }: ActivityHistoryProps) {
  const activity = useActivity(entity, id);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <History className="size-4 text-slate-500" aria-hidden="true" />
        {title}
      </h3>
      {activity.isPending && <LoadingState label="Caricamento cronologia..." />}
      {activity.isError && (
        <LoadFailure onRetry={() => activity.refetch()}>Errore nel caricamento della cronologia</LoadFailure>
      )}
      {activity.data?.length === 0 && (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-500">Nessuna attività registrata</p>
      )}
      {activity.data && activity.data.length > 0 && (
        <ol aria-label={title} className="relative space-y-4 border-l border-slate-200 pl-5">
          {activity.data.map((entry) => (
            <li key={entry.id} className="relative">
              <span
                className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-indigo-500"
                aria-hidden="true"
              />
              <p className="text-sm text-slate-900">{entry.summary}</p>
              <p className="mt-0.5 text-xs text-slate-500">
                {entry.actor_email} · <RelativeTime value={entry.created_at} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
