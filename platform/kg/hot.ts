import type { PlatformContext } from "../context.js";
import { rollupSignature, storeCache } from "./cache.js";
import { graphOntology } from "./ontology.js";
import { entityRefs, eventShapesById } from "./shapes.js";
import { dailyValues, latestDay, topRanked } from "./store/hot.js";

export interface HotOptions {
  /** Window length in days, ending at `end`. */
  days: number;
  limit: number;
  /** Last day of the window (YYYY-MM-DD); by default the graph's latest day with news. */
  end?: string;
  /** Entity class id (its subclasses count too); hot entities only. */
  typeId?: number;
}

/** The windows the console asks for by default; refreshRollups computes them ahead. */
export const STANDARD_WINDOWS = [7, 30, 365];

interface Ranking {
  start: string | null;
  end: string | null;
  days: string[];
  ranked: { id: number; score: number; trend: number[] }[];
}

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

function windowDays(end: string, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(addDays(end, -i));
  return out;
}

/**
 * A ranking depends only on the daily rollups (and, with a type, on the class tree), so it
 * is cached by the rollup signature: other writes to the graph leave it valid. A year of
 * rollups of a large graph takes a second to sum; the cached answer takes well under one
 * millisecond. What the ranked items look like is read fresh on every request.
 */
async function ranking(
  ctx: PlatformContext,
  graphId: number,
  kind: "events" | "entities",
  o: HotOptions,
): Promise<Ranking> {
  const key = `${kind}|${graphId}|${o.days}|${o.limit}|${o.end ?? ""}|${o.typeId ?? ""}`;
  return storeCache<Ranking>(ctx, "hot", 500).getAsync(
    key,
    await rollupSignature(ctx, graphId),
    () => computeRanking(ctx, graphId, kind, o),
  );
}

async function computeRanking(
  ctx: PlatformContext,
  graphId: number,
  kind: "events" | "entities",
  o: HotOptions,
): Promise<Ranking> {
  const db = ctx.store.db;
  const end = o.end ?? (await latestDay(db, kind, graphId));
  if (!end) return { start: null, end: null, days: [], ranked: [] };
  const days = windowDays(end, o.days);
  const classIds =
    o.typeId !== undefined ? (await graphOntology(ctx, graphId)).subtree(o.typeId) : undefined;
  const top = await topRanked(db, kind, graphId, {
    start: days[0],
    end,
    limit: o.limit,
    classIds,
  });
  const index = new Map(days.map((d, i) => [d, i]));
  const trends = new Map(top.map((t) => [t.id, new Array<number>(days.length).fill(0)]));
  const daily = await dailyValues(
    db,
    kind,
    top.map((t) => t.id),
    days[0],
    end,
  );
  for (const d of daily) trends.get(d.id)![index.get(d.day)!] += d.value;
  return {
    start: days[0],
    end,
    days,
    ranked: top.map((t) => ({ ...t, trend: trends.get(t.id)! })),
  };
}

/**
 * A ranking as the API answers it: its window and its items numbered from 1, each with what
 * `found` holds for it (under the name `named` gives); an item deleted since the ranking was
 * computed drops out.
 */
function rankedAnswer<T, N extends object>(r: Ranking, found: Map<number, T>, named: (t: T) => N) {
  const results = r.ranked
    .filter((x) => found.has(x.id))
    .map((x, i) => ({ rank: i + 1, score: x.score, ...named(found.get(x.id)!), trend: x.trend }));
  return { start: r.start, end: r.end, days: r.days, results };
}

/** Events ranked by the number of reports in the window, each with its daily series. */
export async function hotEvents(ctx: PlatformContext, graphId: number, o: HotOptions) {
  const r = await ranking(ctx, graphId, "events", o);
  const ids = r.ranked.map((x) => x.id);
  return rankedAnswer(r, await eventShapesById(ctx, graphId, ids), (event) => ({ event }));
}

/** Entities ranked by mentions in the window, each with its daily series. */
export async function hotEntities(ctx: PlatformContext, graphId: number, o: HotOptions) {
  const r = await ranking(ctx, graphId, "entities", o);
  const ids = r.ranked.map((x) => x.id);
  return rankedAnswer(r, await entityRefs(ctx, graphId, ids), (entity) => ({ entity }));
}

/** Computes the standard rankings ahead, so the first reader after a rebuild waits for nothing. */
export async function warmHotRankings(ctx: PlatformContext, graphId: number) {
  for (const days of STANDARD_WINDOWS) {
    await ranking(ctx, graphId, "events", { days, limit: 10 });
    await ranking(ctx, graphId, "entities", { days, limit: 10 });
  }
  await ranking(ctx, graphId, "events", { days: 30, limit: 5 });
}
