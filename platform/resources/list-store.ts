import { sql, type RawBuilder } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db, Store } from "../db/store.js";
import type { ListFilter, Paging, SeekToken } from "./query.js";
import {
  orderSql,
  recordQuery,
  tColumn,
  where,
  type OrderColumn,
  type RecordQuery,
} from "./filter-store.js";
import { decodeRow, ident, namedExprs, selectList } from "./store.js";
import type { FieldDef, RecordRow, ResourceDef } from "./types.js";

/**
 * Lists, counts, exports and bulk-delete selections of a resource, from a ListFilter
 * (./query.ts) resolved into SQL by ./filter-store.ts.
 */

async function countRecords(db: Db, query: RecordQuery): Promise<number> {
  if (query.known !== undefined) return query.known;
  const { rows } = await countStatement(query).execute(db);
  return Number(rows[0].n);
}

/** The statement counting what a query selects (`n`). */
function countStatement(query: RecordQuery): RawBuilder<{ n: number }> {
  const { def, trigram: tri, counted } = query;
  // Nothing filters: the rows of every value of a column whose counts are kept, when the table
  // has one (PostgreSQL counts a million rows by reading them, ~40 ms; SQLite walks an index).
  const every = query.conditions.length ? undefined : def.countedColumns?.[0];
  return query.counter
    ? query.counter
    : tri && !tri.conditions.length
      ? sql<{ n: number }>`SELECT count(*) AS n FROM ${ident(tri.table)} WHERE ${ident(
          tri.table,
        )} MATCH ${tri.match}`
      : counted
        ? sql<{ n: number }>`SELECT coalesce(sum(n), 0) AS n FROM resource_counts
           WHERE table_name = ${def.table} AND column_name = ${counted.column}
             AND value IN (${sql.join([...new Set(counted.values)])})`
        : every
          ? sql<{ n: number }>`SELECT coalesce(sum(n), 0) AS n FROM resource_counts
             WHERE table_name = ${def.table} AND column_name = ${every}`
          : sql<{ n: number }>`SELECT count(*) AS n FROM ${ident(def.table)} t ${where(
              query.conditions,
            )}`;
}

/** How a page is read: in the list's order or backwards, past `offset` rows, with extra conditions. */
interface Read {
  reverse: boolean;
  offset: number;
  limit: number;
  seek?: RawBuilder<unknown>[];
}

/** The id column of a query's rows: the trigram index's rowid when the list pages through it. */
const idOrdered = (query: RecordQuery) => !!query.trigram?.idDirection;

function columnOfQuery(query: RecordQuery): (column: string) => RawBuilder<unknown> {
  return idOrdered(query) ? (c) => (c === "id" ? sql`f.rowid` : tColumn(c)) : tColumn;
}

/**
 * PostgreSQL, a search sorted by another column than id: the matches are found first (through
 * the search indexes), then sorted, as SQLite does. Given the search as a plain condition beside
 * `ORDER BY column LIMIT`, the planner may walk the column's index and test row after row,
 * expecting matches spread evenly; a term whose rows sort late (subjects starting with it) made
 * it read 700,000 rows of a million for the first page (2.7 s). `OFFSET 0` keeps the subquery
 * planned on its own. Sorted by id the index walk is kept: a frequent term's first page is met
 * within a few rows.
 */
const fenced = (db: Db, query: RecordQuery) =>
  !!query.searched && query.keys[0].column !== "id" && engineOf(db) === "postgres";

/** The rows a query selects, as `t` (a search read whole first where `fenced`). */
function rowsOf(db: Db, query: RecordQuery, seek: RawBuilder<unknown>[] = []) {
  const table = ident(query.def.table);
  return fenced(db, query)
    ? sql`(SELECT * FROM ${table} t ${where([...query.searched!, ...seek])} OFFSET 0) t`
    : sql`${table} t ${where([...query.conditions, ...seek])}`;
}

async function readRows(db: Db, query: RecordQuery, read: Read) {
  const { def } = query;
  const tri = query.trigram;
  const col = columnOfQuery(query);
  const seek = read.seek ?? [];
  const { rows } = await (
    tri?.idDirection
      ? sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${ident(
          tri.table,
        )} f JOIN ${ident(def.table)} t ON t.id = f.rowid
           ${where([sql`f.${ident(tri.table)} MATCH ${tri.match}`, ...tri.conditions, ...seek])}
           ORDER BY ${orderSql(query.keys, read.reverse, col)} LIMIT ${read.limit} OFFSET ${read.offset}`
      : sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${rowsOf(db, query, seek)}
           ORDER BY ${orderSql(query.keys, read.reverse)} LIMIT ${read.limit} OFFSET ${read.offset}`
  ).execute(db);
  return rows;
}

