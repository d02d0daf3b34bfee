import { describe, expect, it } from "bun:test";
import { createTestClient, registerStudent, signInAdmin } from "../../testing/harness";
import { INVALID_RESET_LINK } from "./model";

/** The shapes auth's routes declare (model.ts): refused before any service runs, with the field's message. */
describe("auth and users: input shapes", () => {
  it("refuses an id that is not one in every users path, with 'Utente non valido'", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    for (const answer of [
      await client.put("/api/auth/users/abc", { name: "Ada" }, admin.token),
      await client.put("/api/users/0", { name: "Ada" }, admin.token),
      await client.delete("/api/auth/users/1.5", admin.token),
      await client.delete("/api/users/-3", admin.token),
      await client.put("/api/auth/users/x/reset-password", { newPassword: "Obiettivo-50mm" }, admin.token),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Utente non valido");
    }
  });

  it("reads an absent tab as every user and refuses a long search with its limit", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    await registerStudent(client);
    const page = await client.get("/api/auth/users?pagina=1", admin.token);
    expect(page.body).toMatchObject({ totale: 2, per_ruolo: { user: 1, admin: 1 } });
    const long = await client.get(`/api/auth/users?pagina=1&cerca=${"a".repeat(101)}`, admin.token);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Testo di ricerca troppo lungo (massimo 100 caratteri)");
  });

  it("creates a student from the admin's form when no role is sent", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const answer = await client.post(
      "/api/auth/register",
      { name: "Luca", surname: "Neri", email: "luca@accademia.it", matricola: "M9", password: "Obiettivo-50mm" },
      admin.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user.ruolo).toBe("user");
  });

  it("answers a reset without its link with the link's message", async () => {
    const client = createTestClient();
    for (const body of [{ password: "Obiettivo-50mm" }, { token: "", password: "Obiettivo-50mm" }]) {
      const answer = await client.post("/api/auth/reimposta-password", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(INVALID_RESET_LINK);
    }
  });
});
