import { eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import type { Actor } from "../../actor";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { guessField, isComputedField } from "../../domain/import-fields";
import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import { textKey } from "../../domain/text-key";
import { euroAmount, purchaseDate } from "../../domain/unit-identity";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { type ColumnMapping, type MappingChoices, mapColumns, NO_CHOICES, rememberChoices } from "./column-mapping";
import { csvText, looksLikeSafeSpreadsheet, xlsxSheetRows } from "./file-guard";
import { type ImportContext, importContext, importRow, RowError, type SheetRow, text } from "./import-row";
import { type ImportOutcome, type ImportRowOutcome, INVALID_FILE } from "./model";
import { ITEMS_SHEET, UNITS_SHEET } from "./sheet-layout";

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
  /** Which column fills which field: the desk's choices now and before (none: the headings say). */
  choices?: MappingChoices;
}

/** "lettura" while the file is read and checked, "importazione" while its rows are applied. */
export interface ImportProgress {
  fase: "lettura" | "importazione";
  letti: number;
  totale: number;
}

/** A file's rows, read and checked as a whole: the first half of an import, which takes no lock. */
export interface ImportSheet {
  /** The items sheet's columns with the field each fills. */
  columns: ColumnMapping[];
  items: SheetRow[];
  units: { headings: string[]; rows: Array<Record<string, unknown>> };
}

const MISSING_NAME = 'manca la colonna "Nome"';

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
export function readImport(
  { name, bytes }: ImportUpload,
  { choices = NO_CHOICES, preview = false }: Pick<ImportRun, "choices" | "preview"> = {},
): ImportSheet {
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
  const columns = mapColumns(namedColumns(headerOf(sheet, sheetName)), choices);
  // A preview answers with the columns anyway, so that the desk can say which one holds the names.
  if (!preview && !columns.some((column) => column.campo === "nome"))
    throw badRequest(`${INVALID_FILE}: ${MISSING_NAME}`);
  const items = sheetRows(sheet, columns);
  if (items.length > MAX_IMPORT_ROWS) throw badRequest(TOO_MANY_ROWS);
  const unitSheet = book.Sheets[UNITS_SHEET];
  const unitHeadings = unitSheet ? headerOf(unitSheet, UNITS_SHEET) : [];
  const units = unitSheet
    ? XLSX.utils.sheet_to_json<Record<string, unknown>>(unitSheet, { defval: "", raw: true })
    : [];
  if (units.length > MAX_IMPORT_UNIT_ROWS) throw badRequest(TOO_MANY_UNIT_ROWS);
  return { columns, items, units: { headings: unitHeadings, rows: units } };
}

/** Every column a person can point at: a heading left blank reads as its letter ("Colonna C"). */
function namedColumns(headings: string[]): string[] {
  return headings.map((heading, index) => heading || `Colonna ${XLSX.utils.encode_col(index)}`);
}

/** A row's cells by the field of their column (unmapped columns and computed fields left out). */
function sheetRows(sheet: XLSX.WorkSheet, columns: ColumnMapping[]): SheetRow[] {
  const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1:A1");
  const keys = columns.map((_, index) => String(index));
  const raw = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, {
    header: keys,
    range: { s: { r: range.s.r + 1, c: range.s.c }, e: range.e },
    defval: "",
    raw: true,
  });
  return raw.map((values, index) => {
    const cells: SheetRow["cells"] = {};
    columns.forEach((column, position) => {
      if (column.campo !== null && !isComputedField(column.campo)) cells[column.campo] = values[String(position)];
    });
    // SheetJS skips blank rows but keeps each row's 0-based index: the number the spreadsheet shows is one more.
    const zeroBased = (values as { __rowNum__?: unknown }).__rowNum__;
    return { riga: typeof zeroBased === "number" ? zeroBased + 1 : index + 2, cells };
  });
}

/** The heading a sheet gives its unit identity columns (any wording `guessField` knows), when it has one. */
function unitColumns(headings: string[]) {
  const of = (field: "numero_serie" | "data_acquisto" | "valore") =>
    headings.find((heading) => guessField(heading) === field);
  return { serial: of("numero_serie"), purchased: of("data_acquisto"), value: of("valore") };
}

/**
 * The "Unità" sheet, by code: each unit's notes, and its serial, purchase date and value where the sheet
 * has those columns (an export from before them leaves them as they are). Returns how many units changed.
 */
