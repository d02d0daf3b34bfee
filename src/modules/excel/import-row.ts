import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categorie, corsi, inventario, inventarioCorsi, unita } from "../../db/schema";
import type { ImportField } from "../../domain/import-fields";
import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import { isLoanType, type LoanType, loanTypeFromWording } from "../../domain/loan-types";
import { looseKey } from "../../domain/loose-key";
import { textKey } from "../../domain/text-key";
import { defaultUnitCode, defaultUnitCodes, MAX_UNITS_PER_ITEM, unitCodeProblem } from "../../domain/unit-codes";
import { euroAmount, MAX_UNIT_VALUE, purchaseDate } from "../../domain/unit-identity";
import { isWebAddress } from "../inventory/service";
import type { ImportMatch } from "./model";
import { CODES_COUNT_CELL, splitList } from "./sheet-layout";

/**
 * One row of the items sheet: what it does to the inventory. A row names an item (by ID, else by its exact
 * name), sets the fields its columns carry (a field without a column keeps what the item has), and adds
 * units by code or by serial number, never removing one. Rows of one item with different serials (one
 * row per unit) each add their unit to the item the first of them created.
 */

/** A row's cells by the field their column fills, and the row number the spreadsheet shows. */
export interface SheetRow {
  riga: number;
  cells: Partial<Record<ImportField, unknown>>;
}

/** A row the import refuses, with the reason ("Riga N: …"); the other rows go on. */
export class RowError extends Error {}

export function text(value: unknown): string | null {
  const trimmed = String(value ?? "").trim();
  return trimmed === "" ? null : trimmed;
}

/** A course or category as `looseKey` finds it. */
interface Named {
  id: number;
  nome: string;
}

const byLooseName = (rows: Named[]) => new Map(rows.map((row) => [looseKey(row.nome), row]));

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
    unitsOfItem: db
      .select()
      .from(unita)
      .where(eq(unita.inventarioId, placeholder("itemId")))
      .prepare(),
  };
}

/** What every row of one import shares: today's date, the courses and categories, the prepared statements. */
export interface ImportContext {
  today: string;
  courses: Map<string, Named>;
  /** The categories before the import; those it creates are read back (a refused row takes its own away). */
  categories: Map<string, Named>;
  lastCategoryId: number;
  statements: ReturnType<typeof prepareRowStatements>;
  /** The row that created each item this import created, for the rows that add units to it. */
  createdBy: Map<number, number>;
}

export function importContext(db: Db, today: string): ImportContext {
  const categories = db.select({ id: categorie.id, nome: categorie.nome }).from(categorie).all();
  return {
    today,
    courses: byLooseName(db.select({ id: corsi.id, nome: corsi.nome }).from(corsi).all()),
    categories: byLooseName(categories),
    lastCategoryId: Math.max(0, ...categories.map((category) => category.id)),
    statements: prepareRowStatements(db),
    createdBy: new Map(),
  };
}

/** What a row did, what its values were matched to, and what the desk should know about it. */
export interface RowResult {
  outcome: "created" | "updated" | "unchanged";
  matches: ImportMatch[];
  warnings: string[];
}

/** A match worth showing: the sheet's wording differs from the name PrestaLab keeps. */
function noteMatch(matches: ImportMatch[], campo: string, valore: string, abbinato: string) {
  if (valore !== abbinato) matches.push({ campo, valore, abbinato });
}

function loanTypeOf(value: unknown, matches: ImportMatch[]): LoanType | null {
  const raw = text(value);
  if (raw === null) return null;
  if (isLoanType(raw)) return raw;
  const type = loanTypeFromWording(raw);
  if (!type) throw new RowError(`tipo di prestito "${raw}" non valido`);
  noteMatch(matches, "Tipo Prestito", raw, type);
  return type;
}

