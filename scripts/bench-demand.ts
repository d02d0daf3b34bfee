/**
 * The demand report's budget (`bun run bench --demand [--scale 5] [--calls 7]`): the report over the last
 * year, asked with a URL never asked before so that no kept answer serves it, one call at a time; and,
 * while each call runs, how long the server leaves other callers waiting. `scripts/bench.ts` starts the
 * server on its data set and calls `runDemandScenario`.
 *
 * The wait is measured from outside, as a person would feel it: /api/health asked every PROBE_EVERY_MS
 * for as long as the report is being computed. A health call costs well under a millisecond, so its
 * longest round trip is the longest stretch the server's thread was busy with something else, the
 * report's own share included. It is compared with the same calls' round trip while nothing runs. The
 * probe paces itself: asked back to back, it kept one of the two cores busy answering it, and the
 * report's workers then measured the probe as much as the report.
 */

/** How often the probe asks /api/health: fine enough to see a 50 ms stall, light enough not to be load. */
const PROBE_EVERY_MS = 5;

export interface DemandRow {
  calls: number;
  /** Wall time of the report's calls (cache misses), gzip on the wire. */
  p50Ms: number;
  maxMs: number;
  /** Bytes of one answer as sent (gzip). */
  bytes: number;
  /**
   * /api/health's round trip while no report runs: its median, and its longest over as long as the
   * median report call (on a shared machine other processes stall the server too); then its longest while
   * a report runs.
   */
  idleHealthMs: number;
  longestIdleHealthWaitMs: number;
  longestHealthWaitMs: number;
  /** The longest health wait of each call, to see whether the first call (a cold worker) differs. */
  healthWaitsMs: number[];
  /** Each call's wall time, in order: the first ones start the read workers. */
  timesMs: number[];
}

const round = (value: number) => Math.round(value * 10) / 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function healthRoundTrip(baseUrl: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
  return performance.now() - started;
}

export async function runDemandScenario(input: {
  baseUrl: string;
  adminToken: string;
  /** The report's period: the year ending on this day. */
  from: string;
  to: string;
  calls: number;
}): Promise<DemandRow> {
  const { baseUrl, adminToken, calls } = input;
  const times: number[] = [];
  const waits: number[] = [];
  let bytes = 0;
  for (let call = 0; call < calls; call++) {
    const path = `/api/stats/domanda?dal=${input.from}&al=${input.to}&_bench=${Date.now()}${call}`;
    let running = true;
    const started = performance.now();
    const report = fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${adminToken}`, "accept-encoding": "gzip" },
      decompress: false,
    }).then(async (answer) => {
      const body = await answer.arrayBuffer();
      if (answer.status !== 200)
        throw new Error(`${path} answered ${answer.status}: ${new TextDecoder().decode(body)}`);
      return body.byteLength;
    });
    const probe = (async () => {
      let longest = 0;
      while (running) {
        longest = Math.max(longest, await healthRoundTrip(baseUrl));
        await Bun.sleep(PROBE_EVERY_MS);
      }
      return longest;
    })();
    try {
      bytes = await report;
    } finally {
      running = false;
    }
    times.push(performance.now() - started);
    waits.push(await probe);
  }
  const idle: number[] = [];
  const quietUntil = performance.now() + median(times);
  while (performance.now() < quietUntil) {
    idle.push(await healthRoundTrip(baseUrl));
    await Bun.sleep(PROBE_EVERY_MS);
  }
  return {
    calls,
    p50Ms: round(median(times)),
    maxMs: round(Math.max(...times)),
    bytes,
    idleHealthMs: round(median(idle)),
    longestIdleHealthWaitMs: round(Math.max(...idle)),
    longestHealthWaitMs: round(Math.max(...waits)),
    healthWaitsMs: waits.map(round),
    timesMs: times.map(round),
  };
}

export function demandMarkdown(row: DemandRow, dataSet: string): string {
  return [
    `Demand report over a year (cache misses, one at a time), ${dataSet}:`,
    "",
    "| calls | p50 ms | max ms | gzip bytes | /api/health ms, no report: median, longest | longest /api/health wait during the report, ms |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${row.calls} | ${row.p50Ms} | ${row.maxMs} | ${row.bytes.toLocaleString("en-US")} | ${row.idleHealthMs}, ${row.longestIdleHealthWaitMs} | ${row.longestHealthWaitMs} |`,
    "",
    `Each call: ${row.timesMs.join(", ")} ms. Longest wait per call: ${row.healthWaitsMs.join(", ")} ms.`,
  ].join("\n");
}
