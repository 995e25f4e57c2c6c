import crypto from "node:crypto";
import { HttpError } from "../http/errors.js";
import {
  MAX_INT_PARAM,
  MAX_PAGE,
  invalidParam,
  pageParams,
  pathId,
  type Page,
} from "../http/params.js";
import { columnOf } from "./fields.js";
import type { FieldDef, ResourceDef } from "./types.js";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

const FILTER_PARAMS = new Set(["search", "ordering", "id__in"]);
const PAGING_PARAMS = new Set(["page", "page_size", "limit", "seek"]);

/** One key of an ordering: a column of the table, and its direction. */
export interface OrderKey {
  column: string;
  desc: boolean;
}

/**
 * What a list, export or bulk delete asks for, checked against the schema: the store
 * (./list-store.ts) makes the SQL of it. Every condition is ANDed.
 */
export interface ListFilter {
  /** `id__in`: only these ids. */
  ids: number[] | null;
  /** Field filters in the order given: the field equals (or, for a many field, links to) one of the values. */
  fields: { field: FieldDef; values: unknown[] }[];
  /** The search term, trimmed; null when there is none. */
  search: string | null;
  /** The ordering, with id last to break ties (in the direction of the last key). */
  order: OrderKey[];
  /** The direction when the list is ordered by id alone (a search then pages in index order). */
  idDirection: "ASC" | "DESC" | null;
  /**
   * The only condition is `column IN values` on a column with kept counts
   * (ResourceDef.countedColumns): the count comes from resource_counts, unless a search
   * adds a condition.
   */
  counted?: { column: string; values: number[] };
}

/** The filter of exactly these records (a delete of one record). */
export const idsFilter = (ids: number[]): ListFilter => ({
  ids,
  fields: [],
  search: null,
  order: [{ column: "id", desc: false }],
  idDirection: "ASC",
});

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

/** The record id of a path (`/:id(\\d+)`); one no record can have (0, more than 15 digits) is a 404. */
export function recordId(raw: string | undefined): number {
  const id = pathId(raw);
  if (id === null) throw new HttpError(404, "记录不存在", "not_found");
  return id;
}

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

function orderKeys(
  def: ResourceDef,
  raw: string | undefined,
): { order: OrderKey[]; idDirection: "ASC" | "DESC" | null } {
  const spec = raw && raw.trim() ? raw : (def.defaultOrdering ?? "id");
  const order: OrderKey[] = [];
  let lastDesc = false;
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
    lastDesc = desc;
    hasId ||= name === "id";
    order.push({ column: columnOf(f), desc });
  }
  // id breaks ties in the direction of the last key, so an index on that key serves the order.
  if (!hasId) order.push({ column: "id", desc: lastDesc });
  const idOnly = order.length === 1 && hasId;
  return { order, idDirection: idOnly ? (lastDesc ? "DESC" : "ASC") : null };
}

/**
 * The conditions and ordering of a list, export or bulk delete, from the query string.
 * Only the schema's sortable and filterable fields are accepted; anything else is a 400,
 * never a silently ignored parameter, so a filter is applied whole or not at all. A list or
 * an export takes (and checks) paging; a bulk delete takes `all` instead, and refuses paging
 * (it would delete every match, not one page). Runs no query: the store turns the filter
 * into SQL (the search through the table's index, when it has one).
 */
export function parseListFilter(
  def: ResourceDef,
  query: Record<string, unknown>,
  purpose: "list" | "delete" = "list",
): ListFilter {
  if (purpose === "list") parsePaging(query);
  const known = (key: string) =>
    FILTER_PARAMS.has(key) || (purpose === "list" ? PAGING_PARAMS.has(key) : key === "all");

  const ids = parseIds(query);
  const fields: ListFilter["fields"] = [];
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
    fields.push({ field: f, values });
  }

  const { order, idDirection } = orderKeys(def, text(query, "ordering"));
  const filter: ListFilter = {
    ids,
    fields,
    search: text(query, "search")?.trim() || null,
    order,
    idDirection,
  };
  if (!ids && fields.length === 1 && counted[0]) filter.counted = counted[0];
  return filter;
}

// ---- Seek tokens (decision 022) ------------------------------------------------------------

/**
 * Where a page of a list lies, as a list answer gives it back (`seek`): its number and the ids
 * of its first and last rows. A request for a nearby page that passes it (`seek=`) is read
 * from those rows onwards (or backwards) instead of counting rows from an end.
 */
export interface SeekToken {
  page: number;
  first: number;
  last: number;
}

const SEEK = /^([1-9]\d{0,6})\.([1-9]\d{0,15})\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{16})$/;

/**
 * What a token is bound to: the resource, the ordering, every condition and the page size.
 * A hash, not a secret: a made-up token only places a read the caller may make anyway; the
 * signature is there so that a token is never applied to a list it was not made for.
 */
function signature(def: ResourceDef, filter: ListFilter, pageSize: number): string {
  const fields = filter.fields
    .map(({ field, values }) => [field.name, values] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const canonical = JSON.stringify([
    `${def.app}/${def.name}`,
    filter.order.map((k) => `${k.desc ? "-" : ""}${k.column}`),
    filter.ids,
    fields,
    filter.search,
    pageSize,
  ]);
  return crypto.createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

/** The token of a page whose first and last rows have these ids (the list answer's `seek`). */
export function seekToken(
  def: ResourceDef,
  filter: ListFilter,
  paging: Paging,
  first: number,
  last: number,
): string {
  return `${paging.page}.${first}.${last}.${signature(def, filter, paging.pageSize)}`;
}

const invalidSeek = (detail: string) => invalidParam("seek", detail, "invalid_page");

/**
 * `seek`, a token a list answer gave for one of its pages, or null when absent. A token that
 * does not parse, or that was made for another ordering, other conditions or another page
 * size, is a 400 naming the parameter (the console drops it whenever any of those change).
 */
export function parseSeek(
  def: ResourceDef,
  query: Record<string, unknown>,
  filter: ListFilter,
  paging: Paging,
): SeekToken | null {
  const raw = query.seek;
  if (raw === undefined) return null;
  const m = typeof raw === "string" ? SEEK.exec(raw) : null;
  const [page, first, last] = m ? [m[1], m[2], m[3]].map(Number) : [];
  if (!m || page > MAX_PAGE || first > MAX_INT_PARAM || last > MAX_INT_PARAM)
    throw invalidSeek("参数 seek 无效：请用列表返回的 seek");
  if (m[4] !== signature(def, filter, paging.pageSize))
    throw invalidSeek("参数 seek 与当前的排序、过滤、搜索或每页条数不符");
  return { page, first, last };
}
