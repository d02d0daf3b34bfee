import { describe, expect, it } from "bun:test";
import { generateTemporaryPassword } from "./temporary-password";

describe("generateTemporaryPassword", () => {
  it("gives 20 unambiguous letters and digits in four groups of five", () => {
    const password = generateTemporaryPassword();
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{5}(-[A-HJ-NP-Za-km-z2-9]{5}){3}$/);
    expect(password.replaceAll("-", "").length).toBeGreaterThanOrEqual(16);
  });

  it("never repeats itself", () => {
    const passwords = new Set(Array.from({ length: 500 }, generateTemporaryPassword));
    expect(passwords.size).toBe(500);
  });
});
