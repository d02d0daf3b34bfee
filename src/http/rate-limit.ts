/**
 * Counts failures (not people) per key in a sliding window. A whole classroom shares one address
 * on the campus network, so only failed attempts count, and one identifier never locks out another.
 */
export interface FailureLimiter {
  isLimited(key: string): boolean;
  recordFailure(key: string): void;
  clear(key: string): void;
}

export function createFailureLimiter(options: { limit: number; windowMs: number; now: () => number }): FailureLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = options.now() - options.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    isLimited: (key) => recent(key).length >= options.limit,
    recordFailure(key) {
      const kept = recent(key);
      kept.push(options.now());
      failures.set(key, kept);
    },
    clear: (key) => void failures.delete(key),
  };
}
