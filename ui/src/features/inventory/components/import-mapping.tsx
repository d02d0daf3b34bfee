import { IMPORT_FIELDS } from "../../../../../src/domain/import-fields";
import type { ImportColumn } from "../../../../../src/modules/excel/model";
import { ColumnHeadings } from "../../../components/column-headings";
import { mappingOf } from "./spreadsheet-menu";

const NOT_IMPORTED = "";

/** The fields a desk can give a column: the export's computed ones are read back by their own headings only. */
const CHOOSABLE_FIELDS = IMPORT_FIELDS.filter((field) => !("computed" in field));

const SOURCE_TEXTS: Record<NonNullable<ImportColumn["origine"]>, string> = {
  indovinata: "dal titolo",
  ricordata: "come l'ultima volta",
  scelta: "scelta",
};

/**
 * The first step of an import's preview: each column of the file beside the field it fills. Choosing
 * another field previews the file again with that mapping; a column without a field is "non importata".
 */
export function ImportMapping({
  columns,
  onRemap,
}: {
  columns: ImportColumn[];
  onRemap: (mappatura: Record<string, string>) => void;
}) {
  function choose(column: string, field: string) {
    const mapping = mappingOf(columns);
    // A field fills one column: the column that had it gives it up.
    for (const [other, chosen] of Object.entries(mapping))
      if (field !== NOT_IMPORTED && chosen === field) mapping[other] = NOT_IMPORTED;
    mapping[column] = field;
    onRemap(mapping);
  }

  return (
    <section aria-label="Colonne del file" className="mt-2 rounded-md border border-slate-200 bg-white">
      <table className="w-full text-left text-xs text-slate-700">
        <caption className="px-2 py-1.5 text-left font-medium">Colonne del file e campi di PrestaLab</caption>
        <thead className="bg-slate-50">
          <ColumnHeadings cellClassName="px-2 py-1.5" columns={["Colonna del file", "Campo di PrestaLab"]} />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {columns.map((column) => {
            const computed = IMPORT_FIELDS.find((field) => field.key === column.campo && "computed" in field);
            return (
              <tr key={column.colonna}>
                <th scope="row" className="px-2 py-1 font-normal break-words">
                  {column.colonna}
                </th>
                <td className="px-2 py-1">
                  {computed ? (
                    <span>{computed.label}: calcolato da PrestaLab, non importato</span>
                  ) : (
                    <span className="flex flex-wrap items-center gap-2">
                      <select
                        aria-label={`Campo per la colonna ${column.colonna}`}
                        value={column.campo ?? NOT_IMPORTED}
                        onChange={(event) => choose(column.colonna, event.target.value)}
                        className="rounded border border-slate-300 px-1.5 py-1"
                      >
                        <option value={NOT_IMPORTED}>Non importata</option>
                        {CHOOSABLE_FIELDS.map((field) => (
                          <option key={field.key} value={field.key}>
                            {field.label}
                          </option>
                        ))}
                      </select>
                      {column.campo === null ? (
                        <span className="font-medium text-amber-800">non importata</span>
                      ) : (
                        column.origine && <span className="text-slate-500">{SOURCE_TEXTS[column.origine]}</span>
                      )}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
