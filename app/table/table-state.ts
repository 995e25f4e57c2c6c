/**
 * The table's state lives in the URL query (spec §4 "Table"), so a link or a reload shows
 * the same view: page, page_size, search, ordering and filters (and `seek`, the platform's
 * token of the page a pager link was followed from: decision 022). This module maps the
 * console's query to that state, back to a canonical query, and to the platform's list
 * parameters (spec §7). Pure, so the server and the browser share it.
 */

/** Spec §9: page sizes 10, 20, 50; the initial size is 10. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Query keys that are not filters: the state's own, and those of selection and dialogs. */
const RESERVED = new Set([
  "page",
  "page_size",
  "limit",
  "seek",
  "search",
  "ordering",
  "id",
  "id__in",
  "all",
  "index",
  "_data",
  "intent",
]);

export interface TableState {
  page: number;
  pageSize: number;
  search: string;
  /** `field`, `-field`, or "" for the platform's default order. */
  ordering: string;
  /** Filter values per field, in the order they appeared. */
  filters: Record<string, string[]>;
  /**
   * The platform's token of a page near this one (decision 022), which a pager link carries
   * so that the platform reads this page on from that one. Opaque here; only pager links set
   * it, and any change of view but the page drops it (withState), so it always belongs to the
   * ordering, filters, search and page size it travels with.
   */
  seek?: string;
}

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

const isSafeKey = (key: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key);

/**
 * Reads the state from a query. Filters come as `field=value`, `field__in=a,b` or the
 * repeated `field=a&field=b` a form with checkboxes sends; empty values mean "no filter".
 * Unknown page sizes fall back to the default, so the page never asks for 1,000 rows.
 */
export function parseTableState(params: URLSearchParams): TableState {
  const size = positiveInt(params.get("page_size") ?? params.get("limit"));
  const filters: Record<string, string[]> = {};
  for (const [rawKey, rawValue] of params) {
    if (RESERVED.has(rawKey) || !isSafeKey(rawKey)) continue;
    const isIn = rawKey.endsWith("__in") && rawKey.length > 4;
    const field = isIn ? rawKey.slice(0, -4) : rawKey;
    const values = (isIn ? rawValue.split(",") : [rawValue])
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (!values.length) continue;
    const list = (filters[field] ??= []);
    for (const v of values) if (!list.includes(v)) list.push(v);
  }
  const state: TableState = {
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get("search") ?? "").trim(),
    ordering: (params.get("ordering") ?? "").trim(),
    filters,
  };
  // Page 1 is read from the start at no cost: a token there is dropped, not sent.
  const seek = params.get("seek");
  if (seek && state.page > 1) state.seek = seek;
  return state;
}

/** Spec §4: one value sends `field=value`, several send `field__in=a,b`. */
export function filterParams(filters: TableState["filters"]): [string, string][] {
  const out: [string, string][] = [];
  for (const [field, values] of Object.entries(filters)) {
    if (values.length === 1) out.push([field, values[0]]);
    else if (values.length > 1) out.push([`${field}__in`, values.join(",")]);
  }
  return out;
}

/** The console's canonical query for a state: defaults left out, filters in spec form. */
export function stateToParams(state: TableState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.page > 1) p.set("page", String(state.page));
  if (state.seek && state.page > 1) p.set("seek", state.seek);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  if (state.search) p.set("search", state.search);
  if (state.ordering) p.set("ordering", state.ordering);
  for (const [k, v] of filterParams(state.filters)) p.append(k, v);
  return p;
}

export function stateQuery(state: TableState): string {
  const q = stateToParams(state).toString();
  return q ? `?${q}` : "";
}

/** The platform's list parameters (spec §7): page, page_size, search, ordering, filters. */
export function listQuery(state: TableState): URLSearchParams {
  const p = new URLSearchParams();
  p.set("page", String(state.page));
  if (state.seek && state.page > 1) p.set("seek", state.seek);
  p.set("page_size", String(state.pageSize));
  if (state.search) p.set("search", state.search);
  if (state.ordering) p.set("ordering", state.ordering);
  for (const [k, v] of filterParams(state.filters)) p.append(k, v);
  return p;
}

/** The same selection without paging: what export and "all matching" delete act on. */
export function matchQuery(state: TableState): URLSearchParams {
  const p = listQuery(state);
  p.delete("page");
  p.delete("seek");
  p.delete("page_size");
  return p;
}

/** Spec §4: sort cycles ascending (`field`) → descending (`-field`) → none. */
export function nextOrdering(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return "";
  return field;
}

export function sortDirection(current: string, field: string): "asc" | "desc" | null {
  if (current === field) return "asc";
  if (current === `-${field}`) return "desc";
  return null;
}

/**
 * A state changed by `patch`; search, filters and page size start again at page 1. The seek
 * token goes unless the patch brings one (a pager link): it belongs to the view it came with.
 */
export function withState(state: TableState, patch: Partial<TableState>): TableState {
  const next = { ...state, ...patch };
  if (!("seek" in patch) || !patch.seek) delete next.seek;
  const resets =
    "search" in patch || "filters" in patch || "pageSize" in patch || "ordering" in patch;
  if (resets && !("page" in patch)) next.page = 1;
  return next;
}

export function lastPage(count: number, pageSize: number) {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * Spec §4: after a delete that emptied the page, go back one page (minimum 1); a bulk
 * delete of everything matching may empty more than one, so never past the last page.
 */
export function pageAfterDelete(state: TableState, remaining: number): number {
  const emptied = state.page > 1 && (state.page - 1) * state.pageSize >= remaining;
  if (!emptied) return state.page;
  return Math.max(1, Math.min(state.page - 1, lastPage(remaining, state.pageSize)));
}

/** Ids of a selection: repeated `id` (checkboxes) or `id__in=1,2`. */
export function selectedIds(params: URLSearchParams | FormData): string[] {
  const raw = [...params.getAll("id"), ...params.getAll("id__in")].map(String);
  const ids = raw
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v));
  return [...new Set(ids)];
}
