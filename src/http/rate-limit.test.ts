import { describe, expect, it } from "bun:test";
import { createFailureLimiter } from "./rate-limit";

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = createFailureLimiter({ limit: 3, windowMs: 60_000, now: () => now });
  return {
    limiter,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe("failure limiter", () => {
  it("limits a key once it reaches the number of failures in the window", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 2; i++) limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(false);
    limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(true);
  });

  it("keeps keys apart: one limited key never limits another", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i++) limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(true);
    expect(limiter.isLimited("marco")).toBe(false);
  });

  it("forgets failures older than the window, one by one", () => {
    const { limiter, advance } = limiterAt();
    limiter.recordFailure("giulia");
    advance(30_000);
    limiter.recordFailure("giulia");
    limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(true);
    advance(30_001);
    expect(limiter.isLimited("giulia")).toBe(false);
    limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(true);
    advance(60_001);
    expect(limiter.isLimited("giulia")).toBe(false);
  });

  it("starts over after clear", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.recordFailure("giulia");
    limiter.clear("giulia");
    expect(limiter.isLimited("giulia")).toBe(false);
    limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(false);
  });
});
