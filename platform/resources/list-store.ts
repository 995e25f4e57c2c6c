import { sql, type RawBuilder } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db, Store } from "../db/store.js";
import type { ListFilter } from "./query.js";
import { NOTHING, searchCondition } from "./search-store.js";
import { decodeRow, ident, manyMatch, namedExprs, q, selectList } from "./store.js";
import { columnOf } from "./fields.js";
import type { FieldDef, RecordRow, ResourceDef } from "./types.js";

/**
 * Lists, counts, exports and bulk-delete selections of a resource, from a ListFilter
 * (./query.ts): the SQL of its conditions and ordering over the table aliased `t`.
 */

/** A ListFilter made SQL for one resource (the search resolved against its index). */
export interface RecordQuery {
  def: ResourceDef;
  /** Conditions over `t`, ANDed: the filter's, then the search's. */
  conditions: RawBuilder<unknown>[];
  orderBy: RawBuilder<unknown>;
  counted?: { column: string; values: number[] };
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
  const query: RecordQuery = {
    def,
    conditions,
    orderBy: sql.raw(
      filter.order.map((k) => `t.${q(k.column)} ${k.desc ? "DESC" : "ASC"}`).join(", "),
    ),
    ...(filter.counted ? { counted: filter.counted } : {}),
  };
  const search = filter.search ? await searchCondition(store, def, filter.search) : null;
  if (search) {
    delete query.counted;
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
  const statement =
    tri && !tri.conditions.length
      ? sql<{ n: number }>`SELECT count(*) AS n FROM ${ident(tri.table)} WHERE ${ident(
          tri.table,
        )} MATCH ${tri.match}`
      : counted
        ? sql<{ n: number }>`SELECT coalesce(sum(n), 0) AS n FROM resource_counts
           WHERE table_name = ${def.table} AND column_name = ${counted.column}
             AND value IN (${sql.join([...new Set(counted.values)])})`
        : sql<{ n: number }>`SELECT count(*) AS n FROM ${ident(def.table)} t ${where(
            query.conditions,
          )}`;
  const { rows } = await statement.execute(db);
  return Number(rows[0].n);
}

/** One page of the records a filter selects, and how many it selects in all. */
export async function listRecords(
  store: Store,
  def: ResourceDef,
  filter: ListFilter,
  paging: { pageSize: number; offset: number },
): Promise<{ results: RecordRow[]; count: number }> {
  const query = await recordQuery(store, def, filter);
  const db = store.db;
  const count = await countRecords(db, query);
  const tri = query.trigram;
  const table = ident(def.table);
  const { rows } = await (
    tri?.idDirection
      ? sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${ident(
          tri.table,
        )} f JOIN ${table} t ON t.id = f.rowid
           ${where([sql`f.${ident(tri.table)} MATCH ${tri.match}`, ...tri.conditions])}
           ORDER BY f.rowid ${sql.raw(tri.idDirection)} LIMIT ${paging.pageSize} OFFSET ${paging.offset}`
      : sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${table} t ${where(
          query.conditions,
        )} ORDER BY ${query.orderBy} LIMIT ${paging.pageSize} OFFSET ${paging.offset}`
  ).execute(db);
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
