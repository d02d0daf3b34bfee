import { and, eq, isNull, sql } from "drizzle-orm";
import * as XLSX from "xlsx";
import type { Actor } from "../../actor";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { categorie, corsi, inventario, inventarioCorsi, unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import { isLoanType, LOAN_TYPE_LABELS, LOAN_TYPES, type LoanType } from "../../domain/loan-types";
import { textKey } from "../../domain/text-key";
import { defaultUnitCodes, MAX_UNITS_PER_ITEM, unitCodeProblem } from "../../domain/unit-codes";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { isWebAddress } from "../inventory/service";
import { csvText, looksLikeSafeSpreadsheet, xlsxSheetRows } from "./file-guard";
import { type ImportOutcome, type ImportRowOutcome, INVALID_FILE } from "./model";
import { CODES_COUNT_CELL, type ITEM_COLUMNS, ITEMS_SHEET, splitList, UNITS_SHEET } from "./sheet-layout";

/**
 * The spreadsheet import itself: reading the file, checking each row and applying it. It runs wherever
 * it is given a connection: in the import worker (import-worker.ts) for a database file, so the server's
 * thread never waits on it, or on the server's own connection for an in-memory database (tests).
 */

export const MAX_IMPORT_ROWS = 5000;
/** Rows of the "Unità" sheet: the export writes one per unit, so up to 500 per item. */
export const MAX_IMPORT_UNIT_ROWS = 50_000;
/** Used columns per sheet: the export has 14; a sheet wider than this is not an inventory. */
export const MAX_IMPORT_COLUMNS = 50;
const TOO_MANY_ROWS = `${INVALID_FILE}: al massimo ${MAX_IMPORT_ROWS} righe`;
const TOO_MANY_UNIT_ROWS = `${INVALID_FILE}: al massimo ${MAX_IMPORT_UNIT_ROWS} righe nel foglio "${UNITS_SHEET}"`;
/** How many rows go by between two progress reports. */
const PROGRESS_EVERY = 100;

export interface ImportUpload {
  name: string;
  bytes: Uint8Array;
}

/** Who imports which file, and the clock that dates the new items and the audit entry. */
export interface ImportRun {
  upload: ImportUpload;
  admin: Pick<Actor, "id" | "email">;
  clock: Clock;
  /** Only say what would happen: the rows are applied exactly as an import would, then rolled back. */
  preview?: boolean;
}

/** "lettura" while the file is read and checked, "importazione" while its rows are applied. */
export interface ImportProgress {
  fase: "lettura" | "importazione";
  letti: number;
  totale: number;
}

type Row = Partial<Record<(typeof ITEM_COLUMNS)[number], unknown>>;

/** A file's rows, read and checked as a whole: the first half of an import, which takes no lock. */
export interface ImportSheet {
  items: Row[];
  units: Array<Record<string, unknown>>;
}

/**
 * Row 1's cells, read one by one (never by converting the sheet: a sheet can span 16,384 columns),
 * after checking that the sheet uses at most MAX_IMPORT_COLUMNS columns.
 */
function headerOf(sheet: XLSX.WorkSheet, sheetName: string): string[] {
  const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1:A1");
  const width = range.e.c - range.s.c + 1;
  if (width > MAX_IMPORT_COLUMNS)
    throw badRequest(
      `${INVALID_FILE}: il foglio "${sheetName}" usa ${width} colonne (al massimo ${MAX_IMPORT_COLUMNS})`,
    );
  const header: string[] = [];
  for (let column = range.s.c; column <= range.e.c; column++) {
    const cell = sheet[XLSX.utils.encode_cell({ r: range.s.r, c: column })] as XLSX.CellObject | undefined;
    header.push(String(cell?.v ?? "").trim());
  }
  return header;
}

/**
 * The workbook in the file. A CSV is read as UTF-8 text, every cell as written (a code like 007 keeps its
 * zeros), split on semicolons when its header has more of them than commas, as Italian spreadsheets save it.
 */
function readBook(name: string, bytes: Uint8Array): XLSX.WorkBook {
  const options = { sheetRows: MAX_IMPORT_UNIT_ROWS + 2, cellDates: false };
  if (!name.toLowerCase().endsWith(".csv")) return XLSX.read(bytes, { type: "array", ...options });
  const csv = csvText(bytes) ?? "";
  const header = csv.slice(0, csv.indexOf("\n") === -1 ? undefined : csv.indexOf("\n"));
  const separator = header.split(";").length > header.split(",").length ? ";" : ",";
  return XLSX.read(csv, { type: "string", raw: true, FS: separator, ...options });
}

/** The sheet an import reads its items from: "Inventario", else the first one. */
const itemsSheetOf = (sheetNames: string[]) => (sheetNames.includes(ITEMS_SHEET) ? ITEMS_SHEET : sheetNames[0]);

/**
 * Refuses an .xlsx holding more rows than an import takes from a count of its rows, before SheetJS builds
 * a single cell: a 215 kB file of tiny cells took 580 MB to 1 GB and 20 s to parse before its refusal.
 * Each sheet's header row holds values too, hence the one row more.
 */
function refuseTooManyRows(bytes: Uint8Array): void {
  const sheets = xlsxSheetRows(bytes);
  if (!sheets) return;
  const itemsSheet = itemsSheetOf(sheets.names);
  if (itemsSheet && (sheets.rowsWithValues(itemsSheet, MAX_IMPORT_ROWS + 1) ?? 0) > MAX_IMPORT_ROWS + 1)
    throw badRequest(TOO_MANY_ROWS);
  if ((sheets.rowsWithValues(UNITS_SHEET, MAX_IMPORT_UNIT_ROWS + 1) ?? 0) > MAX_IMPORT_UNIT_ROWS + 1)
    throw badRequest(TOO_MANY_UNIT_ROWS);
}

/** The first half of an import: reads and checks the file as a whole, refusing a bad one. */
export function readImport({ name, bytes }: ImportUpload): ImportSheet {
  // Before the zip guard, which inflates the whole file to check it.
  if (name.toLowerCase().endsWith(".xlsx")) refuseTooManyRows(bytes);
  // The zip guard is as costly as reading the file, so it runs here too.
  if (!looksLikeSafeSpreadsheet(name, bytes)) throw badRequest(INVALID_FILE);
  let book: XLSX.WorkBook;
  try {
    book = readBook(name, bytes);
  } catch {
    throw badRequest(INVALID_FILE);
  }
  const sheetName = itemsSheetOf(book.SheetNames);
  const sheet = sheetName ? book.Sheets[sheetName] : undefined;
  if (!sheet || !sheetName) throw badRequest(INVALID_FILE);
  if (!headerOf(sheet, sheetName).includes("Nome")) throw badRequest(`${INVALID_FILE}: manca la colonna "Nome"`);
  const items = XLSX.utils.sheet_to_json<Row>(sheet, { defval: "", raw: true });
  if (items.length > MAX_IMPORT_ROWS) throw badRequest(TOO_MANY_ROWS);
  const unitSheet = book.Sheets[UNITS_SHEET];
  if (unitSheet) headerOf(unitSheet, UNITS_SHEET);
  const units = unitSheet
    ? XLSX.utils.sheet_to_json<Record<string, unknown>>(unitSheet, { defval: "", raw: true })
    : [];
  if (units.length > MAX_IMPORT_UNIT_ROWS) throw badRequest(TOO_MANY_UNIT_ROWS);
  return { items, units };
}

class RowError extends Error {}

/** The row number the spreadsheet shows. SheetJS skips blank rows but keeps each row's 0-based index. */
function sheetRowNumber(row: Row, index: number): number {
  const zeroBased = (row as { __rowNum__?: unknown }).__rowNum__;
  return typeof zeroBased === "number" ? zeroBased + 1 : index + 2;
}

function text(value: unknown): string | null {
  const trimmed = String(value ?? "").trim();
  return trimmed === "" ? null : trimmed;
}

function loanTypeOf(value: unknown): LoanType | null {
  const raw = text(value);
  if (raw === null) return null;
  if (isLoanType(raw)) return raw;
  const byLabel = LOAN_TYPES.find((type) => LOAN_TYPE_LABELS[type].toLowerCase() === raw.toLowerCase());
  if (!byLabel) throw new RowError(`tipo di prestito "${raw}" non valido`);
  return byLabel;
}

function categoryIdFor(db: Db, name: string | null): number | null {
  if (name === null) return null;
  const existing = db
    .select({ id: categorie.id })
    .from(categorie)
    .where(sql`lower(${categorie.nome}) = lower(${name})`)
    .get();
  if (existing) return existing.id;
  return db.insert(categorie).values({ nome: name }).returning({ id: categorie.id }).get().id;
}

/** The courses by lower-cased name, read once per import: rows only ever name them. */
function coursesByName(db: Db): Map<string, number> {
  return new Map(
    db
      .select()
      .from(corsi)
      .all()
      .map((course) => [course.nome.toLowerCase(), course.id]),
  );
}

/** Course ids in the order written, matched whatever the case; a course written twice counts once. */
function courseIdsFor(courses: Map<string, number>, names: string[]): number[] {
  const ids = names.map((name) => {
    const id = courses.get(name.toLowerCase());
    if (id === undefined) throw new RowError(`corso "${name}" sconosciuto`);
    return id;
  });
  return [...new Set(ids)];
}

/** A cell's trimmed text, refused when longer than the item form allows. */
function cell(row: Row, column: (typeof ITEM_COLUMNS)[number], maxLength: number): string | null {
  const value = text(row[column]);
  if (value !== null && value.length > maxLength)
    throw new RowError(`testo troppo lungo in "${column}" (massimo ${maxLength} caratteri)`);
  return value;
}

/**
 * The lookups and inserts every row runs, prepared once per import: building and preparing them again
 * for each of 5,000 rows cost more than running them, and the import holds the write lock meanwhile.
 */
function prepareRowStatements(db: Db) {
  const { placeholder } = sql;
  return {
    liveItemById: db
      .select()
      .from(inventario)
      .where(and(eq(inventario.id, placeholder("id")), isNull(inventario.archivedAt)))
      .prepare(),
    // The name index is case-blind: its condition finds the candidates, the exact one picks the match.
    liveItemByName: db
      .select()
      .from(inventario)
      .where(
        and(
          sql`${inventario.nome} = ${placeholder("nome")} collate nocase`,
          eq(inventario.nome, placeholder("nome")),
          isNull(inventario.archivedAt),
        ),
      )
      .prepare(),
    itemCourses: db
      .select({ id: inventarioCorsi.corsoId })
      .from(inventarioCorsi)
      .where(eq(inventarioCorsi.inventarioId, placeholder("itemId")))
      .orderBy(inventarioCorsi.posizione)
      .prepare(),
    unitByKey: db
      .select()
      .from(unita)
      .where(eq(unita.codiceChiave, placeholder("key")))
      .prepare(),
    addUnit: db
      .insert(unita)
      .values({
        inventarioId: placeholder("itemId"),
        codiceUnivoco: placeholder("code"),
        codiceChiave: placeholder("key"),
      })
      .prepare(),
  };
}

/** What every row of one import shares: today's date, the courses and the prepared statements. */
interface ImportContext {
  today: string;
  courses: Map<string, number>;
  statements: ReturnType<typeof prepareRowStatements>;
}

/** Applies one spreadsheet row; returns whether anything changed. */
function importRow(db: Db, context: ImportContext, row: Row): "created" | "updated" | "unchanged" {
  const nome = cell(row, "Nome", ITEM_TEXT_LIMITS.nome);
  if (nome === null) throw new RowError("il nome è obbligatorio");
  const idText = text(row.ID);
  let existing: typeof inventario.$inferSelect | undefined;
  if (idText !== null) {
    const id = Number(idText);
    if (!Number.isInteger(id) || id < 1) throw new RowError(`ID "${idText}" non valido`);
    existing = context.statements.liveItemById.get({ id });
    if (!existing) throw new RowError(`nessun articolo con ID ${id}`);
  } else existing = context.statements.liveItemByName.get({ nome });
  const courseIds = courseIdsFor(context.courses, splitList(row["Corsi Assegnati"]));
  const imageUrl = cell(row, "Immagine URL", ITEM_TEXT_LIMITS.immagineUrl);
  if (imageUrl !== null && !isWebAddress(imageUrl)) throw new RowError("il link dell'immagine non è valido");
  const fields = {
    nome,
    categoriaId: categoryIdFor(db, cell(row, "Categoria", ITEM_TEXT_LIMITS.categoria)),
    posizione: cell(row, "Posizione", ITEM_TEXT_LIMITS.posizione),
    fornitore: cell(row, "Fornitore", ITEM_TEXT_LIMITS.fornitore),
    tipoPrestito: loanTypeOf(row["Tipo Prestito"]) ?? existing?.tipoPrestito ?? "solo_esterno",
    note: cell(row, "Note", ITEM_TEXT_LIMITS.note),
    immagineUrl: imageUrl,
    // A sheet from before the accessory column keeps the accessories already recorded.
    checklist:
      "Accessori" in row
        ? splitList(cell(row, "Accessori", ITEM_TEXT_LIMITS.checklist)).join("\n") || null
        : (existing?.checklist ?? null),
  };
  const codesText = text(row["Codici Unità"]);
  let codes = codesText !== null && CODES_COUNT_CELL.test(codesText) ? [] : splitList(codesText);
  if (codes.length > MAX_UNITS_PER_ITEM)
    throw new RowError(`${codes.length} codici unità: al massimo ${MAX_UNITS_PER_ITEM} per articolo`);
  const longCode = codes.find((code) => code.length > ITEM_TEXT_LIMITS.codice);
  if (longCode)
    throw new RowError(
      `il codice ${longCode.slice(0, 20)}… è troppo lungo (massimo ${ITEM_TEXT_LIMITS.codice} caratteri)`,
    );
  for (const code of codes) {
    const problem = unitCodeProblem(code);
    if (problem) throw new RowError(`${problem.charAt(0).toLowerCase()}${problem.slice(1)} (${code.slice(0, 20)})`);
  }
  if (codes.length === 0 && !existing) {
    const quantity = Number(text(row["Quantità Totale"]) ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_UNITS_PER_ITEM)
      throw new RowError("quantità non valida");
    codes = defaultUnitCodes(nome, quantity);
  }
  let changed = false;
  let itemId: number;
  if (existing) {
    itemId = existing.id;
    const differs = (Object.keys(fields) as Array<keyof typeof fields>).some((key) => fields[key] !== existing[key]);
    if (differs) {
      db.update(inventario).set(fields).where(eq(inventario.id, itemId)).run();
      changed = true;
    }
  } else {
    itemId = db
      .insert(inventario)
      .values({ ...fields, dataAggiunta: context.today })
      .returning({ id: inventario.id })
      .get().id;
    changed = true;
  }
  const currentCourses = context.statements.itemCourses.all({ itemId }).map((course) => course.id);
  if (currentCourses.join(",") !== courseIds.join(",")) {
    db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, itemId)).run();
    if (courseIds.length)
      db.insert(inventarioCorsi)
        .values(courseIds.map((corsoId, posizione) => ({ inventarioId: itemId, corsoId, posizione })))
        .run();
    changed = true;
  }
  // Units are added by code and never removed by an import.
  for (const code of codes) {
    const key = textKey(code);
    const holder = context.statements.unitByKey.get({ key });
    if (holder && holder.inventarioId !== itemId)
      throw new RowError(`il codice ${code} appartiene a un altro articolo`);
    if (!holder) {
      context.statements.addUnit.run({ itemId, code, key });
      changed = true;
    }
  }
  return existing ? (changed ? "updated" : "unchanged") : "created";
}

