import { describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { passwordResetTokens } from "../../db/schema";
import {
  createTestClient,
  createTestContext,
  registerStudent,
  signInAdmin,
  studentData,
  type TestClient,
} from "../../testing/harness";
import { INVALID_RESET_LINK } from "./model";
import { type Argon2, createPasswordHasher, HASHING_BUSY } from "./passwords";
import { RESET_LINK_MS } from "./reset-link";

/** A sign-in's or a reset link's call as it arrives through the reverse proxy from `ip`: its status and body. */
async function postFrom(client: TestClient, path: string, body: unknown, ip: string) {
  const answer = await client.call("POST", path, { body, headers: { "x-forwarded-for": ip } });
  return { status: answer.status, body: answer.body };
}

const resetFrom = (client: TestClient, ip: string, token: string, password = "Nuova-Parola-2026") =>
  postFrom(client, "/api/auth/reimposta-password", { token, password }, ip);

/** A reset link for `userId` as if it had been mailed: its token, stored as the server stores it. */
function liveLink(client: TestClient, userId: number): string {
  const token = crypto.randomUUID();
  const now = client.ctx.clock.now();
  client.ctx.db
    .insert(passwordResetTokens)
    .values({
      userId,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .run();
  return token;
}

/** A server behind a trusted proxy whose hasher counts the new passwords it hashes. */
function countingServer() {
  const ctx = { ...createTestContext(), trustProxy: true };
  const hasher = ctx.passwords;
  const counter = { hashed: 0 };
  ctx.passwords = {
    ...hasher,
    hash(password) {
      counter.hashed++;
      return hasher.hash(password);
    },
  };
  return { client: createTestClient(ctx), counter };
}

describe("POST /api/auth/reimposta-password under a flood", () => {
  it("never hashes the password for a made-up, spent or expired token", async () => {
    const { client, counter } = countingServer();
    const student = await registerStudent(client);
    const spent = liveLink(client, student.user.id);
    expect((await resetFrom(client, "10.0.0.5", spent)).status).toBe(200);
    const expired = liveLink(client, student.user.id);
    const before = counter.hashed;
    for (const token of ["inventato", spent, expired]) {
      if (token === expired) client.ctx.clock.travelTo(new Date(client.ctx.clock.now().getTime() + RESET_LINK_MS));
      const answer = await resetFrom(client, "10.0.0.66", token);
      expect(answer).toEqual({ status: 400, body: { error: INVALID_RESET_LINK } });
    }
    expect(counter.hashed).toBe(before);
  });

  it("hashes once for a live link, and the new password signs in", async () => {
    const { client, counter } = countingServer();
    const student = await registerStudent(client);
    const before = counter.hashed;
    expect((await resetFrom(client, "10.0.0.5", liveLink(client, student.user.id))).status).toBe(200);
    expect(counter.hashed).toBe(before + 1);
    const signIn = await postFrom(
      client,
      "/api/auth/login",
      { email: student.user.email, password: "Nuova-Parola-2026" },
      "10.0.0.5",
    );
    expect(signIn.status).toBe(200);
  });

  it("refuses an address after 20 refused links with 429, live link or not, and leaves other addresses alone", async () => {
    const { client } = countingServer();
    const student = await registerStudent(client);
    for (let i = 0; i < 20; i++) expect((await resetFrom(client, "10.0.0.66", `falso-${i}`)).status).toBe(400);
    const throttled = await resetFrom(client, "10.0.0.66", liveLink(client, student.user.id));
    expect(throttled).toEqual({ status: 429, body: { error: "Troppi tentativi, riprova più tardi" } });
    expect((await resetFrom(client, "10.0.0.5", liveLink(client, student.user.id))).status).toBe(200);
  });
});

/** Bun's argon2 with every new password's hash held until `release()`: a flood that has not finished. */
function heldArgon2() {
  const held: Array<() => void> = [];
  let holding = false;
  const argon2: Argon2 = {
    async hash(password, params) {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      return Bun.password.hash(password, params);
    },
    verify: (password, hash) => Bun.password.verify(password, hash),
  };
  return {
    argon2,
    hold: () => (holding = true),
    release() {
      holding = false;
      for (const resume of held.splice(0)) resume();
    },
  };
}

describe("sign-in beside a flood of anonymous hashing", () => {
  it("answers the desk at once while sign-ups wait to be hashed, and refuses the sign-ups past the queue", async () => {
    const argon2 = heldArgon2();
    const passwords = createPasswordHasher({ cost: "fast", hashConcurrency: 2, hashQueue: 20, argon2: argon2.argon2 });
    const client = createTestClient({ ...createTestContext(), passwords });
    const admin = await signInAdmin(client);
    argon2.hold();
    const finished: number[] = [];
    const signUps = Array.from({ length: 30 }, (_, i) =>
      client.post("/api/auth/register", studentData()).then((answer) => {
        finished.push(i);
        return answer;
      }),
    );
    // Two are being hashed and twenty wait in line: the other eight are refused at once.
    while (finished.length < 8) await Promise.race(signUps.filter((_, i) => !finished.includes(i)));

    const desk = await client.post("/api/auth/login", { email: admin.user.email, password: admin.password });
    expect(desk.status).toBe(200);
    expect(finished).toHaveLength(8);

    argon2.release();
    const answers = await Promise.all(signUps);
    const refused = finished.slice(0, 8).map((i) => answers[i]);
    expect(refused.every((answer) => answer?.status === 429 && answer.body.error === HASHING_BUSY)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(22);
  });
});
