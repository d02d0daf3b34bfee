import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsBefore, olderDatabase } from "../testing/foreign-databases";
import { openDatabase } from "./client";

const BEFORE_UNIT_IDENTITY = migrationsBefore("mappature_import");

describe("moving item serials to units", () => {
  it("gives an item's serial to its unit when it has exactly one, and leaves it on items with several", () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-serials-"));
    const file = join(dir, "old.db");
    try {
      expect(BEFORE_UNIT_IDENTITY).toBeGreaterThan(0);
      olderDatabase(
        file,
        BEFORE_UNIT_IDENTITY,
        `INSERT INTO inventario (nome, seriale, data_aggiunta) VALUES
          ('Zoom H5', 'SN-1', '2026-01-01'), ('Cavi XLR', 'LOTTO-7', '2026-01-01'), ('Treppiede', NULL, '2026-01-01');
        INSERT INTO unita (inventario_id, codice_univoco, codice_chiave) VALUES
          (1, 'ZOOM_001', 'zoom_001'), (2, 'XLR_001', 'xlr_001'), (2, 'XLR_002', 'xlr_002'), (3, 'TR_001', 'tr_001')`,
      );
      const { sqlite } = openDatabase(file);
      expect(sqlite.query("SELECT nome, seriale FROM inventario ORDER BY id").all()).toEqual([
        { nome: "Zoom H5", seriale: null },
        { nome: "Cavi XLR", seriale: "LOTTO-7" },
        { nome: "Treppiede", seriale: null },
      ]);
      expect(
        sqlite.query("SELECT codice_univoco AS code, numero_serie AS serial FROM unita ORDER BY id").all(),
      ).toEqual([
        { code: "ZOOM_001", serial: "SN-1" },
        { code: "XLR_001", serial: null },
        { code: "XLR_002", serial: null },
        { code: "TR_001", serial: null },
      ]);
      // The moved serial is found by the unit search index the migration made again.
      expect(
        sqlite.query("SELECT rowid AS id FROM unita_fts WHERE unita_fts MATCH '{numero_serie} : \"SN-1\"'").all(),
      ).toEqual([{ id: 1 }]);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
