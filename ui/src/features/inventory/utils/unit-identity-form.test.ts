import { describe, expect, it } from "bun:test";
import { anItem, aUnit } from "../../../../test/inventory-fixtures";
import { formFromItem, toPayload } from "./item-form";

describe("the item form with brands, models and units' own identity", () => {
  it("sends the brand, the model and each unit's serial, purchase date and value as edited", () => {
    const item = anItem({
      marca: "Canon",
      modello: "EOS R6",
      unita: [
        aUnit({ id: 101, numero_serie: "SN-1", data_acquisto: "2024-09-01", valore: 2499.9 }),
        aUnit({ id: 102, codice_univoco: "CANONEOSR6_002" }),
      ],
    });
    const form = formFromItem(item);
    const [first, second] = form.unita;
    const edited = {
      ...form,
      unita: [
        { ...first, codice_univoco: first?.codice_univoco ?? "", note: "", valore: "" },
        { ...second, codice_univoco: second?.codice_univoco ?? "", note: "", numero_serie: "SN-2" },
      ],
    };
    const payload = toPayload(edited);
    expect(payload).toMatchObject({ marca: "Canon", modello: "EOS R6" });
    expect(payload.unita).toEqual([
      {
        id: 101,
        codice_univoco: "CANONEOSR6_001",
        note: "",
        numero_serie: "SN-1",
        data_acquisto: "2024-09-01",
        valore: null,
      },
      // A unit with no identity sends only what was typed: the server keeps the rest as it is.
      { id: 102, codice_univoco: "CANONEOSR6_002", note: "", numero_serie: "SN-2" },
    ]);
  });
});
