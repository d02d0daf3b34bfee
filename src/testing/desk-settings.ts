import { expect } from "bun:test";
import { createTestClient, createTestContext, signInAdmin } from "./harness";
import type { LoanScenario } from "./loan-fixtures";

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

/** The scenario's desk saves `change` to the settings; throws unless they were accepted. Answers the settings saved. */
export async function saveSettings(scenario: LoanScenario, change: Record<string, unknown>) {
  const answer = await scenario.client.put("/api/impostazioni", change, scenario.admin);
  if (answer.status !== 200) throw new Error(`settings refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}
