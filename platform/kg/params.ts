/** The knowledge-graph routes read their query through the platform's one strict set of parameter helpers. */
export {
  dateParam,
  intParam,
  listParam,
  pageParams,
  pathId,
  stringParam,
  type Page,
} from "../http/params.js";

/** LIKE pattern for a substring search, with % _ \ escaped (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
