import { workbookBuffer } from "../excel/service";
import type { DemandReport } from "./demand-model";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv; charset=utf-8";

const ITEM_COLUMNS = [
  "ID articolo",
  "Articolo",
  "Unità",
  "Richieste",
  "Richieste non soddisfatte",
  "Giorni non soddisfatti",
  "Utilizzo",
  "In coda",
  "Dalla coda al prestito",
  "Settimana di punta",
];

/** One row per item, as the report's table shows it. */
function itemRows(report: DemandReport): unknown[][] {
  return report.articoli.map((item) => [
    item.inventario_id,
    item.nome,
    item.unita,
    item.richieste,
    item.richieste_non_soddisfatte,
    item.giorni_non_soddisfatti,
    item.utilizzo,
    item.in_coda,
    item.dalla_coda_al_prestito,
    item.settimana_di_punta ?? "",
  ]);
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a formula is defused. */
function csvCell(value: unknown): string {
  let text = String(value ?? "");
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The items' table as CSV, `;`-separated as Italian spreadsheets expect, with a BOM so accents survive. */
export function demandCsv(report: DemandReport): string {
  const lines = [ITEM_COLUMNS, ...itemRows(report)].map((row) => row.map(csvCell).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The whole report as a workbook: items, what to buy, units hardly used, items to move. */
export function demandWorkbook(report: DemandReport): Promise<Buffer> {
  return workbookBuffer([
    { name: "Articoli", rows: [ITEM_COLUMNS, ...itemRows(report)] },
    {
      name: "Da acquistare",
      rows: [
        ["ID articolo", "Articolo", "Unità in più", "Quota soddisfatta", "Quota attuale", "Spiegazione"],
        ...report.da_acquistare.map((row) => [
          row.inventario_id,
          row.nome,
          row.unita_in_piu,
          row.quota_soddisfatta,
          row.quota_attuale,
          row.spiegazione,
        ]),
      ],
    },
    {
      name: "Poco usati",
      rows: [
        ["ID unità", "Codice", "Articolo", "Utilizzo", "Ultimo prestito", "Spiegazione"],
        ...report.poco_usati.map((row) => [
          row.unit_id,
          row.codice_univoco,
          row.nome,
          row.utilizzo,
          row.ultimo_prestito ?? "",
          row.spiegazione,
        ]),
      ],
    },
    {
      name: "Da spostare",
      rows: [
        ["ID articolo", "Articolo", "Da corso", "A corso", "Richieste non soddisfatte", "Spiegazione"],
        ...report.da_spostare.map((row) => [
          row.inventario_id,
          row.nome,
          row.da_corso,
          row.a_corso,
          row.richieste_non_soddisfatte,
          row.spiegazione,
        ]),
      ],
    },
  ]);
}
