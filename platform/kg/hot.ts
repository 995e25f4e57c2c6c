import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { graphOntology } from "./ontology.js";
import { entityRefs, EVENT_COLUMNS, type EventRow, eventShapes } from "./shapes.js";

export interface HotOptions {
  /** Window length in days, ending at `end`. */
  days: number;
  limit: number;
  /** Last day of the window (YYYY-MM-DD); by default the graph's latest day with news. */
  end?: string;
  /** Entity class id (its subclasses count too); hot entities only. */
  typeId?: number;
}

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

function windowDays(end: string, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(addDays(end, -i));
  return out;
}

/**
 * Rankings are the same for every reader until the graph changes, so they are cached by
 * the graph's signature; a change anywhere in the graph recomputes them.
 */
function cached<T>(ctx: PlatformContext, graphId: number, kind: string, o: HotOptions, compute: () => T): T {
  const key = `${kind}|${graphId}|${o.days}|${o.limit}|${o.end ?? ""}|${o.typeId ?? ""}`;
  return storeCache<T>(ctx, "hot", 500).get(key, graphSignature(ctx, graphId), compute);
}

/** Events ranked by the number of reports in the window, each with its daily series. */
export function hotEvents(ctx: PlatformContext, graphId: number, o: HotOptions) {
  return cached(ctx, graphId, "events", o, () => {
    const db = ctx.db;
    const end = o.end ?? (db.prepare("SELECT max(day) FROM kg_event_daily WHERE graph_id = ?").pluck().get(graphId) as string | null);
    if (!end) return { start: null, end: null, days: [] as string[], results: [] };
    const days = windowDays(end, o.days);
    const ranked = db
      .prepare(
        `SELECT event_id AS id, sum(reports) AS score FROM kg_event_daily
          WHERE graph_id = ? AND day BETWEEN ? AND ?
          GROUP BY event_id ORDER BY score DESC, event_id DESC LIMIT ?`,
      )
      .all(graphId, days[0], end, o.limit) as { id: number; score: number }[];
    const trends = series(ctx, "kg_event_daily", "event_id", "reports", ranked.map((r) => r.id), days);
    const rows = db
      .prepare(`SELECT ${EVENT_COLUMNS} FROM kg_events e WHERE e.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ranked.map((r) => r.id))) as EventRow[];
    const shapes = new Map(eventShapes(ctx, graphId, rows).map((e) => [e.id, e]));
    return {
      start: days[0],
      end,
      days,
      results: ranked.map((r, i) => ({ rank: i + 1, score: r.score, event: shapes.get(r.id)!, trend: trends.get(r.id)! })),
    };
  });
}

/** Entities ranked by mentions in the window, each with its daily series. */
export function hotEntities(ctx: PlatformContext, graphId: number, o: HotOptions) {
  return cached(ctx, graphId, "entities", o, () => {
    const db = ctx.db;
    const end = o.end ?? (db.prepare("SELECT max(day) FROM kg_entity_daily WHERE graph_id = ?").pluck().get(graphId) as string | null);
    if (!end) return { start: null, end: null, days: [] as string[], results: [] };
    const days = windowDays(end, o.days);
    const classFilter =
      o.typeId !== undefined
        ? "AND entity_id IN (SELECT id FROM kg_entities WHERE graph_id = @graph AND class_id IN (SELECT value FROM json_each(@classes)))"
        : "";
    const params: Record<string, unknown> = { graph: graphId, start: days[0], end, limit: o.limit };
    if (o.typeId !== undefined) params.classes = JSON.stringify(graphOntology(ctx, graphId).subtree(o.typeId));
    const ranked = db
      .prepare(
        `SELECT entity_id AS id, sum(mentions) AS score FROM kg_entity_daily
          WHERE graph_id = @graph AND day BETWEEN @start AND @end ${classFilter}
          GROUP BY entity_id ORDER BY score DESC, entity_id LIMIT @limit`,
      )
      .all(params) as { id: number; score: number }[];
    const trends = series(ctx, "kg_entity_daily", "entity_id", "mentions", ranked.map((r) => r.id), days);
    const refs = entityRefs(ctx, graphId, ranked.map((r) => r.id));
    return {
      start: days[0],
      end,
      days,
      results: ranked.map((r, i) => ({ rank: i + 1, score: r.score, entity: refs.get(r.id)!, trend: trends.get(r.id)! })),
    };
  });
}

/** Daily values of each id over the window, zeros where nothing happened. */
function series(
  ctx: PlatformContext,
  table: "kg_event_daily" | "kg_entity_daily",
  idColumn: "event_id" | "entity_id",
  valueColumn: "reports" | "mentions",
  ids: number[],
  days: string[],
): Map<number, number[]> {
  const index = new Map(days.map((d, i) => [d, i]));
  const out = new Map(ids.map((id) => [id, new Array<number>(days.length).fill(0)]));
  if (ids.length === 0) return out;
  const rows = ctx.db
    .prepare(
      `SELECT ${idColumn} AS id, day, ${valueColumn} AS value FROM ${table}
        WHERE ${idColumn} IN (SELECT value FROM json_each(?)) AND day BETWEEN ? AND ?`,
    )
    .all(JSON.stringify(ids), days[0], days[days.length - 1]) as { id: number; day: string; value: number }[];
  for (const r of rows) out.get(r.id)![index.get(r.day)!] += r.value;
  return out;
}
