import { and, eq, isNull, sql } from "drizzle-orm";
import * as XLSX from "xlsx";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { categorie, corsi, inventario, inventarioCorsi, unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import { checklistItems } from "../../domain/loan-terms";
import { isLoanType, LOAN_TYPE_LABELS, LOAN_TYPES, type LoanType } from "../../domain/loan-types";
import { textKey } from "../../domain/text-key";
import { defaultUnitCodes, MAX_UNITS_PER_ITEM, unitCodeProblem } from "../../domain/unit-codes";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { loadItemViews } from "../inventory/item-views";
import { isWebAddress, unitCode } from "../inventory/service";
import { looksLikeSafeSpreadsheet } from "./file-guard";

export const ITEM_COLUMNS = [
  "ID",
  "Nome",
  "Categoria",
  "Corsi Assegnati",
  "Posizione",
  "Fornitore",
  "Tipo Prestito",
  "Note",
  "Immagine URL",
  "Quantità Totale",
  "Unità Disponibili",
  "Codici Unità",
  "Data Aggiunta",
  "Accessori",
] as const;
const UNIT_COLUMNS = ["Codice", "Articolo", "Stato", "Note"] as const;
const ITEMS_SHEET = "Inventario";
const UNITS_SHEET = "Unità";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
/** Rows of the "Unità" sheet: the export writes one per unit, so up to 500 per item. */
export const MAX_IMPORT_UNIT_ROWS = 50_000;
/** Used columns per sheet: the export has 13; a sheet wider than this is not an inventory. */
export const MAX_IMPORT_COLUMNS = 50;
/** Excel refuses a cell longer than this. */
export const EXCEL_CELL_LIMIT = 32_767;
const INVALID_FILE = "File non valido";

type Row = Partial<Record<(typeof ITEM_COLUMNS)[number], unknown>>;

function workbookBuffer(sheets: Array<{ name: string; rows: unknown[][] }>): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

const joinList = (values: string[]) => values.join(", ");

const CODES_IN_UNIT_SHEET = 'codici: elenco nel foglio "Unità"';
const CODES_COUNT_CELL = new RegExp(`^\\d+ ${CODES_IN_UNIT_SHEET}$`);

/**
 * An item's codes in one cell, or — when they would not fit in a cell — how many there are: the Unità
 * sheet lists every code anyway. Importing that count back leaves the item's units as they are.
 */
function codesCell(codes: string[]): string {
  const joined = joinList(codes);
  return joined.length <= EXCEL_CELL_LIMIT ? joined : `${codes.length} ${CODES_IN_UNIT_SHEET}`;
}
const splitList = (value: unknown) =>
  String(value ?? "")
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** One row per item plus a sheet of units: what the desk needs to audit or bulk-edit the inventory. */
export function exportInventory(ctx: AppContext): Buffer {
  const items = loadItemViews(ctx.db, ctx.clock.today());
  const itemRows = items.map((item) => [
    item.id,
    item.nome,
    item.categoria_figlia ?? "",
    joinList(item.corsi_assegnati),
    item.posizione ?? "",
    item.fornitore ?? "",
    item.tipo_prestito,
    item.note ?? "",
    item.immagine_url ?? "",
    item.quantita_totale,
    item.unita_disponibili,
    codesCell(item.unita.map((unit) => unit.codice_univoco)),
    item.data_aggiunta,
    joinList(checklistItems(item.checklist)),
  ]);
  const unitRows = items.flatMap((item) =>
    item.unita.map((unit) => [unit.codice_univoco, item.nome, unit.stato, unit.note ?? ""]),
  );
  return workbookBuffer([
    { name: ITEMS_SHEET, rows: [[...ITEM_COLUMNS], ...itemRows] },
    { name: UNITS_SHEET, rows: [[...UNIT_COLUMNS], ...unitRows] },
  ]);
}

/** The export's columns with one example row that imports cleanly. */
export function inventoryTemplate(): Buffer {
  const example = [
    "",
    "Treppiede Manfrotto 055",
    "Treppiedi",
    "Fotografia, Cinema e Audiovisivi",
    "Scaffale B2",
    "Manfrotto",
    "solo_esterno",
    "Con testa a sfera",
    "",
    2,
    "",
    "",
    "",
    "Piastra a sgancio rapido, Borsa",
  ];
  return workbookBuffer([
    { name: ITEMS_SHEET, rows: [[...ITEM_COLUMNS], example] },
    { name: UNITS_SHEET, rows: [[...UNIT_COLUMNS]] },
  ]);
}

export interface ImportInput {
  fileName?: unknown;
  fileSize?: unknown;
  fileType?: unknown;
  fileData?: unknown;
}

function decodeUpload(input: ImportInput): { name: string; bytes: Uint8Array } {
  const name = typeof input.fileName === "string" ? input.fileName : "";
  const data = typeof input.fileData === "string" ? input.fileData : "";
  if (!/\.(xlsx|xls)$/i.test(name)) throw badRequest(INVALID_FILE);
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(data);
  if (!match?.[1]) throw badRequest(INVALID_FILE);
  if ((match[1].length * 3) / 4 > MAX_IMPORT_BYTES + 4) throw badRequest(`${INVALID_FILE}: massimo 10 MB`);
  const bytes = new Uint8Array(Buffer.from(match[1], "base64"));
  if (bytes.length === 0 || bytes.length > MAX_IMPORT_BYTES) throw badRequest(INVALID_FILE);
  if (!looksLikeSafeSpreadsheet(name, bytes)) throw badRequest(INVALID_FILE);
  return { name, bytes };
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

function readRows(bytes: Uint8Array): { items: Row[]; units: Array<Record<string, unknown>> } {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: "array", sheetRows: MAX_IMPORT_UNIT_ROWS + 2, cellDates: false });
  } catch {
    throw badRequest(INVALID_FILE);
  }
  const sheetName = book.SheetNames.includes(ITEMS_SHEET) ? ITEMS_SHEET : book.SheetNames[0];
  const sheet = sheetName ? book.Sheets[sheetName] : undefined;
  if (!sheet || !sheetName) throw badRequest(INVALID_FILE);
  if (!headerOf(sheet, sheetName).includes("Nome")) throw badRequest(`${INVALID_FILE}: manca la colonna "Nome"`);
  const items = XLSX.utils.sheet_to_json<Row>(sheet, { defval: "", raw: true });
  if (items.length > MAX_IMPORT_ROWS) throw badRequest(`${INVALID_FILE}: al massimo ${MAX_IMPORT_ROWS} righe`);
  const unitSheet = book.Sheets[UNITS_SHEET];
  if (unitSheet) headerOf(unitSheet, UNITS_SHEET);
  const units = unitSheet
    ? XLSX.utils.sheet_to_json<Record<string, unknown>>(unitSheet, { defval: "", raw: true })
    : [];
  if (units.length > MAX_IMPORT_UNIT_ROWS)
    throw badRequest(`${INVALID_FILE}: al massimo ${MAX_IMPORT_UNIT_ROWS} righe nel foglio "${UNITS_SHEET}"`);
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

