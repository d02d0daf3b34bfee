/**
 * Counts failures (not people) per key in a sliding window. A whole classroom shares one address
 * on the campus network, so only failed attempts count, and one identifier never locks out another.
 * The table is bounded: keys are client input (emails, addresses), so a flood of distinct keys must
 * not grow it without end. When full, expired keys are swept, then the oldest keys make room.
 */
export interface FailureLimiter {
  isLimited(key: string): boolean;
  /** Failures of `key` still inside the window. */
  failures(key: string): number;
  recordFailure(key: string): void;
  /** Takes back the latest failure of `key`: an attempt counted as it began that did not count in the end. */
  forgetLatest(key: string): void;
  clear(key: string): void;
  /** How many keys the table holds now. */
  readonly size: number;
}

export const MAX_LIMITER_KEYS = 10_000;

export function createFailureLimiter(options: {
  limit: number;
  windowMs: number;
  now: () => number;
  maxKeys?: number;
}): FailureLimiter {
  const maxKeys = options.maxKeys ?? MAX_LIMITER_KEYS;
  // Map order is insertion order: a key is re-inserted on each failure, so the first keys are the stalest.
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = options.now() - options.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  // Keys are kept in the order of their last failure, so the stalest come first: drop expired ones
  // from the front, and a tenth of the table more while it is full of live ones (amortised O(1)).
  const makeRoom = () => {
    const since = options.now() - options.windowMs;
    const target = Math.floor(maxKeys * 0.9);
    for (const [key, times] of failures) {
      const expired = (times[times.length - 1] ?? 0) <= since;
      if (!expired && failures.size <= target) break;
      failures.delete(key);
    }
  };
  return {
    isLimited: (key) => recent(key).length >= options.limit,
    failures: (key) => recent(key).length,
    recordFailure(key) {
      const kept = recent(key);
      kept.push(options.now());
      failures.delete(key);
      if (failures.size >= maxKeys) makeRoom();
      failures.set(key, kept);
    },
    forgetLatest(key) {
      recent(key).pop();
      if (failures.get(key)?.length === 0) failures.delete(key);
    },
    clear: (key) => void failures.delete(key),
    get size() {
      return failures.size;
    },
  };
}

/**
 * The wait before checking a password for an identifier that failed `failures` times, from any
 * addresses, in the window: none for the first ten (one address is stopped at ten by its own limit),
 * then doubling from a quarter of a second up to two seconds. Slows a guesser spread over many
 * addresses without ever refusing the right password.
 */
export function signInDelayMs(failures: number): number {
  if (failures < 10) return 0;
  return Math.min(2_000, 250 * 2 ** (failures - 10));
}