/**
 * The counts of recent lists by their count statement, at most COUNT_HINTS of them: which end a
 * page is nearer to, for `pageAndCount` (a hint only: the count itself is always read anew).
 */
const countHints = new Map<string, number>();
const COUNT_HINTS = 1000;

/**
 * PostgreSQL: a page and the count in one statement — every statement is a round trip. Read
 * from the start, that page is right whatever the count; read from the end (when the last count
 * of the same list says the page is nearer the end), it is right only if the count is still
 * that one, which the statement returns. LIMIT and OFFSET stay constants, so the planner walks
 * an index as it does for a page alone. Null when the page could not be told this way (no row
 * read, or the count moved).
 */
async function pageAndCount(db: Db, query: RecordQuery, paging: Paging) {
  const counting = countStatement(query);
  const compiled = counting.compile(db);
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const start = (paging.page - 1) * paging.pageSize;
  const hint = countHints.get(key);
  const size = hint === undefined ? paging.pageSize : Math.min(paging.pageSize, hint - start);
  const fromEnd = hint === undefined ? 0 : hint - start - size;
  const reverse = hint !== undefined && size > 0 && fromEnd < start;
  const { rows } = await sql<Record<string, unknown> & { __count: number }>`
    WITH c AS MATERIALIZED (${counting})
    SELECT (SELECT n FROM c) AS __count, ${selectList(db, query.def)} FROM ${rowsOf(db, query)}
     ORDER BY ${orderSql(query.keys, reverse)}
     LIMIT ${reverse ? size : paging.pageSize} OFFSET ${reverse ? fromEnd : start}`.execute(db);
  if (!rows.length) return null;
  const count = Number(rows[0].__count);
  countHints.delete(key);
  countHints.set(key, count);
  if (countHints.size > COUNT_HINTS) countHints.delete(countHints.keys().next().value!);
  if (reverse && count !== hint) return null;
  if (reverse) rows.reverse();
  return {
    count,
    results: rows.map(({ __count: _, ...row }) => decodeRow(query.def, row)),
  };
}

/**
 * The rows strictly after `row` in the order of `keys` (`reverse`: strictly before it), as
 * consecutive segments in that order, each a conjunction that an index on the keys reads as
 * one range: the rows that tie with `row` on every key but the last and follow it on that
 * one, then those that tie on one key fewer, … A NULL sorts as the smallest value: after a
 * NULL ascending come the non-NULL values; after a value descending come the smaller values,
 * then the NULLs; nothing comes after a NULL descending.
 */
function afterSegments(
  keys: OrderColumn[],
  reverse: boolean,
  row: Record<string, unknown>,
  col: (column: string) => RawBuilder<unknown>,
): RawBuilder<unknown>[][] {
  const equal = (k: OrderColumn) =>
    row[k.column] === null
      ? sql`${col(k.column)} IS NULL`
      : sql`${col(k.column)} = ${row[k.column]}`;
  const segments: RawBuilder<unknown>[][] = [];
  for (let j = keys.length - 1; j >= 0; j--) {
    const prefix = keys.slice(0, j).map(equal);
    const k = keys[j];
    const value = row[k.column];
    const c = col(k.column);
    if (k.desc === reverse) {
      // Ascending (as read).
      segments.push([...prefix, value === null ? sql`${c} IS NOT NULL` : sql`${c} > ${value}`]);
    } else if (value !== null) {
      segments.push([...prefix, sql`${c} < ${value}`]);
      if (k.nullable) segments.push([...prefix, sql`${c} IS NULL`]);
    }
  }
  return segments;
}

/** The sort keys of one record (the boundary a seek starts from), or null when it is gone. */
async function keysOf(
  db: Db,
  query: RecordQuery,
  id: number,
): Promise<Record<string, unknown> | null> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(
    query.keys.map((k) => sql`t.${ident(k.column)}`),
  )} FROM ${ident(query.def.table)} t WHERE t.id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/**
 * `limit` rows after `skip` rows past the record `from` (`forward`), or before it read
 * backwards; null when that record is gone (the caller pages by offset instead).
 */
