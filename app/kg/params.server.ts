/** The graph pages' query parameters: anything odd falls back to the default, never an error. */

/** Spec §9: page sizes 10, 20, 50; the first list shows 10. */
export const PAGE_SIZES = [10, 20, 50] as const;

export interface ListParams {
  page: number;
  pageSize: number;
}

/** page and page_size from the URL; anything odd falls back to the first page of 10. */
export function listParams(url: URL): ListParams {
  const page = Number(url.searchParams.get("page"));
  const size = Number(url.searchParams.get("page_size"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** A YYYY-MM-DD day that exists, else undefined; `bad` lists the fields given but unusable. */
export function dayParam(url: URL, name: string, bad: string[]): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  if (!v) return undefined;
  const ok =
    /^\d{4}-\d{2}-\d{2}$/.test(v) &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
  if (!ok) {
    bad.push(name);
    return undefined;
  }
  return v;
}

export function textParam(url: URL, name: string, max = 200): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  return v ? v.slice(0, max) : undefined;
}

/** A comma list (?expand=a,b) of ids, deduplicated, at most `max`. */
export function listParam(url: URL, name: string, max = 50): string[] {
  const raw = url.searchParams.getAll(name).flatMap((v) => v.split(","));
  return [...new Set(raw.map((v) => v.trim()).filter((v) => /^[\w-]{1,64}$/.test(v)))].slice(
    0,
    max,
  );
}

export function intParam(
  url: URL,
  name: string,
  allowed: readonly number[],
  fallback: number,
): number {
  const n = Number(url.searchParams.get(name));
  return allowed.includes(n) ? n : fallback;
}

/** A list page's query: its search text, a day range and the page; `badDates` names dates given but unusable. */
export function listQuery(url: URL) {
  const badDates: string[] = [];
  return {
    search: textParam(url, "search"),
    start: dayParam(url, "start", badDates),
    end: dayParam(url, "end", badDates),
    badDates,
    ...listParams(url),
  };
}
