import type { SearchStats } from "@contract/insight";
import type { PlatformContext } from "../context.js";
import {
  insertSearch,
  searchesPerDay,
  searchesPerKind,
  searchTotals,
  topQueries,
} from "./search-log-store.js";

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
export async function logSearch(ctx: PlatformContext, s: SearchRecord) {
  const query = s.query.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY);
  if (!query) return;
  try {
    await insertSearch(ctx.store.db, {
      graphId: s.graphId,
      userId: s.userId,
      query,
      kind: s.kind.slice(0, 40),
      resultCount: Math.max(0, Math.trunc(s.resultCount)),
    });
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
export async function searchStats(ctx: PlatformContext, q: SearchStatsQuery): Promise<SearchStats> {
  const now = q.now ?? new Date();
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (q.days - 1)),
  );
  const w = { from: first.toISOString(), graphId: q.graphId };
  const db = ctx.store.db;
  const totals = await searchTotals(db, w);
  const perDay = new Map((await searchesPerDay(db, w)).map((r) => [r.day, r]));
  const series: SearchStats["series"] = [];
  for (let i = 0; i < q.days; i++) {
    const day = dayOf(new Date(first.getTime() + i * 86_400_000));
    const r = perDay.get(day);
    series.push({ day, searches: r?.searches ?? 0, empty: r?.empty ?? 0 });
  }
  const kinds = await searchesPerKind(db, w);
  const top = await topQueries(db, w, q.limit, false);
  const empty = (await topQueries(db, w, q.limit, true)).map(({ query, searches, last_at }) => ({
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
export async function searched<T extends { count: number }>(
  ctx: PlatformContext,
  req: { query: Record<string, unknown> },
  res: { locals: { user?: { id: number } | null } },
  search: { graphId: number; kind: SearchKind; query: string | undefined },
  answer: T,
): Promise<T> {
  const page = Number(req.query.page ?? 1);
  if (search.query && !(page > 1)) {
    await logSearch(ctx, {
      graphId: search.graphId,
      userId: res.locals.user?.id ?? null,
      query: search.query,
      kind: search.kind,
      resultCount: answer.count,
    });
  }
  return answer;
}
