import { describe, expect, it } from "bun:test";
import { passwordProblem } from "../../domain/password-policy";
import { createTestContext } from "../../testing/harness";
import { type Argon2, createPasswordHasher, HASHING_BUSY } from "./passwords";
import { countAdministrators, createOrPromoteAdmin, generatePassword } from "./service";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

describe("generatePassword", () => {
  it("has 20 characters by default, or the length asked for", () => {
    expect(generatePassword()).toHaveLength(20);
    expect(generatePassword(12)).toHaveLength(12);
    expect(generatePassword(64)).toHaveLength(64);
  });

  it("uses only unambiguous characters (no 0/O, 1/l/I)", () => {
    const sample = Array.from({ length: 50 }, () => generatePassword()).join("");
    for (const character of sample) expect(ALPHABET).toContain(character);
    expect(sample).not.toMatch(/[0O1lI]/);
  });

  it("never repeats across calls and always passes the password policy", () => {
    const generated = Array.from({ length: 500 }, () => generatePassword());
    expect(new Set(generated).size).toBe(generated.length);
    for (const password of generated) expect(passwordProblem(password)).toBeNull();
  });

  it("uses the whole alphabet", () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()).join(""));
    expect(seen.size).toBe(ALPHABET.length);
  });
});

describe("password hasher", () => {
  it("hashes with argon2id at the standard cost and verifies exactly as typed", async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash("Obiettivo-50mm");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify("Obiettivo-50mm", hash)).toBe(true);
    expect(await hasher.verify("obiettivo-50mm", hash)).toBe(false);
    expect(await hasher.verify("Obiettivo-50mm ", hash)).toBe(false);
  });

  it("finishes every hash even when many more are asked for than may run at once", async () => {
    const hasher = createPasswordHasher({ hashConcurrency: 2, signInConcurrency: 2, cost: "fast" });
    const passwords = Array.from({ length: 12 }, (_, i) => `Parola-segreta-${i}`);
    const hashes = await Promise.all(passwords.map((password) => hasher.hash(password)));
    const checks = await Promise.all(passwords.map((password, i) => hasher.verify(password, hashes[i] as string)));
    expect(checks.every(Boolean)).toBe(true);
  });

  it("hashes new passwords in turn, refuses past the queue with 429, and checks a sign-in meanwhile", async () => {
    const held: Array<() => void> = [];
    const argon2: Argon2 = {
      hash: (password) => new Promise((resolve) => held.push(() => resolve(`hash-${password}`))),
      verify: async (password, hash) => hash === `hash-${password}`,
    };
    const hasher = createPasswordHasher({ hashConcurrency: 1, hashQueue: 2, argon2 });
    const hashes = ["primo", "secondo", "terzo"].map((password) => hasher.hash(password));
    await expect(hasher.hash("quarto")).rejects.toMatchObject({ status: 429, message: HASHING_BUSY });
    expect(await hasher.verify("desk", "hash-desk")).toBe(true);
    for (const [i, password] of ["primo", "secondo", "terzo"].entries()) {
      expect(held).toHaveLength(1);
      held.shift()?.();
      expect(await hashes[i]).toBe(`hash-${password}`);
    }
    // The queue has drained: a new password is hashed at once again.
    const fifth = hasher.hash("quinto");
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect(await fifth).toBe("hash-quinto");
  });
});

describe("createOrPromoteAdmin", () => {
  it("creates an administrator with the given password", async () => {
    const ctx = createTestContext();
    const result = await createOrPromoteAdmin(ctx, { email: " Banco@Accademia.it ", password: "Banco-Prestiti-1" });
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toBeUndefined();
    expect(result.user).toMatchObject({ email: "banco@accademia.it", ruolo: "admin" });
    expect(await ctx.passwords.verify("Banco-Prestiti-1", result.user.passwordHash)).toBe(true);
    expect(countAdministrators(ctx)).toBe(1);
  });

  it("generates a password, returned once, when none is given", async () => {
    const ctx = createTestContext();
    const result = await createOrPromoteAdmin(ctx, { email: "banco@accademia.it" });
    expect(result.generatedPassword).toHaveLength(20);
    expect(await ctx.passwords.verify(result.generatedPassword as string, result.user.passwordHash)).toBe(true);
  });

  it("promotes an existing student, keeping their password unless a new one is given, and ends their sessions", async () => {
    const ctx = createTestContext();
    const first = await createOrPromoteAdmin(ctx, { email: "banco@accademia.it", password: "Banco-Prestiti-1" });
    ctx.sqlite.exec(`UPDATE users SET ruolo = 'user' WHERE id = ${first.user.id}`);
    const promoted = await createOrPromoteAdmin(ctx, { email: "banco@accademia.it" });
    expect(promoted.created).toBe(false);
    expect(promoted.generatedPassword).toBeUndefined();
    expect(promoted.user.ruolo).toBe("admin");
    expect(promoted.user.sessionVersion).toBe(first.user.sessionVersion + 1);
    expect(await ctx.passwords.verify("Banco-Prestiti-1", promoted.user.passwordHash)).toBe(true);
    const renewed = await createOrPromoteAdmin(ctx, { email: "banco@accademia.it", password: "Nuovo-Banco-2" });
    expect(await ctx.passwords.verify("Nuovo-Banco-2", renewed.user.passwordHash)).toBe(true);
    expect(countAdministrators(ctx)).toBe(1);
  });

  it("refuses a weak password with the policy's message", async () => {
    const ctx = createTestContext();
    await expect(createOrPromoteAdmin(ctx, { email: "banco@accademia.it", password: "admin123" })).rejects.toThrow(
      "Password troppo comune",
    );
    await expect(createOrPromoteAdmin(ctx, { email: "banco@accademia.it", password: "corta" })).rejects.toThrow(
      "La password deve contenere almeno 8 caratteri",
    );
    expect(countAdministrators(ctx)).toBe(0);
  });
});
