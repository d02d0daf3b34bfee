import { type Static, t } from "elysia";
import { IMPORT_FIELD_KEYS } from "../../domain/import-fields";
import { answerInteger } from "../schemas";

/** The answer to any file the import cannot read; the import's own refusals add what was wrong. */
export const INVALID_FILE = "File non valido";

/**
 * The spec's upload: the file as a data URL with its name. A missing name or data gets the same answer as a
 * wrong one (the service's, after reading them), so both stay optional here.
 */
export const importUpload = t.Object(
  {
    fileName: t.Optional(t.String({ error: INVALID_FILE })),
    fileSize: t.Optional(t.Number({ error: INVALID_FILE })),
    fileType: t.Optional(t.String({ error: INVALID_FILE })),
    fileData: t.Optional(t.String({ error: INVALID_FILE })),
    /** True: read and check every row as the import would, answer what it would do, and change nothing. */
    anteprima: t.Optional(t.Boolean({ error: "anteprima è vero o falso" })),
    /**
     * Which field each column of the file fills: `{ "<column>": "<field>" }`, "" for a column not to import.
     * Columns it leaves out take the choice made at an earlier import, else the field their heading names.
     */
    mappatura: t.Optional(
      t.Record(t.String({ maxLength: 200 }), t.String({ maxLength: 40 }), {
        error: "Mappatura non valida: indica per ogni colonna il campo da riempire",
      }),
    ),
  },
  { error: "File non valido" },
);

/** A value of the sheet read as something PrestaLab keeps under another spelling ("regia" → "Regia e Videomaking"). */
export const importMatch = t.Object({ campo: t.String(), valore: t.String(), abbinato: t.String() });

/** What the import does (or, in a preview, would do) with one row of the sheet. */
export const importRowOutcome = t.Object({
  riga: answerInteger(),
  nome: t.String(),
  esito: t.Union([t.Literal("creato"), t.Literal("aggiornato"), t.Literal("invariato"), t.Literal("rifiutato")]),
  errore: t.Optional(t.String()),
  /** The row's values matched with tolerance, and the unit rows that join an item an earlier row created. */
  abbinamenti: t.Optional(t.Array(importMatch)),
});

/** A column of the file and the field it fills (null: not imported), and how that was decided. */
export const importColumn = t.Object({
  colonna: t.String(),
  campo: t.Union([t.UnionEnum(IMPORT_FIELD_KEYS), t.Null()]),
  origine: t.Union([t.Literal("scelta"), t.Literal("ricordata"), t.Literal("indovinata"), t.Null()]),
});

export const importOutcome = t.Object({
  /** Rows imported, as "Import completato: success/total elementi processati" reads. */
  success: answerInteger(),
  /** Rows read. */
  total: answerInteger(),
  created: answerInteger(),
  updated: answerInteger(),
  unchanged: answerInteger(),
  /** "Riga N: …", one per refused row; the other rows went through. */
  errors: t.Array(t.String()),
  /** What the desk should know about rows that went through (an item no student can see); absent when none. */
  avvisi: t.Optional(t.Array(t.Object({ riga: answerInteger(), messaggio: t.String() }))),
  /** The file's columns no field takes: their values were not imported. Absent when every column was read. */
  colonne_ignorate: t.Optional(t.Array(t.String())),
  /** A preview's answer: nothing was stored. */
  anteprima: t.Optional(t.Boolean()),
  /** In a preview, every row with what the import would do with it. */
  righe: t.Optional(t.Array(importRowOutcome)),
  /** In a preview, the file's columns with the field each fills. */
  colonne: t.Optional(t.Array(importColumn)),
});

/**
 * "in_coda" until the worker starts, "lettura" while the file is read and checked, "importazione" while
 * its rows are applied (`letti` of `totale`), then "completato" with `risultato` or "fallito" with `errore`.
 */
const importPhase = t.Union([
  t.Literal("in_coda"),
  t.Literal("lettura"),
  t.Literal("importazione"),
  t.Literal("completato"),
  t.Literal("fallito"),
]);

export const importJob = t.Object({
  id: t.String(),
  fase: importPhase,
  letti: answerInteger(),
  totale: answerInteger(),
  risultato: t.Optional(importOutcome),
  errore: t.Optional(t.String()),
});

export const importJobParams = t.Object({ id: t.String({ maxLength: 64, error: "Importazione non trovata" }) });

export type ImportOutcome = Static<typeof importOutcome>;
export type ImportRowOutcome = Static<typeof importRowOutcome>;
export type ImportMatch = Static<typeof importMatch>;
export type ImportColumn = Static<typeof importColumn>;
export type ImportJobView = Static<typeof importJob>;
export type ImportPhase = Static<typeof importPhase>;

export type ImportInput = Static<typeof importUpload>;
