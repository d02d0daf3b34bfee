import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { checklistItems } from "../../domain/loan-terms";
import { isSpreadsheetName } from "../../domain/spreadsheet-files";
import { badRequest } from "../../http/errors";
import { loadItemViews } from "../inventory/item-views";
import { checkedChoices } from "./column-mapping";
import type { ImportUpload } from "./import-job";
import type { ImportJob, ImportJobs } from "./import-jobs";
import { type ImportInput, INVALID_FILE } from "./model";
import {
  CODES_IN_UNIT_SHEET,
  EXCEL_CELL_LIMIT,
  ITEM_COLUMNS,
  ITEM_IDENTITY_COLUMNS,
  ITEMS_SHEET,
  UNIT_COLUMNS,
  UNIT_IDENTITY_COLUMNS,
  UNITS_SHEET,
} from "./sheet-layout";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** SheetJS is loaded on the first spreadsheet written, off the server's start: most runs write none. */
export async function workbookBuffer(sheets: Array<{ name: string; rows: unknown[][] }>): Promise<Buffer> {
  const XLSX = await import("xlsx");
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

const joinList = (values: string[]) => values.join(", ");

/**
 * An item's codes in one cell, or — when they would not fit in a cell — how many there are: the Unità
 * sheet lists every code anyway. Importing that count back leaves the item's units as they are.
 */
function codesCell(codes: string[]): string {
  const joined = joinList(codes);
  return joined.length <= EXCEL_CELL_LIMIT ? joined : `${codes.length} ${CODES_IN_UNIT_SHEET}`;
}

/**
 * Columns written after the spec's own only when some item or unit has a value for them: the template and
 * an inventory that does not use them keep the spec's layout. The import reads them by their headings.
 */
function usedColumns<T>(rows: T[], columns: Array<{ heading: string; value: (row: T) => string | number | null }>) {
  const used = columns.filter((column) => rows.some((row) => column.value(row) !== null));
  return {
    headings: used.map((column) => column.heading),
    cells: (row: T) => used.map((column) => column.value(row) ?? ""),
  };
}

/** One row per item plus a sheet of units: what the desk needs to audit or bulk-edit the inventory. */
export function exportInventory(ctx: Pick<AppContext, "db" | "clock">): Promise<Buffer> {
  const items = loadItemViews(ctx.db, ctx.clock.today());
  const itemExtras = usedColumns(items, ITEM_IDENTITY_COLUMNS);
  const units = items.flatMap((item) => item.unita.map((unit) => ({ ...unit, articolo: item.nome })));
  const unitExtras = usedColumns(units, UNIT_IDENTITY_COLUMNS);
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
    ...itemExtras.cells(item),
  ]);
  const unitRows = units.map((unit) => [
    unit.codice_univoco,
    unit.articolo,
    unit.stato,
    unit.note ?? "",
    ...unitExtras.cells(unit),
  ]);
  return workbookBuffer([
    { name: ITEMS_SHEET, rows: [[...ITEM_COLUMNS, ...itemExtras.headings], ...itemRows] },
    { name: UNITS_SHEET, rows: [[...UNIT_COLUMNS, ...unitExtras.headings], ...unitRows] },
  ]);
}

/** The export's columns with one example row that imports cleanly. */
export function inventoryTemplate(): Promise<Buffer> {
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

/** The uploaded file out of its data URL; its content is checked by the import itself, off this thread. */
function decodeUpload(input: ImportInput): ImportUpload {
  const name = input.fileName ?? "";
  const data = input.fileData ?? "";
  if (!isSpreadsheetName(name)) throw badRequest(INVALID_FILE);
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(data);
  if (!match?.[1]) throw badRequest(INVALID_FILE);
  if ((match[1].length * 3) / 4 > MAX_IMPORT_BYTES + 4) throw badRequest(`${INVALID_FILE}: massimo 10 MB`);
  const bytes = new Uint8Array(Buffer.from(match[1], "base64"));
  if (bytes.length === 0 || bytes.length > MAX_IMPORT_BYTES) throw badRequest(INVALID_FILE);
  return { name, bytes };
}

/** Starts importing an uploaded file (see import-jobs.ts); a file that is plainly not a spreadsheet is refused at once. */
export function startImport(jobs: ImportJobs, admin: Actor, input: ImportInput): ImportJob {
  const chosen = checkedChoices(input.mappatura);
  return jobs.start(admin, decodeUpload(input), input.anteprima === true, chosen);
}
