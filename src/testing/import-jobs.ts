import type { Json, TestClient } from "./harness";

/**
 * Asks for an import job's page (`jobPage`) until it shows `phase`, letting the worker's messages in before
 * each ask: an ask of a signed-in page can be answered without leaving the current turn of the event loop.
 * Answers the job as that page shows it.
 */
export async function untilImportPhase(
  client: TestClient,
  token: string,
  jobPage: string,
  phase: string,
): Promise<Json> {
  for (let asked = 0; asked < 100_000; asked++) {
    await new Promise((resume) => setImmediate(resume));
    const view = await client.get(jobPage, token);
    if (view.body.fase === phase) return view.body;
  }
  throw new Error(`${jobPage} never reached ${phase}`);
}
