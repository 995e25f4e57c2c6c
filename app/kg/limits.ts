/** Limits shared by the pages and their server code (client-safe: no server imports). */

/** Node caps offered on the relation page; 2,000 is the platform's maximum. */
export const NODE_LIMITS = [50, 200, 500, 2000] as const;
/**
 * Most nodes the server's picture of a relation graph draws (the page says so): the live
 * chart (JavaScript) draws them all, the tables list them.
 */
export const SVG_NODE_CAP = 500;
/** Neighbours one expansion adds at most. */
export const EXPAND_CAP = 30;
/** Expanded nodes kept in the URL at most. */
export const MAX_EXPANDED = 12;

/** The platform's limit on a text to analyse (docs/api.md), checked by the console first. */
export const MAX_TEXT_LENGTH = 100_000;

/** The hot rankings' time windows: a week, a month, a year. */
export const HOT_WINDOWS = [7, 30, 365] as const;
/** Lines of a hot ranking's trend chart: its top entries. */
export const HOT_TREND_LINES = 5;

/** The path search's bounds (docs/api.md, …/paths/): the page offers these, the platform judges. */
export const PATH_HOPS = [1, 2, 3, 4, 5, 6] as const;
export const PATH_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const PATH_DEFAULTS = { hops: "4", k: "3", direction: "any" } as const;
