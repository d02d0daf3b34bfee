import { type Static, t } from "elysia";
import { answerInteger, idParams, oneOf, timestampText } from "../schemas";

/** What an audit row can be about; `system` is the server itself (e.g. a backup download). */
export const AUDIT_ENTITIES = [
  "user",
  "item",
  "unit",
  "category",
  "request",
  "loan",
  "set",
  "repair",
  "report",
  "import",
  "course",
  "settings",
  "system",
  "kit",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuery = t.Object({
  entity: t.Optional(oneOf(AUDIT_ENTITIES, "Tipo di elemento non valido")),
  id: t.Optional(idParams("Identificativo non valido").properties.id),
});

export const auditEntryView = t.Object({
  id: answerInteger(),
  action: t.String(),
  entity: t.UnionEnum(AUDIT_ENTITIES),
  entity_id: t.Nullable(answerInteger()),
  summary: t.String(),
  actor_email: t.String(),
  created_at: timestampText,
});

export type AuditQuery = Static<typeof auditQuery>;
export type AuditEntryView = Static<typeof auditEntryView>;
