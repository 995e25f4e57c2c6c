import { invalidParam, pageParams, type Page } from "../http/params.js";
import type { DB } from "../db/database.js";
import { columnOf, manyMatch, prepared, q, syncSearchIndex } from "./store.js";
import type { FieldDef, ResourceDef } from "./types.js";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
/** From this many characters a term is a trigram phrase; shorter ones go through the index's terms. */
const TRIGRAM_MIN = 3;
/** A short term that begins more indexed trigrams than this is searched by scanning instead. */
const MAX_PREFIX_TERMS = 500;

const FILTER_PARAMS = new Set(["search", "ordering", "id__in"]);
const PAGING_PARAMS = new Set(["page", "page_size", "limit"]);

export interface ListFilter {
  /** Conditions over the table aliased `t`, joined by AND; their parameters in order. */
  conditions: string[];
  params: unknown[];
  orderBy: string;
  /** The only condition is `column IN values` on a column with kept counts (ResourceDef.countedColumns). */
  counted?: { column: string; values: number[] };
  /**
   * A search through the trigram index, with the other conditions apart: a list then counts
   * straight from the index, and pages in its rowid order when sorted by id. Materialising
   * the matches of a common term as `id IN (...)` cost ten times as much.
   */
  trigram?: {
    table: string;
    match: string;
    conditions: string[];
    params: unknown[];
    idDirection: "ASC" | "DESC" | null;
  };
}

export const whereSql = (conditions: string[]) =>
  conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";

export type Paging = Page;

const invalidOrdering = (detail: string, param = "ordering") =>
  invalidParam(param, detail, "invalid_ordering");
const invalidFilter = (detail: string, param: string) =>
  invalidParam(param, detail, "invalid_filter");

/** The one string value of a parameter (the platform's query is plain: see http/params.ts). */
function text(query: Record<string, unknown>, key: string): string | undefined {
  const v = query[key];
  if (v === undefined || typeof v === "string") return v;
  throw invalidFilter(`参数格式错误：${key}`, key);
}

/** Page and page size; a page size above 100 is served as 100. */
export const parsePaging = (query: Record<string, unknown>): Paging =>
  pageParams(query, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE, clamp: true });

/** Ids of `?id__in=1,2,3`, or null when the parameter is absent; anything but positive integers is a 400. */
export function parseIds(query: Record<string, unknown>): number[] | null {
  const s = text(query, "id__in");
  if (s === undefined) return null;
  const parts = s.split(",").map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,15}$/.test(p) || Number(p) < 1)) {
    throw invalidFilter("id__in 必须是以逗号分隔的整数", "id__in");
  }
  return parts.map(Number);
}

