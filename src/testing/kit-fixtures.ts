import type { Json, TestClient } from "./harness";
import { type LoanScenario, unitIdOf } from "./loan-fixtures";

/**
 * A portrait kit of the loan scenario: the camera's first unit pinned, one more camera, the studio
 * light, and two batteries and a bag as accessories; seen by photography students.
 */
export function portraitKit(scenario: LoanScenario, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nome: "Kit ritratto",
    descrizione: "Per i ritratti in studio",
    corsi_assegnati: ["Fotografia"],
    righe: [
      { inventario_id: scenario.camera.id, quantita: 1, unit_id: unitIdOf(scenario.camera, 0) },
      { inventario_id: scenario.camera.id, quantita: 1 },
      { inventario_id: scenario.studioLight.id, quantita: 1 },
    ],
    accessori: [
      { nome: "Batteria", quantita: 2 },
      { nome: "Borsa", quantita: 1 },
    ],
    ...overrides,
  };
}

/** Creates a kit through the API as the desk; throws unless it was accepted. */
export async function createKitOk(client: TestClient, admin: string, body: Record<string, unknown>): Promise<Json> {
  const answer = await client.post("/api/kit", body, admin);
  if (answer.status !== 200) throw new Error(`kit refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The portrait kit, created by the desk. */
export async function createPortraitKit(scenario: LoanScenario): Promise<Json> {
  return createKitOk(scenario.client, scenario.admin, portraitKit(scenario));
}
