import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";

/** What an audit entry can be about (the server's audit entities). */
export type ActivityEntity =
  | "user"
  | "item"
  | "unit"
  | "category"
  | "request"
  | "loan"
  | "repair"
  | "report"
  | "import"
  | "system";

export interface ActivityEntry {
  id: number;
  /** Machine name of the change, e.g. "loan.return". */
  action: string;
  entity: ActivityEntity;
  entity_id: number | null;
  /** One Italian sentence saying what happened. */
  summary: string;
  /** The administrator who did it. */
  actor_email: string;
  /** ISO timestamp. */
  created_at: string;
}

/** Key of every activity list, so a screen that changes something can refresh the histories. */
export const activityKey = ["activity"];

/** The audit trail of one loan, unit, user, item…, newest first. */
export function useActivity(entity: ActivityEntity, id: number) {
  return useQuery({
    queryKey: [...activityKey, entity, id],
    queryFn: () => apiRequest<ActivityEntry[]>(`/api/audit?entity=${entity}&id=${id}`),
  });
}