function categoryIdFor(db: Db, context: ImportContext, name: string | null, matches: ImportMatch[]): number | null {
  if (name === null) return null;
  const key = looseKey(name);
  const created = db
    .select({ id: categorie.id, nome: categorie.nome })
    .from(categorie)
    .where(gt(categorie.id, context.lastCategoryId))
    .all();
  const existing = context.categories.get(key) ?? byLooseName(created).get(key);
  if (existing) {
    noteMatch(matches, "Categoria", name, existing.nome);
    return existing.id;
  }
  matches.push({ campo: "Categoria", valore: name, abbinato: `${name} (nuova)` });
  return db.insert(categorie).values({ nome: name }).returning({ id: categorie.id }).get().id;
}

/** Course ids in the order written, matched ignoring case, accents and spaces; a course written twice counts once. */
function courseIdsFor(context: ImportContext, names: string[], matches: ImportMatch[]): number[] {
  const ids = names.map((name) => {
    const course = context.courses.get(looseKey(name));
    if (!course) throw new RowError(`corso "${name}" sconosciuto`);
    noteMatch(matches, "Corsi Assegnati", name, course.nome);
    return course.id;
  });
  return [...new Set(ids)];
}

const LABELS: Partial<Record<ImportField, string>> = {
  nome: "Nome",
  marca: "Marca",
  modello: "Modello",
  categoria: "Categoria",
  posizione: "Posizione",
  fornitore: "Fornitore",
  note: "Note",
  immagine_url: "Immagine URL",
  accessori: "Accessori",
  numero_serie: "Numero di serie",
};

/** A cell's trimmed text, refused when longer than the item form allows. */
function cell(row: SheetRow, field: ImportField, maxLength: number): string | null {
  const value = text(row.cells[field]);
  if (value !== null && value.length > maxLength)
    throw new RowError(`testo troppo lungo in "${LABELS[field] ?? field}" (massimo ${maxLength} caratteri)`);
  return value;
}

const has = (row: SheetRow, field: ImportField) => field in row.cells;

/** The unit codes a row lists, checked as the item form checks them; none when the cell only counts them. */
function listedCodes(row: SheetRow): string[] {
  const codesText = text(row.cells.codici_unita);
  if (codesText !== null && CODES_COUNT_CELL.test(codesText)) return [];
  const codes = splitList(codesText);
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
  return codes;
}

function listedSerials(row: SheetRow): string[] {
  const serials = splitList(cell(row, "numero_serie", MAX_UNITS_PER_ITEM * (ITEM_TEXT_LIMITS.numeroSerie + 2)));
  const long = serials.find((serial) => serial.length > ITEM_TEXT_LIMITS.numeroSerie);
  if (long) throw new RowError(`numero di serie troppo lungo (massimo ${ITEM_TEXT_LIMITS.numeroSerie} caratteri)`);
  if (serials.length > MAX_UNITS_PER_ITEM)
    throw new RowError(`${serials.length} numeri di serie: al massimo ${MAX_UNITS_PER_ITEM} per articolo`);
  return serials;
}

/** The purchase date and value a row gives its units; a column the sheet lacks gives nothing. */
function purchaseOf(row: SheetRow): { dataAcquisto?: string | null; valore?: number | null } {
  const purchase: { dataAcquisto?: string | null; valore?: number | null } = {};
  if (has(row, "data_acquisto")) {
    const date = purchaseDate(row.cells.data_acquisto === "" ? null : row.cells.data_acquisto);
    if (date === undefined) throw new RowError(`data di acquisto "${text(row.cells.data_acquisto)}" non valida`);
    if (date !== null) purchase.dataAcquisto = date;
  }
  if (has(row, "valore")) {
    const value = euroAmount(row.cells.valore === "" ? null : row.cells.valore);
    if (value === undefined)
      throw new RowError(`valore "${text(row.cells.valore)}" non valido (da 0 a ${MAX_UNIT_VALUE} euro)`);
    if (value !== null) purchase.valore = value;
  }
  return purchase;
}

