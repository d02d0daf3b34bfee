import { expect, it } from "bun:test";
import { createTestClient, registerStudent, signInAdmin } from "../../testing/harness";

it("registers, signs in and reads the session", async () => {
  const client = createTestClient();
  const student = await registerStudent(client);
  const me = await client.get("/api/auth/me", student.token);
  expect(me.status).toBe(200);
  const admin = await signInAdmin(client);
  const list = await client.get("/api/auth/users", admin.token);
  expect(list.body.length).toBe(2);
  expect((await client.get("/api/auth/users", student.token)).status).toBe(403);
  expect((await client.get("/api/auth/users")).status).toBe(401);
  expect((await client.call("POST", "/api/auth/admin-reset-password", { raw: "{bad" })).status).toBe(401);
  expect((await client.call("POST", "/api/auth/login", { raw: "{bad" })).status).toBe(400);
});
