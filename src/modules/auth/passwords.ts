/**
 * argon2id hashing with a cap on how many hashes run at once: each one takes tens of MB, and a
 * classroom signing in together must not push the lab server into swap.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export type HashCost = "standard" | "fast";

export function createPasswordHasher(options: { maxConcurrent?: number; cost?: HashCost } = {}): PasswordHasher {
  const maxConcurrent = options.maxConcurrent ?? 4;
  // "fast" exists for the test suite only, where hundreds of accounts are created per run.
  const params =
    options.cost === "fast"
      ? { algorithm: "argon2id" as const, memoryCost: 1024, timeCost: 1 }
      : { algorithm: "argon2id" as const, memoryCost: 19456, timeCost: 2 };
  let running = 0;
  const waiting: Array<() => void> = [];

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    hash: (password) => limited(() => Bun.password.hash(password, params)),
    verify: (password, hash) => limited(() => Bun.password.verify(password, hash)),
  };
}