/**
 * How many units a row creating an item asks for. A quantity must agree with the codes or serials the
 * row lists; without any, it says how many units to create (1 when blank).
 */
function unitCountOf(row: SheetRow, listed: number, listedWhat: string): number {
  const quantityText = text(row.cells.quantita_totale);
  if (quantityText === null) return listed || 1;
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_UNITS_PER_ITEM)
    throw new RowError("quantità non valida");
  if (listed > 0 && quantity !== listed)
    throw new RowError(`la quantità è ${quantity} ma la riga elenca ${listed} ${listedWhat}`);
  return quantity;
}

/** `count` default codes for the item that no unit holds yet, continuing its sequence. */
function freeDefaultCodes(context: ImportContext, itemName: string, count: number): string[] {
  const codes: string[] = [];
  for (let sequence = 1; codes.length < count; sequence++) {
    const code = defaultUnitCode(itemName, sequence);
    if (!context.statements.unitByKey.get({ key: textKey(code) })) codes.push(code);
  }
  return codes;
}

/** Applies one spreadsheet row. */
export function importRow(db: Db, context: ImportContext, row: SheetRow): RowResult {
  const matches: ImportMatch[] = [];
  const warnings: string[] = [];
  const nome = cell(row, "nome", ITEM_TEXT_LIMITS.nome);
  if (nome === null) throw new RowError("il nome è obbligatorio");
  const idText = text(row.cells.id);
  let existing: typeof inventario.$inferSelect | undefined;
  if (idText !== null) {
    const id = Number(idText);
    if (!Number.isInteger(id) || id < 1) throw new RowError(`ID "${idText}" non valido`);
    existing = context.statements.liveItemById.get({ id });
    if (!existing) throw new RowError(`nessun articolo con ID ${id}`);
  } else existing = context.statements.liveItemByName.get({ nome });
  const firstRow = existing ? context.createdBy.get(existing.id) : undefined;
  if (firstRow !== undefined)
    matches.push({ campo: "Nome", valore: nome, abbinato: `articolo della riga ${firstRow}` });

  const courseIds = has(row, "corsi_assegnati")
    ? courseIdsFor(context, splitList(row.cells.corsi_assegnati), matches)
    : null;
  const imageUrl = has(row, "immagine_url")
    ? cell(row, "immagine_url", ITEM_TEXT_LIMITS.immagineUrl)
    : (existing?.immagineUrl ?? null);
  if (imageUrl !== null && !isWebAddress(imageUrl)) throw new RowError("il link dell'immagine non è valido");
  const kept = <T>(field: ImportField, read: () => T, current: T) => (has(row, field) ? read() : current);
  const fields = {
    nome,
    marca: kept("marca", () => cell(row, "marca", ITEM_TEXT_LIMITS.marca), existing?.marca ?? null),
    modello: kept("modello", () => cell(row, "modello", ITEM_TEXT_LIMITS.modello), existing?.modello ?? null),
    categoriaId: kept(
      "categoria",
      () => categoryIdFor(db, context, cell(row, "categoria", ITEM_TEXT_LIMITS.categoria), matches),
      existing?.categoriaId ?? null,
    ),
    posizione: kept("posizione", () => cell(row, "posizione", ITEM_TEXT_LIMITS.posizione), existing?.posizione ?? null),
    fornitore: kept("fornitore", () => cell(row, "fornitore", ITEM_TEXT_LIMITS.fornitore), existing?.fornitore ?? null),
    tipoPrestito: loanTypeOf(row.cells.tipo_prestito, matches) ?? existing?.tipoPrestito ?? "solo_esterno",
    note: kept("note", () => cell(row, "note", ITEM_TEXT_LIMITS.note), existing?.note ?? null),
    immagineUrl: imageUrl,
    checklist: kept(
      "accessori",
      () => splitList(cell(row, "accessori", ITEM_TEXT_LIMITS.checklist)).join("\n") || null,
      existing?.checklist ?? null,
    ),
  };

  let codes = listedCodes(row);
  const serials = listedSerials(row);
  if (codes.length > 0 && serials.length > 0 && codes.length !== serials.length)
    throw new RowError(`la riga elenca ${codes.length} codici unità ma ${serials.length} numeri di serie`);
  const purchase = purchaseOf(row);
  if (!existing) {
    const listed = Math.max(codes.length, serials.length);
    const count = unitCountOf(row, listed, codes.length > 0 ? "codici unità" : "numeri di serie");
    if (codes.length === 0 && serials.length === 0) codes = defaultUnitCodes(nome, count);
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
    context.createdBy.set(itemId, row.riga);
    changed = true;
  }
  const currentCourses = context.statements.itemCourses.all({ itemId }).map((course) => course.id);
  const finalCourses = courseIds ?? currentCourses;
  if (currentCourses.join(",") !== finalCourses.join(",")) {
    db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, itemId)).run();
    if (finalCourses.length)
      db.insert(inventarioCorsi)
        .values(finalCourses.map((corsoId, posizione) => ({ inventarioId: itemId, corsoId, posizione })))
        .run();
    changed = true;
  }
  if (finalCourses.length === 0 && (!existing || currentCourses.length > 0))
    warnings.push(`"${nome}" non ha un corso: nessuno studente lo vedrà`);

  if (addUnits(db, context, itemId, nome, codes, serials, purchase)) changed = true;
  return { outcome: existing ? (changed ? "updated" : "unchanged") : "created", matches, warnings };
}

