import { HttpError } from "../http/errors.js";
import { columnOf, manyMatch, q } from "./store.js";
import type { FieldDef, ResourceDef } from "./types.js";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
/** Below this many characters a trigram index cannot help; search falls back to LIKE. */
const TRIGRAM_MIN = 3;

const LIST_PARAMS = new Set(["page", "page_size", "limit", "search", "ordering", "id__in"]);

export interface ListFilter {
  /** SQL after WHERE (always valid: `1` when nothing filters). */
  where: string;
  params: unknown[];
  orderBy: string;
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

const invalidOrdering = (detail: string) => new HttpError(400, detail, "invalid_ordering");
const invalidFilter = (detail: string) => new HttpError(400, detail, "invalid_filter");

function text(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v.map(String).join(",");
  if (typeof v === "object" && v !== null) return undefined;
  return String(v);
}

function positiveInt(raw: unknown, name: string): number | undefined {
  const s = text(raw);
  if (s === undefined || s === "") return undefined;
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, `${name} 必须是正整数`, "invalid_page");
  return n;
}

export function parsePaging(query: Record<string, unknown>): Paging {
  const page = positiveInt(query.page, "page") ?? 1;
  const size = Math.min(
    positiveInt(query.page_size, "page_size") ?? positiveInt(query.limit, "limit") ?? DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
  );
  return { page, pageSize: size, offset: (page - 1) * size };
}

/** Ids of `?id__in=1,2,3`, or null when the parameter is absent. */
export function parseIds(raw: unknown): number[] | null {
  const s = text(raw);
  if (s === undefined) return null;
  const parts = s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw invalidFilter("id__in 必须是以逗号分隔的整数");
  return ids;
}

function filterValue(f: FieldDef, raw: string): unknown {
  const vt = f.valueType ?? "text";
  if (vt === "text") return raw;
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n)) throw invalidFilter(`过滤值无效：${f.name}=${raw}`);
  return n;
}

function orderClause(def: ResourceDef, raw: string | undefined): string {
  const spec = raw && raw.trim() ? raw : def.defaultOrdering ?? "id";
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
    if (!f || !f.sortable || f.many || f.virtual) throw invalidOrdering(`不支持按该字段排序：${name}`);
    lastDir = desc ? "DESC" : "ASC";
    hasId ||= name === "id";
    parts.push(`t.${q(columnOf(f))} ${lastDir}`);
  }
  // id breaks ties in the direction of the last key, so an index on that key serves the order.
  if (!hasId) parts.push(`t.id ${lastDir}`);
  return parts.join(", ");
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchClause(def: ResourceDef, term: string): { sql: string; params: unknown[] } | null {
  if (def.ftsTable && [...term].length >= TRIGRAM_MIN) {
    return {
      sql: `t.id IN (SELECT rowid FROM ${q(def.ftsTable)} WHERE ${q(def.ftsTable)} MATCH ?)`,
      params: [`"${term.replace(/"/g, '""')}"`],
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
 * never a silently ignored parameter.
 */
export function parseListFilter(
  def: ResourceDef,
  query: Record<string, unknown>,
  extraParams: string[] = [],
): ListFilter {
  const where: string[] = [];
  const params: unknown[] = [];

  const ids = parseIds(query.id__in);
  if (ids) {
    where.push(ids.length ? `t.id IN (${ids.map(() => "?").join(", ")})` : "0");
    params.push(...ids);
  }

  const term = text(query.search)?.trim();
  if (term) {
    const s = searchClause(def, term);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
  }

  for (const [key, raw] of Object.entries(query)) {
    if (LIST_PARAMS.has(key) || extraParams.includes(key)) continue;
    const isIn = key.endsWith("__in");
    const name = isIn ? key.slice(0, -4) : key;
    const f = def.fields.find((x) => x.name === name);
    const value = text(raw);
    if (!f || !f.filterable || f.virtual || value === undefined) throw invalidFilter(`不支持按该字段过滤：${key}`);
    const values = (isIn || Array.isArray(raw) ? value.split(",") : [value]).map((v) => filterValue(f, v.trim()));
    if (f.many) {
      where.push(manyMatch(f.many, "t", values.length));
    } else if (values.length === 1) {
      where.push(`t.${q(columnOf(f))} = ?`);
    } else {
      where.push(`t.${q(columnOf(f))} IN (${values.map(() => "?").join(", ")})`);
    }
    params.push(...values);
  }

  return {
    where: where.length ? where.join(" AND ") : "1",
    params,
    orderBy: orderClause(def, text(query.ordering)),
  };
}
