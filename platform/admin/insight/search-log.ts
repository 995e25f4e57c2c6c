import type { SearchStats } from "@contract/insight";
import type { PlatformContext } from "../../context.js";
import { prepared } from "../../resources/store.js";

/** What a search endpoint searched: entities, articles, events, relations… (free text, short). */
export type SearchKind = string;

export interface SearchRecord {
  graphId: number | null;
  userId: number | null;
  query: string;
  kind: SearchKind;
  resultCount: number;
}

/** Longest query kept: the log is for statistics, not for replaying requests. */
const MAX_QUERY = 200;

/**
 * Records one search for the retrieval statistics. A blank query (a list opened without a
 * search) is not a search and is not recorded. Never throws: a full disk or a locked store
 * must not fail the search the user asked for.
 */
export function logSearch(ctx: PlatformContext, s: SearchRecord) {
  const query = s.query.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY);
  if (!query) return;
  try {
    prepared(
      ctx.db,
      "INSERT INTO kg_search_log (graph_id, user_id, query, kind, result_count) VALUES (?, ?, ?, ?, ?)",
    ).run(s.graphId, s.userId, query, s.kind.slice(0, 40), Math.max(0, Math.trunc(s.resultCount)));
  } catch (e) {
    console.error("search log:", e);
  }
}

export interface SearchStatsQuery {
  graphId: number | null;
  days: number;
  /** Rows of the top and no-result lists. */
  limit: number;
  now?: Date;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Retrieval statistics over the last `days` days (today included): searches and searches
 * without results per day (every day of the window, zeros included, so a chart has no
 * gaps), the most frequent queries, and the queries that found nothing.
 */
export function searchStats(ctx: PlatformContext, q: SearchStatsQuery): SearchStats {
  const now = q.now ?? new Date();
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (q.days - 1)),
  );
  const from = first.toISOString();
  const where = `created_at >= ?${q.graphId === null ? "" : " AND graph_id = ?"}`;
  const params = q.graphId === null ? [from] : [from, q.graphId];
  const db = ctx.db;
  const totals = prepared(
    db,
    `SELECT count(*) AS total, coalesce(sum(result_count = 0), 0) AS empty_total,
            count(DISTINCT lower(query)) AS distinct_queries, count(DISTINCT user_id) AS users
       FROM kg_search_log WHERE ${where}`,
  ).get(...params) as {
    total: number;
    empty_total: number;
    distinct_queries: number;
    users: number;
  };
  const perDay = new Map(
    (
      prepared(
        db,
        `SELECT substr(created_at, 1, 10) AS day, count(*) AS searches, sum(result_count = 0) AS empty
           FROM kg_search_log WHERE ${where} GROUP BY 1`,
      ).all(...params) as { day: string; searches: number; empty: number }[]
    ).map((r) => [r.day, r]),
  );
  const series: SearchStats["series"] = [];
  for (let i = 0; i < q.days; i++) {
    const day = dayOf(new Date(first.getTime() + i * 86_400_000));
    const r = perDay.get(day);
    series.push({ day, searches: r?.searches ?? 0, empty: r?.empty ?? 0 });
  }
  const kinds = prepared(
    db,
    `SELECT kind, count(*) AS searches FROM kg_search_log WHERE ${where} GROUP BY kind ORDER BY searches DESC, kind`,
  ).all(...params) as SearchStats["kinds"];
  // Queries are grouped case-insensitively; the spelling shown is the most recent one.
  const grouped = (extra: string) =>
    prepared(
      db,
      `WITH g AS (
         SELECT count(*) AS searches, round(avg(result_count), 1) AS avg_results, max(created_at) AS last_at, max(id) AS last_id
           FROM kg_search_log WHERE ${where}${extra} GROUP BY lower(query)
          ORDER BY searches DESC, last_at DESC LIMIT ?)
       SELECT s.query, g.searches, g.avg_results, g.last_at FROM g JOIN kg_search_log s ON s.id = g.last_id
        ORDER BY g.searches DESC, g.last_at DESC`,
    ).all(...params, q.limit) as SearchStats["top"];
  const top = grouped("");
  const empty = grouped(" AND result_count = 0").map(({ query, searches, last_at }) => ({
    query,
    searches,
    last_at,
  }));
  return {
    graph_id: q.graphId,
    days: q.days,
    from: dayOf(first),
    to: dayOf(now),
    ...totals,
    series,
    kinds,
    top,
    empty,
  };
}

/**
 * For the knowledge-graph search endpoints: records the search a list answer answered (its
 * first page only: paging through the results is not another search) and returns the answer.
 */
export function searched<T extends { count: number }>(
  ctx: PlatformContext,
  req: { query: Record<string, unknown> },
  res: { locals: { user?: { id: number } | null } },
  search: { graphId: number; kind: SearchKind; query: string | undefined },
  answer: T,
): T {
  const page = Number(req.query.page ?? 1);
  if (search.query && !(page > 1)) {
    logSearch(ctx, {
      graphId: search.graphId,
      userId: res.locals.user?.id ?? null,
      query: search.query,
      kind: search.kind,
      resultCount: answer.count,
    });
  }
  return answer;
}
