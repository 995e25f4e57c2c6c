import type Database from "better-sqlite3";
import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import { engineOf } from "../../db/dialect.js";
import type { Db, Store } from "../../db/store.js";
import { likePattern } from "../params.js";

/**
 * The fragments the knowledge-graph store modules share, with both engines' forms where they
 * differ (decision 021).
 */

/**
 * The numbers of a list as a subquery (`id IN ${intList(db, ids)}`): one parameter, whatever
 * the list's length, so the statement's text (and its cached preparation) stays the same.
 */
export function intList(db: Db, ids: readonly number[]): RawBuilder<number> {
  const json = JSON.stringify(ids);
  return engineOf(db) === "postgres"
    ? sql<number>`(SELECT value::bigint FROM json_array_elements_text(${json}::json))`
    : sql<number>`(SELECT value FROM json_each(${json}))`;
}

/** Which of these ids are rows of the graph in `table` (its articles, its relations). */
export async function graphIdsAmong(
  db: Db,
  table: "kg_articles" | "kg_relations",
  graphId: number,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom(table as "kg_articles")
    .select("id")
    .where("graph_id", "=", graphId)
    .where("id", "in", intList(db, ids))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The strings of a list as a subquery (see intList). */
export function textList(db: Db, values: readonly string[]): RawBuilder<string> {
  const json = JSON.stringify(values);
  return engineOf(db) === "postgres"
    ? sql<string>`(SELECT value FROM json_array_elements_text(${json}::json))`
    : sql<string>`(SELECT value FROM json_each(${json}))`;
}

/**
 * A substring search over some columns, as SQLite's LIKE has always answered it: ASCII
 * letters without regard to case (ILIKE on PostgreSQL, where LIKE minds case).
 */
export function searchColumns(
  db: Db,
  columns: string[],
  text: string,
): RawBuilder<SqlBool> & Expression<SqlBool> {
  const like = engineOf(db) === "postgres" ? sql`ILIKE` : sql`LIKE`;
  const pattern = likePattern(text);
  const parts = columns.map((c) => sql<SqlBool>`${sql.ref(c)} ${like} ${pattern} ESCAPE '\\'`);
  return parts.length > 1 ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : parts[0];
}

/** Most parameters in one statement: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

/**
 * A write transaction as a bulk writer sees it: the transaction, and on SQLite the connection
 * under it (the transaction holds it, so its statements are part of the transaction).
 */
export interface Bulk {
  tx: Db;
  sqlite?: Database.Database;
}

/** The bulk writer of `store`'s write transaction `tx`. */
export function bulkOf(store: Store, tx: Db): Bulk {
  return { tx, sqlite: store.sqlite?.handle };
}

const insertTexts = new Map<string, string>();
const bulkStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A relation's columns as the bulk writers insert them (the order of their rows' tuples). */
export const RELATION_COLUMNS = [
  "graph_id",
  "subject_id",
  "relation_type_id",
  "object_id",
  "confidence",
  "article_id",
  "sent_start",
  "sent_end",
];

/**
 * Rows into a table, as fast as each engine takes them: on PostgreSQL multi-row VALUES,
 * chunked under MAX_PARAMETERS per statement (one round trip per chunk); on SQLite one
 * prepared single-row statement run row by row on the transaction's connection, which SQLite
 * runs faster than multi-row VALUES (1,000,000 relations with their six indexes: 10.4 s row
 * by row, 14.6 s in chunks of 3,750 rows, 18.6 s in chunks of 500) and without a promise per
 * row. Columns are the caller's own names, never input; a statement's text depends only on
 * the table, the columns and (PostgreSQL) the chunk's row count, so each is prepared once.
 * `returning` columns come back for every row, in no promised order (callers match them by a
 * key of their own). `inserted`: the rows written (those skipped on conflict left out).
 */
export async function insertRows<R = unknown>(
  bulk: Bulk,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
  opts: { returning?: readonly string[]; onConflictDoNothing?: boolean } = {},
): Promise<{ rows: R[]; inserted: number }> {
  const tail =
    (opts.onConflictDoNothing ? " ON CONFLICT DO NOTHING" : "") +
    (opts.returning?.length ? ` RETURNING ${opts.returning.join(", ")}` : "");
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
  const out: R[] = [];
  let inserted = 0;
  if (bulk.sqlite && engineOf(bulk.tx) === "sqlite") {
    const text = `${head}(${columns.map(() => "?").join(", ")})${tail}`;
    let cache = bulkStatements.get(bulk.sqlite);
    if (!cache) bulkStatements.set(bulk.sqlite, (cache = new Map()));
    let stmt = cache.get(text);
    if (!stmt) cache.set(text, (stmt = bulk.sqlite.prepare(text)));
    if (opts.returning?.length) {
      for (const row of rows) {
        const r = stmt.get(row) as R | undefined;
        if (r) out.push(r);
      }
      inserted = out.length;
    } else {
      for (const row of rows) inserted += stmt.run(row).changes;
    }
    return { rows: out, inserted };
  }
  const per = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let at = 0; at < rows.length; at += per) {
    const chunk = rows.slice(at, at + per);
    const key = `${table}|${columns.join(",")}|${chunk.length}|${tail}`;
    let text = insertTexts.get(key);
    if (!text) {
      let n = 0;
      const tuple = () => `(${columns.map(() => `$${++n}`).join(", ")})`;
      text = head + chunk.map(tuple).join(", ") + tail;
      if (insertTexts.size > 200) insertTexts.clear();
      insertTexts.set(key, text);
    }
    const result = await bulk.tx.executeQuery<R>(CompiledQuery.raw(text, chunk.flat()));
    out.push(...result.rows);
    inserted += opts.returning?.length ? result.rows.length : Number(result.numAffectedRows ?? 0n);
  }
  return { rows: out, inserted };
}

// --- One sequence of statements, run either way ----------------------------------------------

type Query = Compilable<unknown> | RawBuilder<unknown>;

/** One statement of a sequence: its rows, its first row, or the number of rows it changed. */
export type Step = { all: Query } | { first: Query } | { run: Query };

/**
 * A sequence of statements written once (a generator that yields each statement and is given
 * its answer back), run on the store by runSteps.
 */
export type Steps<T> = Generator<Step, T, unknown>;

export async function runSteps<T>(db: Db, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    const query = "all" in step ? step.all : "first" in step ? step.first : step.run;
    const result = await db.executeQuery(
      (query.compile as (db: Db) => CompiledQuery).call(query, db),
    );
    next = steps.next(
      "all" in step
        ? result.rows
        : "first" in step
          ? result.rows[0]
          : Number(result.numAffectedRows ?? 0n),
    );
  }
  return next.value;
}
