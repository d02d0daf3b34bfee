import { HttpError } from "../../http/errors";

/**
 * argon2id hashing with a cap on how many hashes run at once: each one takes tens of MB, and a
 * classroom signing in together must not push the lab server into swap.
 *
 * Sign-in and the choosing of new passwords have a budget each. Anyone may ask for a new password to be
 * hashed (a sign-up, a reset link), so that queue is short and refuses the excess with 429: a flood of
 * such calls never makes a sign-in wait behind it.
 */
export interface PasswordHasher {
  /** Hashes a password being chosen; 429 when the hashing queue is full. */
  hash(password: string): Promise<string>;
  /** A sign-in's check, on the sign-in budget. */
  verify(password: string, hash: string): Promise<boolean>;
  /** A sign-in for an account that does not exist: takes as long as checking a wrong password. */
  verifyNoAccount(password: string): Promise<void>;
}

export type HashCost = "standard" | "fast";

/** Bun.password's two calls: tests hand in stand-ins they can hold, to watch the queues. */
export type Argon2 = Pick<typeof Bun.password, "hash" | "verify">;

export const HASHING_BUSY = "Troppe richieste in corso: riprova tra qualche secondo";

/** Runs at most `running` pieces of work at once; with `waiting` set, a full queue refuses with 429. */
function createBudget(running: number, waiting = Number.POSITIVE_INFINITY) {
  let busy = 0;
  const queue: Array<() => void> = [];
  return async function within<T>(work: () => Promise<T>): Promise<T> {
    if (busy < running) busy++;
    else if (queue.length >= waiting) throw new HttpError(429, HASHING_BUSY);
    // A finished piece hands its slot straight to the first in line, so no newcomer slips past the queue.
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else busy--;
    }
  };
}

export function createPasswordHasher(
  options: {
    cost?: HashCost;
    /** Sign-in checks running at once. */
    signInConcurrency?: number;
    /** New passwords hashed at once, and how many more may wait. */
    hashConcurrency?: number;
    hashQueue?: number;
    argon2?: Argon2;
  } = {},
): PasswordHasher {
  const argon2 = options.argon2 ?? Bun.password;
  // "fast" exists for the test suite only, where hundreds of accounts are created per run.
  const params =
    options.cost === "fast"
      ? { algorithm: "argon2id" as const, memoryCost: 1024, timeCost: 1 }
      : { algorithm: "argon2id" as const, memoryCost: 19456, timeCost: 2 };
  const signIn = createBudget(options.signInConcurrency ?? 3);
  const hashing = createBudget(options.hashConcurrency ?? 2, options.hashQueue ?? 20);
  let noAccountHash: Promise<string> | undefined;

  return {
    hash: (password) => hashing(() => argon2.hash(password, params)),
    verify: (password, hash) => signIn(() => argon2.verify(password, hash)),
    async verifyNoAccount(password) {
      noAccountHash ??= signIn(() => argon2.hash(crypto.randomUUID(), params));
      const hash = await noAccountHash;
      await signIn(() => argon2.verify(password, hash));
    },
  };
}

/**
 * The password hash of an account that has no local password: no argon2 hash ever equals it, and the
 * password sign-in treats it as "no such account".
 */
export const NO_LOCAL_PASSWORD = "";

export function hasLocalPassword(user: { passwordHash: string }): boolean {
  return user.passwordHash !== NO_LOCAL_PASSWORD;
}
