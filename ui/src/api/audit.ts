import { useQuery } from "@tanstack/react-query";
import type { AuditEntity, AuditEntryView } from "../../../src/modules/audit/model";
import { answerOf, server } from "../lib/api";

// The audit trail: GET /api/audit?entity=…&id=… (desk only), shown as the history of a loan, unit, user…

export const activityKeys = {
  of: (entity: AuditEntity, id: number) => ["activity", entity, id] as const,
};

/** The audit trail of one loan, unit, user, item…, newest first. */
export function useActivity(entity: AuditEntity, id: number) {
  return useQuery({
    queryKey: activityKeys.of(entity, id),
    queryFn: (): Promise<AuditEntryView[]> => answerOf(server.api.audit.get({ query: { entity, id: String(id) } })),
  });
}
