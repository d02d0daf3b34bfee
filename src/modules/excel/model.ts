import { type Static, t } from "elysia";

/** The spec's upload: the file as a data URL with its name; the service checks each field itself. */
export const importUpload = t.Object(
  {
    fileName: t.Optional(t.Unknown()),
    fileSize: t.Optional(t.Unknown()),
    fileType: t.Optional(t.Unknown()),
    fileData: t.Optional(t.Unknown()),
  },
  { error: "File non valido" },
);

export const importOutcome = t.Object({
  /** Rows imported, as "Import completato: success/total elementi processati" reads. */
  success: t.Integer(),
  /** Rows read. */
  total: t.Integer(),
  created: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer(),
  /** "Riga N: …", one per refused row; the other rows went through. */
  errors: t.Array(t.String()),
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
  letti: t.Integer(),
  totale: t.Integer(),
  risultato: t.Optional(importOutcome),
  errore: t.Optional(t.String()),
});

export const importJobParams = t.Object({ id: t.String({ maxLength: 64, error: "Importazione non trovata" }) });

export type ImportOutcome = Static<typeof importOutcome>;
export type ImportJobView = Static<typeof importJob>;
export type ImportPhase = Static<typeof importPhase>;
