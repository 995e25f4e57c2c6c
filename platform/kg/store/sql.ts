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
import type { PlatformContext } from "../../context.js";
import type { DB } from "../../db/database.js";
import type { Db } from "../../db/store.js";
import { likePattern } from "../params.js";

/**
 * The fragments the knowledge-graph store modules share, with both engines' forms where they
 * differ (decision 021), and the few helpers of the synchronous shims kept for the code not yet
 * on the data layer.
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

const insertTexts = new Map<string, string>();

/**
 * Rows into a table with multi-row VALUES, chunked under MAX_PARAMETERS per statement: the
 * bulk writers' insert (synthetic graphs). Columns are the caller's own names, never input;
 * a statement's text depends only on the table, the columns and the chunk's row count, so
 * it is prepared once. `returning` columns come back for every row, in no promised order
 * (callers match them by a key of their own).
 */
export async function insertRows<R = unknown>(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
  opts: { returning?: readonly string[]; onConflictDoNothing?: boolean } = {},
): Promise<{ rows: R[]; inserted: number }> {
  const postgres = engineOf(db) === "postgres";
  const per = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const out: R[] = [];
  let inserted = 0;
  for (let at = 0; at < rows.length; at += per) {
    const chunk = rows.slice(at, at + per);
    const key = `${postgres}|${table}|${columns.join(",")}|${chunk.length}|${opts.onConflictDoNothing ?? false}|${opts.returning?.join(",") ?? ""}`;
    let text = insertTexts.get(key);
    if (!text) {
      let n = 0;
      const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : "?")).join(", ")})`;
      text =
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(tuple).join(", ")}` +
        (opts.onConflictDoNothing ? " ON CONFLICT DO NOTHING" : "") +
        (opts.returning?.length ? ` RETURNING ${opts.returning.join(", ")}` : "");
      if (insertTexts.size > 200) insertTexts.clear();
      insertTexts.set(key, text);
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, chunk.flat()));
    out.push(...result.rows);
    inserted += opts.returning?.length ? result.rows.length : Number(result.numAffectedRows ?? 0n);
  }
  return { rows: out, inserted };
}

// --- The synchronous shims' helpers (SQLite only) ---------------------------------------------

/** What a synchronous shim is given: the SQLite connection and the store over it. */
export type SyncCtx = Pick<PlatformContext, "db" | "store">;

const syncStatements = new WeakMap<DB, Map<string, Database.Statement>>();

function statement(handle: DB, text: string): Database.Statement {
  let cache = syncStatements.get(handle);
  if (!cache) syncStatements.set(handle, (cache = new Map()));
  let stmt = cache.get(text);
  if (!stmt) {
    if (cache.size >= 500) cache.clear();
    stmt = handle.prepare(text);
    cache.set(text, stmt);
  }
  return stmt;
}

/**
 * A query of the store layer run on the SQLite connection, synchronously: the same statement
 * as its async function runs, for the `…Sync` shims of the code not yet moved (issue 22).
 */
export function allSync<R>(ctx: SyncCtx, query: Compilable<R> | RawBuilder<R>): R[] {
  const c = compiled(ctx, query);
  return statement(ctx.db, c.sql).all(c.parameters as unknown[]) as R[];
}

/** The first row (see allSync). */
export function firstSync<R>(ctx: SyncCtx, query: Compilable<R> | RawBuilder<R>): R | undefined {
  const c = compiled(ctx, query);
  return statement(ctx.db, c.sql).get(c.parameters as unknown[]) as R | undefined;
}

/** A statement without rows; the number of rows it changed (see allSync). */
export function runSync(ctx: SyncCtx, query: Compilable<unknown> | RawBuilder<unknown>): number {
  const c = compiled(ctx, query);
  return statement(ctx.db, c.sql).run(c.parameters as unknown[]).changes;
}

/** The rows one by one, as arrays of values (a statement of its own: see allSync). */
export function iterateSync<R extends unknown[]>(
  ctx: SyncCtx,
  query: Compilable<unknown> | RawBuilder<unknown>,
): IterableIterator<R> {
  const c = compiled(ctx, query);
  return ctx.db
    .prepare(c.sql)
    .raw()
    .iterate(c.parameters as unknown[]) as IterableIterator<R>;
}

/** Builders compile on their own; raw `sql` needs the (SQLite) handle to compile for. */
function compiled(ctx: SyncCtx, query: Compilable<unknown> | RawBuilder<unknown>): CompiledQuery {
  return (query.compile as (db: Db) => CompiledQuery).call(query, ctx.store.db);
}

// --- One sequence of statements, run either way ----------------------------------------------

type Query = Compilable<unknown> | RawBuilder<unknown>;

/** One statement of a sequence: its rows, its first row, or the number of rows it changed. */
export type Step = { all: Query } | { first: Query } | { run: Query };

/**
 * A sequence of statements written once (a generator that yields each statement and is given
 * its answer back) and run either on the async store (runSteps) or, for the `…Sync` shims, on
 * the SQLite connection (runStepsSync): one text for both, however the caller runs.
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

/** runSteps on the SQLite connection, synchronously. SQLite only. */
export function runStepsSync<T>(ctx: SyncCtx, steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    next = steps.next(
      "all" in step
        ? allSync(ctx, step.all)
        : "first" in step
          ? firstSync(ctx, step.first)
          : runSync(ctx, step.run),
    );
  }
  return next.value;
}
