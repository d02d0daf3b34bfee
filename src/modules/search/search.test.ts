import { describe, expect, it } from "bun:test";
import { lendCameraToStudent, loanScenario, returnOk } from "../../testing/loan-fixtures";

const search = (term: string) => `/api/cerca?q=${encodeURIComponent(term)}`;

describe("the desk's global search", () => {
  it("finds items by name, units by code, students by name and open loans by borrower as one types", async () => {
    const scenario = await loanScenario();
    const loanId = await lendCameraToStudent(scenario);

    const byItem = await scenario.client.get(search("canon"), scenario.admin);
    expect(byItem.status).toBe(200);
    expect(byItem.body.oggetti.map((item: { nome: string }) => item.nome)).toEqual(["Fotocamera Canon"]);
    expect(byItem.body.unita.map((unit: { codice_univoco: string }) => unit.codice_univoco)).toEqual([
      "FOTOCAMERACANON_001",
      "FOTOCAMERACANON_002",
      "FOTOCAMERACANON_003",
    ]);
    expect(byItem.body.prestiti).toEqual([
      expect.objectContaining({ id: loanId, oggetto_nome: "Fotocamera Canon", utente_nome: "Giulia Rossi" }),
    ]);

    const byStudent = await scenario.client.get(search("rossi"), scenario.admin);
    expect(byStudent.body.studenti).toEqual([expect.objectContaining({ name: "Giulia", surname: "Rossi" })]);
    expect(byStudent.body.prestiti.map((loan: { id: number }) => loan.id)).toEqual([loanId]);

    const byCode = await scenario.client.get(search("canon_002"), scenario.admin);
    expect(byCode.body.unita).toEqual([
      expect.objectContaining({ codice_univoco: "FOTOCAMERACANON_002", inventario_id: scenario.camera.id }),
    ]);
  });

  it("lists only open loans, never administrators among the students", async () => {
    const scenario = await loanScenario();
    const loanId = await lendCameraToStudent(scenario);
    await returnOk(scenario.client, scenario.admin, loanId);
    const answer = await scenario.client.get(search("giulia"), scenario.admin);
    expect(answer.body.prestiti).toEqual([]);
    const desk = await scenario.client.get(search("desk@"), scenario.admin);
    expect(desk.body.studenti).toEqual([]);
  });

  it("answers 400 in Italian to a term too short or too long, and is for the desk only", async () => {
    const scenario = await loanScenario();
    const short = await scenario.client.get(search("a"), scenario.admin);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Scrivi da 2 a 100 caratteri da cercare");
    expect((await scenario.client.get(search("x".repeat(101)), scenario.admin)).status).toBe(400);
    expect((await scenario.client.get(search("canon"), scenario.student.token)).status).toBe(403);
    expect((await scenario.client.get(search("canon"))).status).toBe(401);
  });
});
