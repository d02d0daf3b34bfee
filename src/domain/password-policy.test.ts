import { describe, expect, it } from "bun:test";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("refuses fewer than 8 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    for (const password of ["", "a", "Ab3$xyz"]) {
      expect(passwordProblem(password)).toBe("La password deve contenere almeno 8 caratteri");
    }
  });

  it("accepts 8 characters or more that are not common", () => {
    for (const password of ["Ab3$xyzw", "Obiettivo-50mm", "una frase lunga e facile da ricordare", "        x"]) {
      expect(passwordProblem(password)).toBeNull();
    }
  });

  it("refuses the most common passwords, whatever their case", () => {
    for (const password of [
      "password",
      "Password1",
      "PASSWORD123",
      "12345678",
      "qwertyuiop",
      "Accademia1",
      "PrestaLab",
    ]) {
      expect(passwordProblem(password)).toBe("Password troppo comune");
    }
  });

  it("does not trim: a common password with a space around it is a different password", () => {
    expect(passwordProblem(" password ")).toBeNull();
  });
});
