/**
 * Event-loop lag, measured inside the server: a 10 ms interval timer notes how late each tick fires.
 * A tick that comes 60 ms after the previous one means the loop was blocked for about 50 ms, so every
 * request waiting in that time waited that long too. One sampler per process (there is one event loop),
 * started on first use, unref'd so it never keeps a process alive. It keeps the last minute of ticks in a
 * fixed ring: 6,000 numbers, so the figures describe recent load, not the whole uptime.
 * A plain timer rather than node:perf_hooks' monitorEventLoopDelay: its meaning is plain and the same on
 * every runtime, and it costs one callback per 10 ms.
 */
const TICK_MS = 10;
const WINDOW_TICKS = 6_000;

export interface EventLoopLag {
  /** The 99th percentile of the lag over the last minute, in ms. */
  p99_ms: number;
  /** The longest lag over the last minute, in ms. */
  max_ms: number;
}

let lags: Float64Array | null = null;
let written = 0;

function startSampler(): Float64Array {
  const ring = new Float64Array(WINDOW_TICKS);
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    ring[written++ % WINDOW_TICKS] = Math.max(0, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  timer.unref();
  return ring;
}

/** Starts the sampler if it is not running yet. */
export function watchEventLoop(): void {
  lags ??= startSampler();
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The lag over the last minute; zeros until the first tick. */
export function eventLoopLag(): EventLoopLag {
  watchEventLoop();
  const samples = (lags as Float64Array).slice(0, Math.min(written, WINDOW_TICKS)).sort();
  if (samples.length === 0) return { p99_ms: 0, max_ms: 0 };
  const rank = Math.min(samples.length - 1, Math.ceil(0.99 * samples.length) - 1);
  return { p99_ms: round(samples[rank] as number), max_ms: round(samples[samples.length - 1] as number) };
}
