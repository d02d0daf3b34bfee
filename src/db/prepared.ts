import type { Database, Statement } from "bun:sqlite";
import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * A query that drizzle builds once per connection and then runs with new values (`sql.placeholder`).
 * drizzle builds the SQL text of a query anew on every call, and that building was two fifths of the
 * server's time in a set's booking, approval, hand-over and return (CPU profile): the queries that path
 * runs on every call are declared with this, beside the code that runs them.
 *
 * A transaction shares its connection's session, so a query prepared on the connection runs inside the
 * caller's transaction as well.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const bySession = new WeakMap<object, Query>();
  return (db) => {
    const session = (db as unknown as { session: object }).session;
    let query = bySession.get(session);
    if (query === undefined) {
      query = build(db);
      bySession.set(session, query);
    }
    return query;
  };
}

/** The row of `table` with the given id, read through a query prepared once per connection. */
export function rowById<Table extends SQLiteTable & { id: SQLiteColumn }>(
  table: Table,
): (db: Db, id: number) => Table["$inferSelect"] | undefined {
  const query = preparedQuery((db) =>
    db
      .select()
      .from(table as SQLiteTable)
      .where(eq(table.id, sql.placeholder("id")))
      .prepare(),
  );
  return (db, id) => query(db).get({ id }) as Table["$inferSelect"] | undefined;
}

/** A placeholder as an update's `set()` takes it: inside an SQL fragment (a bare one does not type-check). */
export function placeholderValue(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/**
 * The JSON text of each row the ids name, in the order given, written by SQLite itself: `select` makes one
 * `json_object(...) AS text` per row `FROM json_each(?) AS wanted`, joined on `wanted.value` and ordered by
 * `wanted.key`. For the whole lists of thousands of rows, where mapping each row to an object and
 * stringifying it again took most of the call. Compiled once per connection.
 */
export function jsonTextsById(select: string): (sqlite: Database, ids: readonly number[]) => string[] {
  const statements = new WeakMap<Database, Statement<{ text: string }, [string]>>();
  return (sqlite, ids) => {
    let statement = statements.get(sqlite);
    if (!statement) {
      statement = sqlite.query<{ text: string }, [string]>(select);
      statements.set(sqlite, statement);
    }
    // One column, the row's text: its values without a row object each.
    return (statement.values(JSON.stringify(ids)) as Array<[string]>).map(([text]) => text);
  };
}