function applyUnitNotes(db: Db, context: ImportContext, units: Array<Record<string, unknown>>): number {
  let changed = 0;
  for (const row of units) {
    const code = text(row.Codice);
    if (code === null) continue;
    const note = text(row.Note);
    const unit = context.statements.unitByKey.get({ key: textKey(code) });
    if (unit && unit.note !== note) {
      db.update(unita).set({ note }).where(eq(unita.id, unit.id)).run();
      changed++;
    }
  }
  return changed;
}

/** Ends a preview's transaction, so that nothing it wrote is kept. */
class PreviewRollback extends Error {}

const ROW_VERDICTS = { created: "creato", updated: "aggiornato", unchanged: "invariato" } as const;

/**
 * The second half: applies the rows in one write transaction, each on its own savepoint, so a bad row
 * is reported as "Riga N: …" and skipped while the others go through; a crash applies nothing. A preview
 * runs the very same rows and then rolls everything back, so what it announces is what the import does.
 */
export function applyImport(
  db: Db,
  run: ImportRun,
  { items, units }: ImportSheet,
  report: (progress: ImportProgress) => void,
): ImportOutcome {
  const errors: string[] = [];
  const rows: ImportRowOutcome[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  try {
    writeTransaction(db, (tx) => {
      const context: ImportContext = {
        today: run.clock.today(),
        courses: coursesByName(tx),
        statements: prepareRowStatements(tx),
      };
      items.forEach((row, index) => {
        if (index % PROGRESS_EVERY === 0) report({ fase: "importazione", letti: index, totale: items.length });
        const riga = sheetRowNumber(row, index);
        const nome = String(row.Nome ?? "")
          .trim()
          .slice(0, ITEM_TEXT_LIMITS.nome);
        try {
          const outcome = writeTransaction(tx, (rowTx) => importRow(rowTx, context, row));
          counts[outcome]++;
          rows.push({ riga, nome, esito: ROW_VERDICTS[outcome] });
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          errors.push(`Riga ${riga}: ${error.message}`);
          rows.push({ riga, nome, esito: "rifiutato", errore: error.message });
        }
      });
      if (run.preview) throw new PreviewRollback();
      const notes = applyUnitNotes(tx, context, units);
      recordAudit(tx, run.clock, run.admin, {
        action: "inventory.import",
        entity: "import",
        summary: `Importato ${run.upload.name}: ${counts.created} creati, ${counts.updated} aggiornati, ${counts.unchanged} invariati, ${notes} note unità, ${errors.length} errori`,
      });
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback)) throw error;
  }
  const outcome = { success: items.length - errors.length, total: items.length, ...counts, errors };
  return run.preview ? { ...outcome, anteprima: true, righe: rows } : outcome;
}

/** Both halves at once, on one thread. */
export function runImport(db: Db, run: ImportRun, report: (progress: ImportProgress) => void): ImportOutcome {
  return applyImport(db, run, readImport(run.upload), report);
}
