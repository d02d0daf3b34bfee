import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { auditEntryView, auditQuery } from "./model";
import { listAudit } from "./service";

export function auditModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/audit" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", ({ query }) => listAudit(ctx.db, query), {
      auth: "admin",
      reads: ["audit"],
      query: auditQuery,
      response: t.Array(auditEntryView),
    });
}