function applyUnitSheet(db: Db, context: ImportContext, units: ImportSheet["units"], errors: string[]): number {
  let changed = 0;
  const columns = unitColumns(units.headings);
  units.rows.forEach((row, index) => {
    const code = text(row.Codice);
    if (code === null) return;
    const unit = context.statements.unitByKey.get({ key: textKey(code) });
    if (!unit) return;
    const wanted: Partial<typeof unita.$inferInsert> = { note: text(row.Note) };
    if (columns.serial) wanted.numeroSerie = text(row[columns.serial])?.slice(0, ITEM_TEXT_LIMITS.numeroSerie) ?? null;
    const date = columns.purchased ? purchaseDate(row[columns.purchased] === "" ? null : row[columns.purchased]) : null;
    const value = columns.value ? euroAmount(row[columns.value] === "" ? null : row[columns.value]) : null;
    if (date === undefined || value === undefined) {
      errors.push(`Foglio "${UNITS_SHEET}", riga ${index + 2}: data di acquisto o valore non validi per ${code}`);
      return;
    }
    if (columns.purchased) wanted.dataAcquisto = date;
    if (columns.value) wanted.valore = value;
    const differs = (Object.keys(wanted) as Array<keyof typeof wanted>).some(
      (key) => wanted[key] !== unit[key as keyof typeof unit],
    );
    if (differs) {
      db.update(unita).set(wanted).where(eq(unita.id, unit.id)).run();
      changed++;
    }
  });
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
  { columns, items, units }: ImportSheet,
  report: (progress: ImportProgress) => void,
): ImportOutcome {
  const errors: string[] = [];
  const warnings: ImportOutcome["avvisi"] & object = [];
  const rows: ImportRowOutcome[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const namesColumn = columns.some((column) => column.campo === "nome");
  if (!namesColumn) errors.push(`${MISSING_NAME}: scegli quale colonna contiene il nome degli articoli`);
  try {
    writeTransaction(db, (tx) => {
      const context = importContext(tx, run.clock.today());
      if (namesColumn)
        items.forEach((row, index) => {
          if (index % PROGRESS_EVERY === 0) report({ fase: "importazione", letti: index, totale: items.length });
          const { riga } = row;
          const nome = String(row.cells.nome ?? "")
            .trim()
            .slice(0, ITEM_TEXT_LIMITS.nome);
          try {
            const result = writeTransaction(tx, (rowTx) => importRow(rowTx, context, row));
            counts[result.outcome]++;
            for (const messaggio of result.warnings) warnings.push({ riga, messaggio });
            rows.push({
              riga,
              nome,
              esito: ROW_VERDICTS[result.outcome],
              ...(result.matches.length > 0 ? { abbinamenti: result.matches } : {}),
            });
          } catch (error) {
            if (!(error instanceof RowError)) throw error;
            errors.push(`Riga ${riga}: ${error.message}`);
            rows.push({ riga, nome, esito: "rifiutato", errore: error.message });
          }
        });
      if (run.preview) throw new PreviewRollback();
      rememberChoices(tx, run.choices?.chosen ?? {});
      const notes = applyUnitSheet(tx, context, units, errors);
      recordAudit(tx, run.clock, run.admin, {
        action: "inventory.import",
        entity: "import",
        summary: `Importato ${run.upload.name}: ${counts.created} creati, ${counts.updated} aggiornati, ${counts.unchanged} invariati, ${notes} note unità, ${errors.length} errori`,
      });
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback)) throw error;
  }
  const refused = rows.filter((row) => row.esito === "rifiutato").length;
  const ignored = columns.filter((column) => column.campo === null).map((column) => column.colonna);
  const outcome: ImportOutcome = {
    success: namesColumn ? items.length - refused : 0,
    total: items.length,
    ...counts,
    errors,
    // Said only when there is something to say: the spec's answer stays as it was for a clean file.
    ...(warnings.length > 0 ? { avvisi: warnings } : {}),
    ...(ignored.length > 0 ? { colonne_ignorate: ignored } : {}),
  };
  return run.preview ? { ...outcome, anteprima: true, righe: rows, colonne: columns } : outcome;
}

/** Both halves at once, on one thread. */
export function runImport(db: Db, run: ImportRun, report: (progress: ImportProgress) => void): ImportOutcome {
  return applyImport(db, run, readImport(run.upload, run), report);
}
