import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/store.js";

/** The search log's statements (kg_search_log): what search-log.ts records and sums up. */

export interface SearchLogRow {
  graphId: number | null;
  userId: number | null;
  query: string;
  kind: string;
  resultCount: number;
}

export async function insertSearch(db: Db, s: SearchLogRow) {
  await db
    .insertInto("kg_search_log")
    .values({
      graph_id: s.graphId,
      user_id: s.userId,
      query: s.query,
      kind: s.kind,
      result_count: s.resultCount,
    })
    .execute();
}

export interface SearchWindow {
  /** Searches at or after this time (ISO 8601). */
  from: string;
  graphId: number | null;
}

const within = (w: SearchWindow): RawBuilder<unknown> =>
  w.graphId === null
    ? sql`created_at >= ${w.from}`
    : sql`created_at >= ${w.from} AND graph_id = ${w.graphId}`;

/** 1 for a search that found nothing: summed, the searches without results. */
const EMPTY = sql`CASE WHEN result_count = 0 THEN 1 ELSE 0 END`;

export async function searchTotals(db: Db, w: SearchWindow) {
  const { rows } = await sql<{
    total: number;
    empty_total: number;
    distinct_queries: number;
    users: number;
  }>`SELECT count(*) AS total, coalesce(sum(${EMPTY}), 0) AS empty_total,
            count(DISTINCT lower(query)) AS distinct_queries, count(DISTINCT user_id) AS users
       FROM kg_search_log WHERE ${within(w)}`.execute(db);
  return rows[0];
}

/** Searches and searches without results per day (days without searches are left out). */
export async function searchesPerDay(db: Db, w: SearchWindow) {
  const { rows } = await sql<{ day: string; searches: number; empty: number }>`
    SELECT substr(created_at, 1, 10) AS day, count(*) AS searches, sum(${EMPTY}) AS empty
      FROM kg_search_log WHERE ${within(w)} GROUP BY substr(created_at, 1, 10)`.execute(db);
  return rows;
}

/** Searches per kind, most first. */
export async function searchesPerKind(db: Db, w: SearchWindow) {
  const { rows } = await sql<{ kind: string; searches: number }>`
    SELECT kind, count(*) AS searches FROM kg_search_log WHERE ${within(w)}
     GROUP BY kind ORDER BY searches DESC, kind`.execute(db);
  return rows;
}

/**
 * The most frequent queries (only those that found nothing: `emptyOnly`), grouped without
 * regard to case; the spelling shown is the most recent one.
 */
export async function topQueries(db: Db, w: SearchWindow, limit: number, emptyOnly: boolean) {
  const extra = emptyOnly ? sql` AND result_count = 0` : sql``;
  const { rows } = await sql<{
    query: string;
    searches: number;
    avg_results: number;
    last_at: string;
  }>`WITH g AS (
       SELECT count(*) AS searches, round(avg(result_count), 1) AS avg_results, max(created_at) AS last_at, max(id) AS last_id
         FROM kg_search_log WHERE ${within(w)}${extra} GROUP BY lower(query)
        ORDER BY searches DESC, last_at DESC LIMIT ${limit})
     SELECT s.query, g.searches, g.avg_results, g.last_at FROM g JOIN kg_search_log s ON s.id = g.last_id
      ORDER BY g.searches DESC, g.last_at DESC`.execute(db);
  return rows;
}
