import type { Actor } from "../../actor";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

/** What an audit row can be about; `system` is the server itself (e.g. a backup download). */
export const AUDIT_ENTITIES = [
  "user",
  "item",
  "unit",
  "category",
  "request",
  "loan",
  "repair",
  "report",
  "import",
  "course",
  "settings",
  "system",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export function isAuditEntity(value: string): value is AuditEntity {
  return (AUDIT_ENTITIES as readonly string[]).includes(value);
}

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId?: number | null;
  summary: string;
}

/**
 * Records an administrator's change. Call it inside the same transaction as the change itself, so
 * the trail never claims something that did not happen (nor misses something that did).
 */
export function recordAudit(db: Db, clock: Clock, actor: Pick<Actor, "id" | "email">, entry: AuditEntry): void {
  db.insert(auditLog)
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      summary: entry.summary,
      createdAt: clock.now().toISOString(),
    })
    .run();
}
