/** Choices the statistics pages offer, shared by their loaders and components. */
export const SEARCH_WINDOWS = [7, 30, 90] as const;
export const KEYWORD_LIMITS = [50, 100, 200] as const;
/** Log lines per page on a run's log page (newest first). */
export const LOG_PAGE_SIZE = 20;
