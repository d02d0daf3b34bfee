import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { auditLog } from "../../db/schema";
import type { AuditEntity, AuditEntryView, AuditQuery } from "./model";

/** The newest 200 entries, of one kind of element (and one element) when asked. */
export function listAudit(db: Db, query: AuditQuery): AuditEntryView[] {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.id) conditions.push(eq(auditLog.entityId, Number(query.id)));
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: sql<AuditEntity>`${auditLog.entity}`,
      entity_id: auditLog.entityId,
      summary: auditLog.summary,
      actor_email: auditLog.actorEmail,
      created_at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200)
    .all();
}

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId?: number | null;
  summary: string;
}

/** Who a change is recorded for: a signed-in user, or the scheduled jobs, which act for nobody. */
export type AuditActor = { id: number | null; email: string };

/** The scheduled jobs' name in the trail and the history: their changes have no user behind them. */
export const SCHEDULED_JOBS_ACTOR: AuditActor = { id: null, email: "sistema" };

/**
 * Records an administrator's change. Call it inside the same transaction as the change itself, so
 * the trail never claims something that did not happen (nor misses something that did).
 */
export function recordAudit(db: Db, clock: Clock, actor: AuditActor, entry: AuditEntry): void {
  insertAuditEntry(db).run({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    createdAt: clock.now().toISOString(),
  });
}

const insertAuditEntry = preparedQuery((db) =>
  db
    .insert(auditLog)
    .values({
      actorId: sql.placeholder("actorId"),
      actorEmail: sql.placeholder("actorEmail"),
      action: sql.placeholder("action"),
      entity: sql.placeholder("entity"),
      entityId: sql.placeholder("entityId"),
      summary: sql.placeholder("summary"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare(),
);
