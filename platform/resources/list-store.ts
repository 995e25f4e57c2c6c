import { sql, type RawBuilder } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db, Store } from "../db/store.js";
import type { ListFilter, Paging, SeekToken } from "./query.js";
import { NOTHING, searchCondition } from "./search-store.js";
import { decodeRow, ident, manyMatch, namedExprs, selectList } from "./store.js";
import { columnOf } from "./fields.js";
import type { FieldDef, RecordRow, ResourceDef } from "./types.js";

/**
 * Lists, counts, exports and bulk-delete selections of a resource, from a ListFilter
 * (./query.ts): the SQL of its conditions and ordering over the table aliased `t`.
 */

/** One key of a list's order as the store pages by it (see orderSql). */
export interface OrderColumn {
  column: string;
  desc: boolean;
  /** The column may hold NULL: its NULLs are placed explicitly. */
  nullable: boolean;
}

/** A ListFilter made SQL for one resource (the search resolved against its index). */
export interface RecordQuery {
  def: ResourceDef;
  /** Conditions over `t`, ANDed: the filter's, then the search's. */
  conditions: RawBuilder<unknown>[];
  /** The order, up to and including `id` (what follows a unique key changes nothing). */
  keys: OrderColumn[];
  orderBy: RawBuilder<unknown>;
  counted?: { column: string; values: number[] };
  /** The count, already known (a search alone whose count came with it: PostgreSQL's short terms). */
  known?: number;
  /**
   * A search is among the conditions: these are the conditions to read every match by (see
   * readRows, fenced).
   */
  searched?: RawBuilder<unknown>[];
  /**
   * A search through the trigram index, with the other conditions apart: a list then counts
   * straight from the index, and pages in its rowid order when sorted by id.
   */
  trigram?: {
    table: string;
    match: string;
    conditions: RawBuilder<unknown>[];
    idDirection: "ASC" | "DESC" | null;
  };
}

const where = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

function fieldCondition(field: FieldDef, values: unknown[]): RawBuilder<unknown> {
  if (field.many) return manyMatch(field.many, values);
  const column = ident(columnOf(field));
  return values.length === 1
    ? sql`t.${column} = ${values[0]}`
    : sql`t.${column} IN (${sql.join(values)})`;
}

/** A column of the table aliased `t`. */
const tColumn = (column: string) => sql`t.${ident(column)}`;

/**
 * The ORDER BY of keys (`reverse`: the same order backwards). NULLs sort as the smallest
 * value on both engines, as SQLite has always placed them: first ascending, last descending
 * (PostgreSQL's own default is the other way round), written out for the columns that may
 * hold one; a NOT NULL column gets no NULLS clause, so PostgreSQL still reads it through a
 * plain index in either direction.
 */
function orderSql(
  keys: OrderColumn[],
  reverse: boolean,
  col: (column: string) => RawBuilder<unknown> = tColumn,
): RawBuilder<unknown> {
  return sql.join(
    keys.map((k) => {
      const desc = k.desc !== reverse;
      const nulls = k.nullable ? (desc ? " NULLS LAST" : " NULLS FIRST") : "";
      return sql`${col(k.column)} ${sql.raw(`${desc ? "DESC" : "ASC"}${nulls}`)}`;
    }),
    sql`, `,
  );
}

/** Columns of each table that may hold NULL, from the catalogue: read once per store. */
const nullableCache = new WeakMap<Store, Map<string, Promise<Set<string>>>>();

async function readNullable(store: Store, table: string): Promise<Set<string>> {
  const { rows } =
    store.engine === "postgres"
      ? await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table}
            AND is_nullable = 'YES'`.execute(store.db)
      : await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})
          WHERE "notnull" = 0 AND pk = 0`.execute(store.db);
  return new Set(rows.map((r) => r.name));
}

function nullableColumns(store: Store, table: string): Promise<Set<string>> {
  let tables = nullableCache.get(store);
  if (!tables) nullableCache.set(store, (tables = new Map()));
  let found = tables.get(table);
  if (!found) {
    found = readNullable(store, table);
    found.catch(() => tables.delete(table));
    tables.set(table, found);
  }
  return found;
}

/** The keys of a filter's order, each column once, up to `id` (which ends every order). */
async function orderColumns(
  store: Store,
  def: ResourceDef,
  filter: ListFilter,
): Promise<OrderColumn[]> {
  const nullable = await nullableColumns(store, def.table);
  const keys: OrderColumn[] = [];
  for (const k of filter.order) {
    if (keys.some((x) => x.column === k.column)) continue;
    keys.push({ column: k.column, desc: k.desc, nullable: nullable.has(k.column) });
    if (k.column === "id") break;
  }
  if (keys[keys.length - 1]?.column !== "id")
    keys.push({ column: "id", desc: false, nullable: false });
  return keys;
}

/**
 * The SQL of a filter. A search is resolved here (on SQLite it may first bring the table's
 * trigram index up to date, a write of its own): call it before a write transaction, and
 * use the query inside.
 */
export async function recordQuery(
  store: Store,
  def: ResourceDef,
  filter: ListFilter,
): Promise<RecordQuery> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.ids)
    conditions.push(filter.ids.length ? sql`t.id IN (${sql.join(filter.ids)})` : NOTHING);
  for (const { field, values } of filter.fields) conditions.push(fieldCondition(field, values));
  const keys = await orderColumns(store, def, filter);
  const query: RecordQuery = {
    def,
    conditions,
    keys,
    orderBy: orderSql(keys, false),
    ...(filter.counted ? { counted: filter.counted } : {}),
  };
  const search = filter.search ? await searchCondition(store, def, filter.search) : null;
  if (search) {
    delete query.counted;
    if (search.count !== undefined && !conditions.length) query.known = search.count;
    query.searched = [...conditions, search.whole ?? search.where];
    query.conditions = [...conditions, search.where];
    if (search.fts) {
      query.trigram = {
        table: search.fts.table,
        match: search.fts.match,
        conditions,
        idDirection: filter.idDirection,
      };
    }
  }
  return query;
}

async function countRecords(db: Db, query: RecordQuery): Promise<number> {
  const { def, trigram: tri, counted } = query;
  if (query.known !== undefined) return query.known;
  // Nothing filters: the rows of every value of a column whose counts are kept, when the table
  // has one (PostgreSQL counts a million rows by reading them, ~40 ms; SQLite walks an index).
  const every = query.conditions.length ? undefined : def.countedColumns?.[0];
  const statement =
    tri && !tri.conditions.length
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
  const { rows } = await statement.execute(db);
  return Number(rows[0].n);
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

async function readRows(db: Db, query: RecordQuery, read: Read) {
  const { def } = query;
  const tri = query.trigram;
  const table = ident(def.table);
  const col = columnOfQuery(query);
  const seek = read.seek ?? [];
  const { rows } = await (
    tri?.idDirection
      ? sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${ident(
          tri.table,
        )} f JOIN ${table} t ON t.id = f.rowid
           ${where([sql`f.${ident(tri.table)} MATCH ${tri.match}`, ...tri.conditions, ...seek])}
           ORDER BY ${orderSql(query.keys, read.reverse, col)} LIMIT ${read.limit} OFFSET ${read.offset}`
      : sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${
          fenced(db, query)
            ? sql`(SELECT * FROM ${table} t ${where([...query.searched!, ...seek])} OFFSET 0) t`
            : sql`${table} t ${where([...query.conditions, ...seek])}`
        } ORDER BY ${orderSql(query.keys, read.reverse)} LIMIT ${read.limit} OFFSET ${read.offset}`
  ).execute(db);
  return rows;
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
