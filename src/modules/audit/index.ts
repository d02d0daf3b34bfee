import { and, desc, eq, type SQL } from "drizzle-orm";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { auditLog } from "../../db/schema";
import { authPlugin, type TokenService } from "../../http/auth";
import { badRequest } from "../../http/errors";
import { idParam } from "../../http/input";
import { isAuditEntity } from "./service";

export function auditModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/audit" }).use(authPlugin(tokens)).get(
    "",
    ({ query }) => {
      const conditions: SQL[] = [];
      if (query.entity) {
        if (!isAuditEntity(query.entity)) throw badRequest("Tipo di elemento non valido");
        conditions.push(eq(auditLog.entity, query.entity));
      }
      if (query.id) conditions.push(eq(auditLog.entityId, idParam(query.id, "Identificativo non valido")));
      return ctx.db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          entity: auditLog.entity,
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
    },
    { auth: "admin", query: t.Object({ entity: t.Optional(t.String()), id: t.Optional(t.String()) }) },
  );
}
