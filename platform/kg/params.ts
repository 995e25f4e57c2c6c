/** The knowledge-graph routes read their query through the platform's one strict set of parameter helpers. */
export {
  dateParam,
  intParam,
  listParam,
  pageParams,
  stringParam,
  type Page,
} from "../http/params.js";

/** A positive integer id from a path segment, or null (the caller answers 404). */
export function pathId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** LIKE pattern for a substring search, with % _ \ escaped (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
