import { describe, expect, it } from "bun:test";
import { createFailureLimiter, signInDelayMs } from "./rate-limit";

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

  it("takes back only the latest failure with forgetLatest, and nothing of a key without failures", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.recordFailure("giulia");
    limiter.forgetLatest("giulia");
    expect(limiter.failures("giulia")).toBe(2);
    expect(limiter.isLimited("giulia")).toBe(false);
    limiter.forgetLatest("marco");
    expect(limiter.failures("marco")).toBe(0);
    limiter.forgetLatest("giulia");
    limiter.forgetLatest("giulia");
    expect(limiter.size).toBe(0);
  });

  it("starts over after clear", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.recordFailure("giulia");
    limiter.clear("giulia");
    expect(limiter.isLimited("giulia")).toBe(false);
    limiter.recordFailure("giulia");
    expect(limiter.isLimited("giulia")).toBe(false);
  });

  it("stays bounded whatever keys arrive: 100,000 distinct emails keep at most its cap", () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 5, windowMs: 60_000, now: () => now, maxKeys: 1_000 });
    for (let i = 0; i < 100_000; i++) {
      limiter.recordFailure(`studente${i}@accademia.it`);
      now++;
    }
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    // The most recent keys are the ones kept.
    expect(limiter.failures("studente99999@accademia.it")).toBe(1);
    expect(limiter.failures("studente0@accademia.it")).toBe(0);
  });

  it("sweeps expired keys before dropping live ones when full", () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 5, windowMs: 1_000, now: () => now, maxKeys: 3 });
    limiter.recordFailure("vecchia");
    now = 500;
    for (let i = 0; i < 3; i++) limiter.recordFailure("insistente");
    limiter.recordFailure("recente");
    now = 1_200;
    limiter.recordFailure("nuova");
    expect(limiter.failures("vecchia")).toBe(0);
    expect(limiter.failures("insistente")).toBe(3);
    expect(limiter.failures("nuova")).toBe(1);
  });
});

describe("sign-in delay across addresses", () => {
  it("is none for ten failures, then doubles from 250 ms up to 2 s", () => {
    expect([0, 9, 10, 11, 12, 13, 14, 30].map(signInDelayMs)).toEqual([0, 0, 250, 500, 1_000, 2_000, 2_000, 2_000]);
  });
});
