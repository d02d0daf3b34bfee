import { type IntegerOptions, Type } from "@sinclair/typebox";
import { type TSchema, t } from "elysia";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./paging";

/**
 * The building blocks every module's model.ts shares, so that a date, an id in a path, the paging
 * convention and the common answers are spelled once. Response schemas are the contract (issue 13): a field
 * the server does not send cannot be in them, and the contract test reads dates and numbers off them.
 */

const ISO_DATE = "^\\d{4}-\\d{2}-\\d{2}$";

/** A day as the API speaks it, `YYYY-MM-DD`, read from a query or a body, with its Italian error. */
export const isoDate = (error: string) => t.String({ pattern: ISO_DATE, error });

/** A day in an answer: `YYYY-MM-DD`. */
export const dayText = t.String({ pattern: ISO_DATE, description: "Data AAAA-MM-GG" });

/**
 * A whole number in an answer. Elysia's `t.Integer` also reads numeric text, for paths and queries: it is
 * a transform, and one transform makes Elysia re-encode the whole answer value by value (7 ms for the
 * 500 items of the side-by-side inventory, against 0.2 ms to check it).
 */
export const answerInteger = (options?: IntegerOptions) => Type.Integer(options);

/** A moment in an answer: SQLite's `YYYY-MM-DD HH:MM:SS` in UTC, or ISO 8601 where the spec says so. */
export const timestampText = t.String({ description: "Data e ora (UTC)" });

/** `/:id` in a path: a positive whole number, checked before any handler runs. */
export const idParams = (error: string) => t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,14}$", error }) });

/** `pagina` and `per_pagina`, spread into a list's query schema; `pageOf` turns them into a page. */
export const pageQueryFields = {
  pagina: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,8}$", error: "Pagina non valida" })),
  per_pagina: t.Optional(
    t.String({
      pattern: "^[1-9][0-9]{0,8}$",
      error: `Elementi per pagina non validi (da 1 a ${MAX_PAGE_SIZE})`,
      description: `Da 1 a ${MAX_PAGE_SIZE}, ${DEFAULT_PAGE_SIZE} se assente`,
    }),
  ),
};

/** One page of a list: `{ elementi, totale, pagina, per_pagina }`. */
export const pagedAnswer = <Item extends TSchema>(item: Item) =>
  t.Object({ elementi: t.Array(item), totale: answerInteger(), pagina: answerInteger(), per_pagina: answerInteger() });

/** A list call that answers the whole array, or one page when `pagina`/`per_pagina` are given. */
export const listOrPage = <Item extends TSchema>(item: Item) => t.Union([t.Array(item), pagedAnswer(item)]);

/** How a unit found by a search or a scan is named: its code and its item. */
export const unitNamingFields = {
  id: answerInteger(),
  codice_univoco: t.String(),
  inventario_id: answerInteger(),
  oggetto_nome: t.String(),
};

/** `{ message }`: what a write answers when it has nothing else to say. */
export const messageAnswer = t.Object({ message: t.String() });

/** `{ error }`: every refusal, with an Italian message. */
export const errorAnswer = t.Object({ error: t.String() });

/**
 * One of a fixed set of words, read from a query or a body. `t.UnionEnum` carries its first value as a
 * default (for its error message), which Elysia would then fill in for an absent optional field.
 */
export function oneOf<const Values extends readonly [string, ...string[]]>(values: Values, error: string) {
  const schema = t.UnionEnum(values, { error });
  delete schema.default;
  return schema;
}

/**
 * What a route that answers a file (a spreadsheet, a PDF, a backup, a calendar, an event stream) declares
 * instead of a JSON schema: its content type, in the route's OpenAPI `detail`.
 */
/** A route that answers by sending the browser elsewhere (302 with a Location header). */
export const redirectAnswer = (description: string) => ({
  responses: {
    302: {
      description,
      headers: { Location: { schema: { type: "string" as const } } },
      content: { "text/plain": { schema: { type: "string" as const } } },
    },
  },
});

export const fileAnswer = (contentType: string, description: string) => ({
  responses: {
    200: { description, content: { [contentType]: { schema: { type: "string" as const, format: "binary" } } } },
  },
});
