import { describe, expect, it } from "bun:test";
import type { Logger } from "../../logger";
import { createTestClient, createTestContext, registerStudent } from "../../testing/harness";

/** A logger that keeps its lines; `requestLinesReach(n)` resolves once n request lines are written (after their answers). */
function keptLog() {
  const lines: string[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const requestLines = () => lines.filter((line) => /^(GET|POST|PUT|DELETE) /.test(line)).length;
  const record = (line: string) => {
    lines.push(line);
    for (const waiter of waiting.filter((entry) => requestLines() >= entry.count)) waiter.resolve();
  };
  const logger: Logger = { debug: record, info: record, warn: record, error: record };
  const requestLinesReach = (count: number) =>
    new Promise<void>((resolve) => (requestLines() >= count ? resolve() : waiting.push({ count, resolve })));
  return { lines, logger, requestLinesReach };
}

describe("the request log", () => {
  it("names a calendar feed by its route, never by the token in its address", async () => {
    const log = keptLog();
    const client = createTestClient({ ...createTestContext(), logger: log.logger });
    const student = await registerStudent(client);
    const feed = await client.get("/api/calendario", student.token);
    const path = new URL(feed.body.url).pathname;
    const token = path.replace("/api/calendario/", "").replace(/\.ics$/, "");
    const answer = await client.app.handle(new Request(`http://localhost${path}`));
    expect(answer.status).toBe(200);
    const unknown = await client.app.handle(new Request(`http://localhost${path}/altro`));
    expect(unknown.status).toBe(404);
    await log.requestLinesReach(4);
    expect(log.lines.slice(2)).toEqual([
      expect.stringMatching(/^GET \/api\/calendario\/:token 200 \d+\.\dms$/),
      expect.stringMatching(/^GET \* \/api\/\* 404 \d+\.\dms$/),
    ]);
    expect(log.lines.join("\n")).not.toContain(token);
  });
});
