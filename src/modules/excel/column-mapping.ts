import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mappatureImport } from "../../db/schema";
import { guessField, type ImportField, importFieldLabel, isImportField } from "../../domain/import-fields";
import { looseKey } from "../../domain/loose-key";
import { badRequest } from "../../http/errors";

/** How a column got its field: the desk chose it now, chose it at an earlier import, or its heading says so. */
export type MappingSource = "scelta" | "ricordata" | "indovinata";

/** One column of the file and the field it fills (null: not imported). */
export interface ColumnMapping {
  colonna: string;
  campo: ImportField | null;
  origine: MappingSource | null;
}

/** The desk's choices for this import (`mappatura`: column → field, "" = not imported) and those it made before. */
export interface MappingChoices {
  chosen: Record<string, ImportField | "">;
  /** By `looseKey` of the column. */
  remembered: Record<string, ImportField | "">;
}

export const NO_CHOICES: MappingChoices = { chosen: {}, remembered: {} };

/** The most columns a `mappatura` names: a sheet the import takes has at most 50. */
const MAX_CHOICES = 50;

/**
 * Checks the `mappatura` of an upload: known fields only, each chosen for one column at most. Refused
 * before the file is read, with what is wrong.
 */
export function checkedChoices(mappatura: Record<string, string> | undefined): MappingChoices["chosen"] {
  if (!mappatura) return {};
  const entries = Object.entries(mappatura);
  if (entries.length > MAX_CHOICES) throw badRequest(`La mappatura indica al massimo ${MAX_CHOICES} colonne`);
  const columnsOf = new Map<ImportField, string[]>();
  for (const [column, field] of entries) {
    if (field === "") continue;
    if (!isImportField(field)) throw badRequest(`Mappatura non valida: il campo "${field}" non esiste`);
    columnsOf.set(field, [...(columnsOf.get(field) ?? []), column]);
  }
  for (const [field, columns] of columnsOf)
    if (columns.length > 1)
      throw badRequest(
        `Mappatura non valida: "${importFieldLabel(field)}" è scelto per più colonne (${columns.join(", ")})`,
      );
  return mappatura as MappingChoices["chosen"];
}

/** The choices the desk made at earlier imports, by `looseKey` of the column. */
export function rememberedChoices(db: Db): MappingChoices["remembered"] {
  const remembered: MappingChoices["remembered"] = {};
  for (const row of db.select().from(mappatureImport).all())
    if (row.campo === "" || isImportField(row.campo)) remembered[row.colonna] = row.campo;
  return remembered;
}

/** Keeps this import's choices for the next one. */
export function rememberChoices(db: Db, chosen: MappingChoices["chosen"]): void {
  for (const [column, field] of Object.entries(chosen)) {
    const key = looseKey(column);
    if (key === "") continue;
    db.insert(mappatureImport)
      .values({ colonna: key, campo: field })
      .onConflictDoUpdate({ target: mappatureImport.colonna, set: { campo: sql`excluded.campo` } })
      .run();
  }
}

/**
 * The field of each column: the desk's choice for this import first, then its choice at an earlier
 * import, then the field the heading names. A field goes to one column only: a later column that would
 * fill a field already taken is left out (and listed as not imported).
 */
export function mapColumns(headings: string[], choices: MappingChoices): ColumnMapping[] {
  const taken = new Set<ImportField>(
    Object.values(choices.chosen).filter((field): field is ImportField => field !== ""),
  );
  return headings.map((colonna) => {
    const chosen = choices.chosen[colonna];
    if (chosen !== undefined) return { colonna, campo: chosen === "" ? null : chosen, origine: "scelta" };
    const remembered = choices.remembered[looseKey(colonna)];
    const [campo, origine]: [ImportField | "" | null, MappingSource] =
      remembered !== undefined ? [remembered, "ricordata"] : [guessField(colonna), "indovinata"];
    if (campo === "" || campo === null) return { colonna, campo: null, origine: campo === "" ? origine : null };
    if (taken.has(campo)) return { colonna, campo: null, origine: null };
    taken.add(campo);
    return { colonna, campo, origine };
  });
}
