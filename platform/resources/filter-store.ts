import { sql, type RawBuilder } from "kysely";
import type { Store } from "../db/store.js";
import type { ListFilter } from "./query.js";
import { NOTHING, searchCondition } from "./search-store.js";
import { ident, manyMatch } from "./store.js";
import { columnOf } from "./fields.js";
import type { FieldDef, ResourceDef } from "./types.js";

/**
 * The SQL of a ListFilter (./query.ts) over a resource's table aliased `t`: its conditions, its
 * search and its order — what lists, counts, exports and bulk deletes (./list-store.ts) read by.
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
  /** The statement counting a search alone (`n`), cheaper than counting `conditions` (PostgreSQL). */
  counter?: RawBuilder<{ n: number }>;
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

export const where = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

function fieldCondition(field: FieldDef, values: unknown[]): RawBuilder<unknown> {
  if (field.many) return manyMatch(field.many, values);
  const column = ident(columnOf(field));
  return values.length === 1
    ? sql`t.${column} = ${values[0]}`
    : sql`t.${column} IN (${sql.join(values)})`;
}

/** A column of the table aliased `t`. */
export const tColumn = (column: string) => sql`t.${ident(column)}`;

/**
 * The ORDER BY of keys (`reverse`: the same order backwards). NULLs sort as the smallest
 * value on both engines, as SQLite has always placed them: first ascending, last descending
 * (PostgreSQL's own default is the other way round), written out for the columns that may
 * hold one; a NOT NULL column gets no NULLS clause, so PostgreSQL still reads it through a
 * plain index in either direction.
 */
export function orderSql(
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
    if (search.counter && !conditions.length) query.counter = search.counter;
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