async function seekRows(
  db: Db,
  query: RecordQuery,
  from: number,
  forward: boolean,
  skip: number,
  limit: number,
): Promise<Record<string, unknown>[] | null> {
  const row = await keysOf(db, query, from);
  if (!row) return null;
  const reverse = !forward;
  const out: Record<string, unknown>[] = [];
  let skipLeft = skip;
  for (const seek of afterSegments(query.keys, reverse, row, columnOfQuery(query))) {
    const need = limit - out.length;
    const got = await readRows(db, query, { reverse, offset: 0, limit: skipLeft + need, seek });
    const skipped = Math.min(skipLeft, got.length);
    skipLeft -= skipped;
    out.push(...got.slice(skipped, skipped + need));
    if (out.length >= limit) break;
  }
  return reverse ? out.reverse() : out;
}

/**
 * One page of the records a filter selects, and how many it selects in all (decision 022).
 * The page is read the cheapest of three ways, each stepping over as few rows as it can:
 * from the start (OFFSET of the rows before it), from the end (the order reversed, OFFSET of
 * the rows after it, then turned round), or — given the token of a nearby page — from that
 * page's last row onwards (first row backwards), stepping over the pages between.
 */
export async function listRecords(
  store: Store,
  def: ResourceDef,
  filter: ListFilter,
  paging: Paging,
  seek: SeekToken | null = null,
): Promise<{ results: RecordRow[]; count: number }> {
  const query = await recordQuery(store, def, filter);
  const db = store.db;
  if (engineOf(db) === "postgres" && !seek && query.known === undefined) {
    const read = await pageAndCount(db, query, paging);
    if (read) return read;
  }
  const count = await countRecords(db, query);
  const start = (paging.page - 1) * paging.pageSize;
  if (start >= count) return { results: [], count };
  const size = Math.min(paging.pageSize, count - start);
  const fromEnd = count - start - size;
  const gap = seek ? Math.abs(paging.page - seek.page) - 1 : -1;
  let rows: Record<string, unknown>[] | null = null;
  if (seek && gap >= 0 && gap * paging.pageSize < Math.min(start, fromEnd)) {
    const forward = paging.page > seek.page;
    rows = await seekRows(
      db,
      query,
      forward ? seek.last : seek.first,
      forward,
      gap * paging.pageSize,
      size,
    );
  }
  rows ??=
    fromEnd < start
      ? (await readRows(db, query, { reverse: true, offset: fromEnd, limit: size })).reverse()
      : await readRows(db, query, { reverse: false, offset: start, limit: size });
  return { results: rows.map((r) => decodeRow(def, r)), count };
}

/** Every record a resolved query selects (what a bulk delete removes), inside its transaction. */
export async function matchingRecords(db: Db, query: RecordQuery): Promise<RecordRow[]> {
  const { def } = query;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${ident(
    def.table,
  )} t ${where(query.conditions)}`.execute(db);
  return rows.map((r) => decodeRow(def, r));
}

/**
 * Streams the `fields` of the records a filter selects, in its order, from one consistent
 * snapshot of the store (SQLite: a read-only connection of its own, so the open cursor holds
 * nothing of the platform's connection while the client drains; PostgreSQL: a cursor in a
 * REPEATABLE READ transaction). `each` gets the rows a batch at a time (many-to-many fields
 * as arrays) and may wait (back-pressure); it returns false to stop.
 */
export async function streamRecords(
  store: Store,
  def: ResourceDef,
  filter: ListFilter,
  fields: FieldDef[],
  each: (rows: Record<string, unknown>[]) => Promise<boolean> | boolean,
): Promise<void> {
  const query = await recordQuery(store, def, filter);
  const many = fields.filter((f) => f.many).map((f) => f.name);
  await store.snapshot(async (tx) => {
    const compiled = sql<Record<string, unknown>>`SELECT ${sql.raw(
      namedExprs(engineOf(tx), fields),
    )} FROM ${ident(def.table)} t ${where(query.conditions)} ORDER BY ${query.orderBy}`.compile(tx);
    for await (const chunk of tx.getExecutor().stream(compiled, 2000)) {
      const rows = chunk.rows;
      if (many.length) {
        for (const row of rows)
          for (const name of many) row[name] = JSON.parse(row[name] as string);
      }
      if (!(await each(rows))) break;
    }
  });
}
