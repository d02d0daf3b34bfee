import { describe, expect, it } from "bun:test";
import { defaultUnitCode, defaultUnitCodes, MAX_UNIT_CODE_LENGTH, unitCodeBaseIsCut } from "./unit-codes";

describe("default unit codes", () => {
  it("upper-cases the name, drops the spaces and adds a 3-digit sequence", () => {
    expect(defaultUnitCode("Fotocamera Canon EOS", 1)).toBe("FOTOCAMERACANONEOS_001");
    expect(defaultUnitCode("treppiede", 12)).toBe("TREPPIEDE_012");
    expect(defaultUnitCode("Luce", 100)).toBe("LUCE_100");
  });

  it("drops every kind of whitespace, also at the ends", () => {
    expect(defaultUnitCode("  Cavo \t XLR\n 5m ", 2)).toBe("CAVOXLR5M_002");
  });

  it("writes an accented letter as its plain letter, and keeps hyphens and underscores", () => {
    expect(defaultUnitCode("Proiettore 4K-è", 3)).toBe("PROIETTORE4K-E_003");
    expect(defaultUnitCode("Perché_Ñandú", 1)).toBe("PERCHE_NANDU_001");
  });

  it("makes codes of letters, digits, - and _ only, whatever the name holds", () => {
    expect(defaultUnitCode("Obiettivo 18-55mm, f/3.5; Canon", 1)).toBe("OBIETTIVO18-55MMF35CANON_001");
    expect(defaultUnitCode("Zoom H5 / Registratore (kit) #2 + €", 1)).toBe("ZOOMH5REGISTRATOREKIT2_001");
    for (const name of ["Cavo 'XLR' 5m", "Lente 50mm f/1.8 & paraluce", "Ω-Meter «pro»", "Séance\u00a01:2"])
      expect(defaultUnitCode(name, 7)).toMatch(/^[A-Z0-9_-]+$/);
  });

  it("never lets an emoji reach a code", () => {
    expect(defaultUnitCode("Fotocamera 📷 Canon 👩‍🎨", 1)).toBe("FOTOCAMERACANON_001");
  });

  it("cuts a long name so that the code fits the server's limit, and says it was cut", () => {
    const name = "Obiettivo".repeat(30);
    const code = defaultUnitCode(name, 500);
    expect(code.length).toBe(MAX_UNIT_CODE_LENGTH);
    expect(code.endsWith("_500")).toBe(true);
    expect(unitCodeBaseIsCut(name)).toBe(true);
    expect(unitCodeBaseIsCut("Fotocamera Canon EOS")).toBe(false);
  });

  it("keeps counting past 999 without truncating", () => {
    expect(defaultUnitCode("Cavo", 1000)).toBe("CAVO_1000");
  });

  it("numbers a list of codes from 001", () => {
    expect(defaultUnitCodes("Flash Godox", 3)).toEqual(["FLASHGODOX_001", "FLASHGODOX_002", "FLASHGODOX_003"]);
    expect(defaultUnitCodes("Flash", 0)).toEqual([]);
  });
});
