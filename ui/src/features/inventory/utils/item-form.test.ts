import { describe, expect, it } from "bun:test";
import {
  acceptQuantity,
  emptyForm,
  type ItemForm,
  regenerateUnits,
  saveProblem,
  stepProblem,
  type UnitDraft,
} from "./item-form";

function form(overrides: Partial<ItemForm>): ItemForm {
  return { ...emptyForm(), ...overrides };
}

describe("item form rules", () => {
  it("accepts an empty quantity or a whole number from 1, and ignores anything else", () => {
    expect(acceptQuantity("2", "")).toBe("");
    expect(acceptQuantity("2", "5")).toBe("5");
    expect(acceptQuantity("2", "0")).toBe("2");
    expect(acceptQuantity("2", "-1")).toBe("2");
    expect(acceptQuantity("2", "abc")).toBe("2");
    expect(acceptQuantity("2", "1.5")).toBe("2");
    expect(acceptQuantity("2", "500")).toBe("500");
    expect(acceptQuantity("2", "501")).toBe("2");
  });

  it("defaults to one unit of an external-loan item", () => {
    const empty = emptyForm();
    expect(empty.quantity).toBe("1");
    expect(empty.tipo_prestito).toBe("solo_esterno");
    expect(empty.unita).toHaveLength(1);
  });

  it("regenerates every code on creation, keeping the notes by position", () => {
    const units = regenerateUnits(
      form({ nome: "Luce led", quantity: "2", unita: [{ codice_univoco: "X", note: "Con borsa" }] }),
      "create",
    );
    expect(units).toEqual([
      { codice_univoco: "LUCELED_001", note: "Con borsa" },
      { codice_univoco: "LUCELED_002", note: "" },
    ]);
  });

  it("on editing keeps existing units, never reusing their codes for new ones", () => {
    const existing: UnitDraft[] = [
      { id: 1, codice_univoco: "CAVO_002", note: "" },
      { id: 2, codice_univoco: "ALTRO", note: "" },
    ];
    expect(regenerateUnits(form({ nome: "Cavo", quantity: "4", unita: existing }), "edit")).toEqual([
      ...existing,
      { codice_univoco: "CAVO_001", note: "" },
      { codice_univoco: "CAVO_003", note: "" },
    ]);
    expect(regenerateUnits(form({ nome: "Cavo", quantity: "1", unita: existing }), "edit")).toEqual(
      existing.slice(0, 1),
    );
  });

  it("leaves the units alone while the quantity is empty", () => {
    const current = form({ nome: "Cavo", quantity: "" });
    expect(regenerateUnits(current, "create")).toBe(current.unita);
  });

  it("validates step 1, step 4 and step 5, and nothing on steps 2 and 3", () => {
    expect(stepProblem(form({ nome: "", quantity: "1" }), 1)).not.toBeNull();
    expect(stepProblem(form({ nome: "Cavo", quantity: "" }), 1)).not.toBeNull();
    expect(stepProblem(form({ nome: "Cavo", quantity: "1" }), 1)).toBeNull();
    expect(stepProblem(form({}), 2)).toBeNull();
    expect(stepProblem(form({}), 3)).toBeNull();
    expect(stepProblem(form({ corsi_assegnati: [] }), 4)).not.toBeNull();
    expect(stepProblem(form({ corsi_assegnati: ["Design"] }), 4)).toBeNull();
    expect(stepProblem(form({ unita: [] }), 5)).not.toBeNull();
  });

  it("asks for every required field before saving", () => {
    const complete = form({ nome: "Cavo", quantity: "1", unita: [{ codice_univoco: "CAVO_001", note: "" }] });
    expect(saveProblem(complete)).toBeNull();
    expect(saveProblem({ ...complete, nome: " " })).toBe("Compila tutti i campi obbligatori");
    expect(saveProblem({ ...complete, quantity: "" })).toBe("Compila tutti i campi obbligatori");
    expect(saveProblem({ ...complete, unita: [] })).toBe("Compila tutti i campi obbligatori");
  });
});