/**
 * Adds the row's units to the item: by code (with its serial when the row pairs them), else by serial (a
 * serial the item's units already carry adds nothing). Units are never removed by an import. Returns
 * whether anything changed.
 */
function addUnits(
  db: Db,
  context: ImportContext,
  itemId: number,
  itemName: string,
  codes: string[],
  serials: string[],
  purchase: { dataAcquisto?: string | null; valore?: number | null },
): boolean {
  let changed = false;
  const identityChanges = (unit: typeof unita.$inferSelect, serial: string | undefined) => {
    const wanted = { ...(serial === undefined ? {} : { numeroSerie: serial }), ...purchase };
    const differs = (Object.keys(wanted) as Array<keyof typeof wanted>).some((key) => wanted[key] !== unit[key]);
    if (differs) {
      db.update(unita).set(wanted).where(eq(unita.id, unit.id)).run();
      changed = true;
    }
  };
  const insert = (code: string, serial: string | undefined) => {
    db.insert(unita)
      .values({
        inventarioId: itemId,
        codiceUnivoco: code,
        codiceChiave: textKey(code),
        numeroSerie: serial ?? null,
        ...purchase,
      })
      .run();
    changed = true;
  };
  if (codes.length > 0) {
    codes.forEach((code, index) => {
      const holder = context.statements.unitByKey.get({ key: textKey(code) });
      if (holder && holder.inventarioId !== itemId)
        throw new RowError(`il codice ${code} appartiene a un altro articolo`);
      if (holder) identityChanges(holder, serials[index]);
      else insert(code, serials[index]);
    });
    return changed;
  }
  if (serials.length === 0) return changed;
  const units = context.statements.unitsOfItem.all({ itemId });
  const bySerial = new Map(units.flatMap((unit) => (unit.numeroSerie ? [[textKey(unit.numeroSerie), unit]] : [])));
  const newSerials = serials.filter((serial) => !bySerial.has(textKey(serial)));
  for (const serial of serials) {
    const unit = bySerial.get(textKey(serial));
    if (unit) identityChanges(unit, serial);
  }
  const newCodes = freeDefaultCodes(context, itemName, newSerials.length);
  newSerials.forEach((serial, index) => {
    insert(newCodes[index] as string, serial);
  });
  return changed;
}
