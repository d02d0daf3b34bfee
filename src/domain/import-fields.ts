import { looseKey } from "./loose-key";

/**
 * The fields a spreadsheet column can fill on import, with the names a sheet usually gives them (Italian
 * and English). The export's own headings come first, so the template and an export map as they always did.
 * `computed` fields are written by the export and never read back.
 */
export const IMPORT_FIELDS = [
  { key: "id", label: "ID", aliases: ["ID"] },
  { key: "nome", label: "Nome", aliases: ["Nome", "Nome articolo", "Name", "Item", "Item name", "Denominazione"] },
  { key: "marca", label: "Marca", aliases: ["Marca", "Brand", "Produttore", "Manufacturer", "Make"] },
  { key: "modello", label: "Modello", aliases: ["Modello", "Model"] },
  {
    key: "categoria",
    label: "Categoria",
    aliases: ["Categoria", "Category", "Tipologia", "Tipo articolo"],
  },
  {
    key: "corsi_assegnati",
    label: "Corsi Assegnati",
    aliases: ["Corsi Assegnati", "Corsi", "Corso", "Course", "Courses", "Dipartimento", "Department"],
  },
  {
    key: "posizione",
    label: "Posizione",
    aliases: ["Posizione", "Scaffale", "Ubicazione", "Collocazione", "Location", "Position", "Shelf"],
  },
  { key: "fornitore", label: "Fornitore", aliases: ["Fornitore", "Supplier", "Vendor"] },
  {
    key: "tipo_prestito",
    label: "Tipo Prestito",
    aliases: ["Tipo Prestito", "Tipo di prestito", "Prestito", "Loan type", "Uso"],
  },
  { key: "note", label: "Note", aliases: ["Note", "Notes", "Descrizione", "Description", "Commenti", "Comments"] },
  {
    key: "immagine_url",
    label: "Immagine URL",
    aliases: ["Immagine URL", "Immagine", "Foto", "Image", "Image URL", "Photo", "Picture"],
  },
  {
    key: "quantita_totale",
    label: "Quantità Totale",
    aliases: ["Quantità Totale", "Quantità", "Qta", "Qtà", "Q.tà", "Quantity", "Qty", "Pezzi", "Numero pezzi"],
  },
  {
    key: "codici_unita",
    label: "Codici Unità",
    aliases: ["Codici Unità", "Codice Unità", "Codici", "Codice", "Codice univoco", "Code", "Codes", "Unit code"],
  },
  {
    key: "numero_serie",
    label: "Numero di serie",
    aliases: [
      "Numero di serie",
      "Numeri di serie",
      "N. serie",
      "N° serie",
      "Seriale",
      "Serial",
      "Serial number",
      "Serial no",
      "S/N",
      "Matricola",
    ],
  },
  {
    key: "data_acquisto",
    label: "Data acquisto",
    aliases: ["Data acquisto", "Data di acquisto", "Acquistato il", "Purchase date", "Purchased", "Date purchased"],
  },
  {
    key: "valore",
    label: "Valore (€)",
    aliases: ["Valore", "Valore (€)", "Prezzo", "Costo", "Importo", "Value", "Price", "Cost"],
  },
  { key: "accessori", label: "Accessori", aliases: ["Accessori", "Accessories", "Dotazione"] },
  { key: "unita_disponibili", label: "Unità Disponibili", aliases: ["Unità Disponibili"], computed: true },
  { key: "data_aggiunta", label: "Data Aggiunta", aliases: ["Data Aggiunta"], computed: true },
] as const satisfies ReadonlyArray<{ key: string; label: string; aliases: readonly string[]; computed?: boolean }>;

export type ImportField = (typeof IMPORT_FIELDS)[number]["key"];

/** The fields' keys, as a schema's list of allowed values. */
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((field) => field.key) as [ImportField, ...ImportField[]];

const FIELD_BY_ALIAS = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => field.aliases.map((alias) => [looseKey(alias), field.key] as const)),
);

export function isImportField(value: string): value is ImportField {
  return IMPORT_FIELDS.some((field) => field.key === value);
}

/** The field a column's heading names, whatever its case, accents, spaces or punctuation; null if none. */
export function guessField(heading: string): ImportField | null {
  return FIELD_BY_ALIAS.get(looseKey(heading)) ?? null;
}

/** What the desk reads for a field. */
export function importFieldLabel(key: ImportField): string {
  return IMPORT_FIELDS.find((field) => field.key === key)?.label ?? key;
}

/** Fields the export writes for information only: a column mapped to one is read and left alone. */
export function isComputedField(key: ImportField): boolean {
  return IMPORT_FIELDS.some((field) => field.key === key && "computed" in field && field.computed);
}
