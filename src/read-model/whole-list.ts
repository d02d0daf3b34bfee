import { and, lte, max, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { inIds } from "../db/sql";
import { arrayText, jsonText } from "../modules/json-text";

/**
 * The spec's plain whole-list calls answer everything at once: the loans and requests with `?all=1` (at five
 * times the default size 500,000 loans and 450 MB of JSON, which took 16 s of the only thread to build),
 * the users, the inventory and a student's catalogue. A list longer than one stretch is streamed instead:
 * each stretch reads the ids of its rows from the list's own table (an index walk, cheap to skip) and then
 * their views, and the server answers everyone else between stretches; memory holds one stretch, however
 * slow the client reads. Rows added after the list started are left out, so new rows cannot shift the
 * stretches.
 *
 * The ids are read ahead, STRETCHES_PER_ID_RUN stretches at a time: SQLite walks every skipped row of an
 * OFFSET, and reading 500,000 loans 250 at a time skipped 500 million index entries. A stretch's views are
 * read by its ids alone: the list's own conditions, applied again, let SQLite walk the whole list for every
 * stretch.
 */

/**
 * The routes whose plain call (no `pagina`, no `per_pagina`) answers a whole list, streamed when long; the
 * inventory and the catalogue are kept gzipped in pieces instead (gzipped-list.ts).
 */
export const WHOLE_LIST_ROUTES = new Set([
  "/api/prestiti",
  "/api/richieste",
  "/api/auth/users",
  "/api/inventario",
  "/api/inventario/disponibili",
]);

/** Rows per stretch: a stretch of loan views takes about 20 ms at five times the default size, gzip included. */
export const STRETCH_ROWS = 250;

/** Stretches whose ids are read at once: 10,000 loan ids are 80 kB of numbers, a few ms of index walk. */
export const STRETCHES_PER_ID_RUN = 40;

/** The answers `wholeList` streamed, for the server to gzip on the way (src/app.ts). */
const streamed = new WeakSet<Response>();

export function isStreamedList(value: unknown): value is Response {
  return value instanceof Response && streamed.has(value);
}

interface ListOrder {
  db: Db;
  table: SQLiteTable;
  id: SQLiteColumn;
  where: SQL | undefined;
  orderBy: SQL[];
}

export interface WholeList<T> extends ListOrder {
  /** The views of the rows a condition keeps, in `orderBy`: the list's own `where`, or a stretch's ids. */
  load: (where: SQL | undefined) => T[];
}

export interface WholeListText extends ListOrder {
  /** The JSON text of these rows, given in the list's order, for a list that builds its text itself (json-text.ts). */
  textsOf: (ids: number[]) => string[];
}

/** The ids of the rows `where` keeps, in the list's order, from its own table and indexes (no joins). */
export function idsOf(
  list: Pick<ListOrder, "db" | "table" | "id" | "orderBy">,
  where: SQL | undefined,
  limit: number,
  offset: number,
): number[] {
  return list.db
    .select({ id: list.id })
    .from(list.table)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(limit)
    .offset(offset)
    .all()
    .map((row) => row.id as number);
}

/** The whole list as an array when it fits one stretch, else as a JSON array streamed stretch by stretch. */
export function wholeList(list: WholeListText): Response;
export function wholeList<T>(list: WholeList<T>): T[] | Response;
export function wholeList<T>(list: WholeList<T> | WholeListText): T[] | Response {
  const stretchRows = STRETCH_ROWS;
  const textsOf =
    "textsOf" in list
      ? list.textsOf
      : (ids: number[]) => list.load(inIds(list.id, ids)).map((row) => JSON.stringify(row));
  const firstIds = idsOf(list, list.where, stretchRows + 1, 0);
  if (firstIds.length <= stretchRows)
    return "textsOf" in list ? jsonText(arrayText(list.textsOf(firstIds))) : list.load(list.where);
  const newest = list.db
    .select({ id: max(list.id) })
    .from(list.table)
    .get()?.id as number;
  const where = and(list.where, lte(list.id, newest));
  const encoder = new TextEncoder();
  const runRows = stretchRows * STRETCHES_PER_ID_RUN;
  let idsRead = 0;
  let lastRun = false;
  let ahead: number[] = [];
  let next = 0;
  let first = true;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Between two stretches the server answers whoever else is waiting.
        if (!first) await new Promise((resume) => setImmediate(resume));
        if (next === ahead.length && !lastRun) {
          ahead = idsOf(list, where, runRows, idsRead);
          idsRead += ahead.length;
          lastRun = ahead.length < runRows;
          next = 0;
        }
        const ids = ahead.slice(next, next + stretchRows);
        next += ids.length;
        const items = ids.length > 0 ? textsOf(ids).join(",") : "";
        const opening = first ? "[" : items ? "," : "";
        const last = lastRun && next === ahead.length;
        controller.enqueue(encoder.encode(`${opening}${items}${last ? "]" : ""}`));
        first = false;
        if (last) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });
  streamed.add(response);
  return response;
}
