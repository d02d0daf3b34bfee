import { t } from "elysia";

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
  success: t.Integer(),
  total: t.Integer(),
  created: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer(),
  errors: t.Array(t.String()),
});

export const importJob = t.Object({
  id: t.String(),
  fase: t.Union([
    t.Literal("in_coda"),
    t.Literal("lettura"),
    t.Literal("importazione"),
    t.Literal("completato"),
    t.Literal("fallito"),
  ]),
  letti: t.Integer(),
  totale: t.Integer(),
  risultato: t.Optional(importOutcome),
  errore: t.Optional(t.String()),
});

export const importJobParams = t.Object({ id: t.String({ maxLength: 64, error: "Importazione non trovata" }) });