/** Course ids in the order written, matched whatever the case; a course written twice counts once. */
function courseIdsFor(db: Db, names: string[]): number[] {
  const rows = names.length ? db.select().from(corsi).all() : [];
  const ids = names.map((name) => {
    const row = rows.find((course) => course.nome.toLowerCase() === name.toLowerCase());
    if (!row) throw new RowError(`corso "${name}" sconosciuto`);
    return row.id;
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

/** Applies one spreadsheet row; returns whether anything changed. */
function importRow(ctx: AppContext, db: Db, row: Row): "created" | "updated" | "unchanged" {
  const nome = cell(row, "Nome", ITEM_TEXT_LIMITS.nome);
  if (nome === null) throw new RowError("il nome è obbligatorio");
  const idText = text(row.ID);
  let existing: typeof inventario.$inferSelect | undefined;
  if (idText !== null) {
    const id = Number(idText);
    if (!Number.isInteger(id) || id < 1) throw new RowError(`ID "${idText}" non valido`);
    existing = db
      .select()
      .from(inventario)
      .where(and(eq(inventario.id, id), isNull(inventario.archivedAt)))
      .get();
    if (!existing) throw new RowError(`nessun oggetto con ID ${id}`);
  } else {
    existing = db
      .select()
      .from(inventario)
      .where(and(eq(inventario.nome, nome), isNull(inventario.archivedAt)))
      .get();
  }
  const courseIds = courseIdsFor(db, splitList(row["Corsi Assegnati"]));
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
    throw new RowError(`${codes.length} codici unità: al massimo ${MAX_UNITS_PER_ITEM} per oggetto`);
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
      .values({ ...fields, dataAggiunta: ctx.clock.today() })
      .returning({ id: inventario.id })
      .get().id;
    changed = true;
  }
  const currentCourses = db
    .select({ id: inventarioCorsi.corsoId })
    .from(inventarioCorsi)
    .where(eq(inventarioCorsi.inventarioId, itemId))
    .orderBy(inventarioCorsi.posizione)
    .all()
    .map((course) => course.id);
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
    const holder = db
      .select({ itemId: unita.inventarioId })
      .from(unita)
      .where(eq(unita.codiceChiave, textKey(code)))
      .get();
    if (holder && holder.itemId !== itemId) throw new RowError(`il codice ${code} appartiene a un altro oggetto`);
    if (!holder) {
      db.insert(unita)
        .values({ inventarioId: itemId, ...unitCode(code) })
        .run();
      changed = true;
    }
  }
  return existing ? (changed ? "updated" : "unchanged") : "created";
}

function applyUnitNotes(db: Db, units: Array<Record<string, unknown>>): number {
  let changed = 0;
  for (const row of units) {
    const code = text(row.Codice);
    if (code === null) continue;
    const note = text(row.Note);
    const unit = db
      .select()
      .from(unita)
      .where(eq(unita.codiceChiave, textKey(code)))
      .get();
    if (unit && unit.note !== note) {
      db.update(unita).set({ note }).where(eq(unita.id, unit.id)).run();
      changed++;
    }
  }
  return changed;
}

/**
 * Imports a spreadsheet in one transaction: each row is applied on its own savepoint, so a bad row
 * is reported as "Riga N: …" and skipped while the others go through; a crash applies nothing.
 */
export function importInventory(ctx: AppContext, admin: Actor, input: ImportInput) {
  const upload = decodeUpload(input);
  const { items, units } = readRows(upload.bytes);
  const errors: string[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  writeTransaction(ctx.db, (tx) => {
    items.forEach((row, index) => {
      try {
        const outcome = writeTransaction(tx, (rowTx) => importRow(ctx, rowTx, row));
        counts[outcome]++;
      } catch (error) {
        if (error instanceof RowError) errors.push(`Riga ${sheetRowNumber(row, index)}: ${error.message}`);
        else throw error;
      }
    });
    const notes = applyUnitNotes(tx, units);
    recordAudit(tx, ctx.clock, admin, {
      action: "inventory.import",
      entity: "import",
      summary: `Importato ${upload.name}: ${counts.created} creati, ${counts.updated} aggiornati, ${counts.unchanged} invariati, ${notes} note unità, ${errors.length} errori`,
    });
  });
  // `success` counts the rows imported, as "Import completato: success/total elementi processati" reads.
  return {
    success: items.length - errors.length,
    total: items.length,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    errors,
  };
}
