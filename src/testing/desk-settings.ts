import { expect } from "bun:test";
import { createTestClient, createTestContext, signInAdmin } from "./harness";

/** A desk that saved `settings` through the API, with its administrator and the warnings its server logs. */
export async function deskWithSettings(settings: Record<string, unknown>) {
  const ctx = createTestContext();
  const warnings: string[] = [];
  ctx.logger = { ...ctx.logger, warn: (message) => void warnings.push(message) };
  const client = createTestClient(ctx);
  const admin = await signInAdmin(client);
  const saved = await client.put("/api/impostazioni", settings, admin.token);
  expect(saved.status).toBe(200);
  return { client, admin, warnings };
}
