import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { rowId } from "./columns";
import { users } from "./users";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: rowId(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    summary: text("summary").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("audit_entity_idx").on(table.entity, table.entityId),
    index("audit_created_idx").on(table.createdAt),
  ],
);