const NUMBER = { int: /^-?\d{1,15}$/, real: /^-?(\d{1,15}(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?$/ };

function filterValue(f: FieldDef, raw: string, key: string): unknown {
  const vt = f.valueType ?? "text";
  if (vt === "text") return f.normalize ? f.normalize(raw) : raw;
  const n = Number(raw);
  if (!NUMBER[vt].test(raw) || !Number.isFinite(n))
    throw invalidFilter(`过滤值无效：${key}=${raw}`, key);
  return n;
}

function orderClause(
  def: ResourceDef,
  raw: string | undefined,
): { sql: string; idDirection: "ASC" | "DESC" | null } {
  const spec = raw && raw.trim() ? raw : (def.defaultOrdering ?? "id");
  const parts: string[] = [];
  let lastDir = "ASC";
  let hasId = false;
  for (const item of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const desc = item.startsWith("-");
    const name = desc ? item.slice(1) : item;
    const f = def.fields.find((x) => x.name === name);
    if (!f || !f.sortable || f.many || f.virtual)
      throw invalidOrdering(`不支持按该字段排序：${name}`);
    lastDir = desc ? "DESC" : "ASC";
    hasId ||= name === "id";
    parts.push(`t.${q(columnOf(f))} ${lastDir}`);
  }
  // id breaks ties in the direction of the last key, so an index on that key serves the order.
  if (!hasId) parts.push(`t.id ${lastDir}`);
  const idOnly = parts.length === 1 && hasId;
  return { sql: parts.join(", "), idDirection: idOnly ? (lastDir as "ASC" | "DESC") : null };
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 query for a term: a phrase from three characters; below that, any indexed trigram
 * that starts with the term (the index appends two U+0001 to every value, so one exists
 * wherever the term occurs). Null when a short term starts too many trigrams to list.
 */
function trigramQuery(db: DB, def: ResourceDef, ftsTable: string, term: string): string | null {
  syncSearchIndex(db, def);
  if ([...term].length >= TRIGRAM_MIN) return ftsString(term);
  const prefix = term.toLowerCase();
  const terms = prefixTerms(db, def, ftsTable, prefix);
  if (terms.length > MAX_PREFIX_TERMS) return null;
  return terms.length ? terms.map(ftsString).join(" OR ") : "";
}

/** Index terms by table and prefix, valid while the index's version stays the same (see schema-search-version.ts). */
const prefixCache = new WeakMap<DB, Map<string, { version: number; terms: string[] }>>();
const PREFIX_CACHE_SIZE = 2000;

function prefixTerms(db: DB, def: ResourceDef, ftsTable: string, prefix: string): string[] {
  const version = Number(
    prepared(db, "SELECT version FROM resource_search_state WHERE table_name = ?", "pluck").get(
      def.table,
    ),
  );
  let cache = prefixCache.get(db);
  if (!cache) prefixCache.set(db, (cache = new Map()));
  const key = `${ftsTable}\u0000${prefix}`;
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.terms;
  const terms = prepared(
    db,
    `SELECT term FROM ${q(`${ftsTable}_vocab`)} WHERE term >= ? AND term < ? LIMIT ?`,
    "pluck",
  ).all(prefix, prefix + "\u{10FFFF}", MAX_PREFIX_TERMS + 1) as string[];
  if (cache.size >= PREFIX_CACHE_SIZE) cache.clear();
  cache.set(key, { version, terms });
  return terms;
}

function searchClause(
  db: DB,
  def: ResourceDef,
  term: string,
): { sql: string; params: unknown[]; fts?: { table: string; match: string } } | null {
  const match = def.ftsTable ? trigramQuery(db, def, def.ftsTable, term) : null;
  if (match === "") return { sql: "0", params: [] };
  if (match !== null && def.ftsTable) {
    const table = q(def.ftsTable);
    return {
      sql: `t.id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`,
      params: [match],
      fts: { table: def.ftsTable, match },
    };
  }
  const fields = def.fields.filter((f) => f.searchable && !f.many && !f.virtual);
  if (!fields.length) return null;
  const pattern = likePattern(term);
  return {
    sql: `(${fields.map((f) => `t.${q(columnOf(f))} LIKE ? ESCAPE '\\'`).join(" OR ")})`,
    params: fields.map(() => pattern),
  };
}

/**
 * The WHERE and ORDER BY of a list, export or bulk delete, from the query string.
 * Only the schema's sortable and filterable fields are accepted; anything else is a 400,
 * never a silently ignored parameter, so a filter is applied whole or not at all. A list or
 * an export takes (and checks) paging; a bulk delete takes `all` instead, and refuses paging
 * (it would delete every match, not one page).
 */
export function parseListFilter(
  db: DB,
  def: ResourceDef,
  query: Record<string, unknown>,
  purpose: "list" | "delete" = "list",
): ListFilter {
  if (purpose === "list") parsePaging(query);
  const known = (key: string) =>
    FILTER_PARAMS.has(key) || (purpose === "list" ? PAGING_PARAMS.has(key) : key === "all");
  const where: string[] = [];
  const params: unknown[] = [];

  const ids = parseIds(query);
  if (ids) {
    where.push(ids.length ? `t.id IN (${ids.map(() => "?").join(", ")})` : "0");
    params.push(...ids);
  }

  const counted: ({ column: string; values: number[] } | null)[] = [];
  for (const key of Object.keys(query)) {
    if (known(key)) continue;
    const isIn = key.endsWith("__in");
    const name = isIn ? key.slice(0, -4) : key;
    const f = def.fields.find((x) => x.name === name);
    if (!f || !f.filterable || f.virtual) throw invalidFilter(`不支持按该字段过滤：${key}`, key);
    const value = text(query, key) ?? "";
    const values = (isIn ? value.split(",") : [value]).map((v) => filterValue(f, v.trim(), key));
    if (
      !f.many &&
      def.countedColumns?.includes(columnOf(f)) &&
      values.every((v) => Number.isInteger(v) && (v as number) > 0)
    ) {
      counted.push({ column: columnOf(f), values: values as number[] });
    } else {
      counted.push(null);
    }
    if (f.many) {
      where.push(manyMatch(f.many, "t", values.length));
    } else if (values.length === 1) {
      where.push(`t.${q(columnOf(f))} = ?`);
    } else {
      where.push(`t.${q(columnOf(f))} IN (${values.map(() => "?").join(", ")})`);
    }
    params.push(...values);
  }

  const order = orderClause(def, text(query, "ordering"));
  const filter: ListFilter = { conditions: where, params, orderBy: order.sql };
  if (where.length === 1 && counted.length === 1 && counted[0]) filter.counted = counted[0];
  const term = text(query, "search")?.trim();
  const search = term ? searchClause(db, def, term) : null;
  if (search) {
    delete filter.counted;
    filter.conditions = [...where, search.sql];
    filter.params = [...params, ...search.params];
    if (search.fts) {
      filter.trigram = {
        table: search.fts.table,
        match: search.fts.match,
        conditions: where,
        params,
        idDirection: order.idDirection,
      };
    }
  }
  return filter;
}
