import type { KeywordCounts, Trend } from "@contract/insight";
import type { PlatformContext } from "../../context.js";
import { graphSignature, storeCache } from "../../kg/cache.js";
import { graphOntology, parseJson } from "../../kg/ontology.js";
import { NOT_FOUND, requireGraph, type Graph } from "../../kg/shapes.js";
import { entityClassCounts } from "../../kg/store/graphs.js";
import { notFound } from "../../http/errors.js";
import { keywordFrequencies } from "./keywords.js";
import {
  entityArticleCount,
  entityEventTypes,
  entityMentionDays,
  entityMentionLines,
  entityOfUuid,
  entityRecentArticles,
  entityRelationTypes,
  entityTotals,
  eventsPerMonth,
  eventTotals,
  eventTypeVerbCounts,
  mentionsPerClass,
  mentionsPerDay,
  topEntities,
  topVerbs,
  verbMonthLines,
  type KeyedPoint,
  type Point,
} from "./store/statistics.js";

/**
 * Entity, verb and keyword statistics of one graph. Every answer is computed from the
 * store's facts and rollups (kg_entity_daily, kg_event_articles), cached per graph until the
 * graph changes. An empty graph gives zeros and empty lists, never an error.
 */

/** Day buckets up to this span, months beyond it: a chart stays readable either way. */
const MAX_DAY_SPAN = 92;
const DAY = 86_400_000;
/** Lines drawn for the top entities or verbs. */
const TREND_LINES = 5;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** Every period from the first to the last day, in the bucket that suits the span (or the one asked for). */
function periodsBetween(
  first: string,
  last: string,
  bucket?: Trend["bucket"],
): { bucket: Trend["bucket"]; periods: string[] } {
  const span = (Date.parse(last.slice(0, 10)) - Date.parse(first.slice(0, 10))) / DAY;
  const periods: string[] = [];
  if ((bucket ?? (span <= MAX_DAY_SPAN ? "day" : "month")) === "day") {
    for (let d = first; d <= last; d = addDays(d, 1)) periods.push(d);
    return { bucket: "day", periods };
  }
  for (let m = first.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) periods.push(m);
  return { bucket: "month", periods };
}

/**
 * Totals per day (or month, "YYYY-MM") and the points of a few named lines → a Trend over
 * every period between the first and last total.
 */
function buildTrend(
  totals: Point[],
  lines: KeyedPoint[],
  names: Map<string, string>,
  bucket?: Trend["bucket"],
): Trend {
  if (!totals.length) return { bucket: bucket ?? "day", periods: [], total: [], series: [] };
  let first = totals[0].day;
  let last = totals[0].day;
  for (const r of totals) {
    if (r.day < first) first = r.day;
    if (r.day > last) last = r.day;
  }
  const range = periodsBetween(first, last, bucket);
  const periodOf = (day: string) => (range.bucket === "day" ? day : day.slice(0, 7));
  const at = new Map(range.periods.map((p, i) => [p, i]));
  const total = range.periods.map(() => 0);
  for (const r of totals) total[at.get(periodOf(r.day))!] += r.n;
  const values = new Map([...names.keys()].map((k) => [k, range.periods.map(() => 0)]));
  for (const r of lines) {
    const line = values.get(String(r.key));
    const i = at.get(periodOf(r.day));
    if (line && i !== undefined) line[i] += r.n;
  }
  return {
    ...range,
    total,
    series: [...names].map(([key, name]) => ({ key, name, values: values.get(key)! })),
  };
}

/** An answer cached per graph until the graph changes (its signature read before computing). */
async function cached<T>(
  ctx: PlatformContext,
  graphId: number,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return storeCache<T>(ctx, "insight-statistics", 200).getAsync(
    `${graphId}|${key}`,
    await graphSignature(ctx, graphId),
    compute,
  );
}

const graphHead = (g: Graph) => ({ id: g.id, name: g.name, domain: g.domain });

export interface EntityStatsQuery {
  limit: number;
  /** An entity class: it and its subclasses. */
  typeId?: number;
}

export async function entityStatistics(ctx: PlatformContext, graphId: number, q: EntityStatsQuery) {
  const graph = await requireGraph(ctx, graphId);
  return cached(ctx, graphId, `entities|${q.limit}|${q.typeId ?? ""}`, async () => {
    const db = ctx.store.db;
    const ontology = await graphOntology(ctx, graphId);
    const classIds = q.typeId !== undefined ? ontology.subtree(q.typeId) : null;

    const typeRows = await entityClassCounts(db, graphId);
    const typeMentions = new Map(
      (await mentionsPerClass(db, graphId)).map((r) => [r.class_id, r.mentions]),
    );
    const by_type = typeRows.map((r) => {
      const c = r.class_id != null ? ontology.classes.get(r.class_id) : undefined;
      return {
        type_id: r.class_id,
        type: c?.name ?? "未分类",
        color: c?.color ?? "",
        entities: r.count,
        mentions: typeMentions.get(r.class_id) ?? 0,
      };
    });

    const top = await topEntities(db, graphId, classIds, q.limit);
    const totalRows = await mentionsPerDay(db, graphId, classIds);
    const lineRows = await entityMentionLines(
      db,
      top.slice(0, TREND_LINES).map((e) => e.id),
    );
    const lines = new Map(top.slice(0, TREND_LINES).map((e) => [String(e.id), e.name]));
    const totals = await entityTotals(db, graphId);

    return {
      graph: graphHead(graph),
      type_id: q.typeId ?? null,
      totals: { ...totals, types: by_type.length },
      by_type,
      types: [...ontology.classes.values()].map((c) => ({ id: c.id, name: c.name })),
      top: top.map((e, i) => ({
        rank: i + 1,
        uuid: e.uuid,
        name: e.name,
        type: e.class_id != null ? (ontology.classes.get(e.class_id)?.name ?? null) : null,
        mentions: e.mentions,
        articles: e.articles,
        relations: e.relations,
      })),
      trend: buildTrend(totalRows, lineRows, lines),
    };
  });
}

export async function entityDetailStatistics(ctx: PlatformContext, uuid: string) {
  const db = ctx.store.db;
  const row = await entityOfUuid(db, uuid);
  if (!row) throw notFound(NOT_FOUND.entity);
  const graph = await requireGraph(ctx, row.graph_id);
  return cached(ctx, row.graph_id, `entity|${row.id}`, async () => {
    const ontology = await graphOntology(ctx, row.graph_id);
    const mentionRows = await entityMentionDays(db, row.id);
    const relationRows = await entityRelationTypes(db, row.id);
    const eventRows = await entityEventTypes(db, row.id);
    const articles = await entityRecentArticles(db, row.id);
    const articleCount = await entityArticleCount(db, row.id);
    const relations = relationRows.map((r) => ({
      predicate: ontology.relationTypes.get(r.relation_type_id)?.name ?? "",
      outgoing: r.outgoing,
      incoming: r.incoming,
      total: r.outgoing + r.incoming,
    }));
    const events = eventRows.map((r) => ({
      type:
        (r.event_type_id != null ? ontology.eventTypes.get(r.event_type_id)?.name : undefined) ??
        "未分类",
      events: r.events,
    }));
    return {
      graph: graphHead(graph),
      entity: {
        uuid: row.uuid,
        name: row.name,
        type: row.class_id != null ? (ontology.classes.get(row.class_id)?.name ?? null) : null,
        aliases: parseJson<string[]>(row.aliases, []),
        description: row.description,
      },
      totals: {
        mentions: mentionRows.reduce((n, r) => n + r.n, 0),
        articles: articleCount,
        relations: relations.reduce((n, r) => n + r.total, 0),
        events: events.reduce((n, r) => n + r.events, 0),
      },
      mentions: buildTrend(mentionRows, [], new Map()),
      relations,
      events,
      articles,
    };
  });
}

export async function verbStatistics(ctx: PlatformContext, graphId: number, q: { limit: number }) {
  const graph = await requireGraph(ctx, graphId);
  return cached(ctx, graphId, `verbs|${q.limit}`, async () => {
    const db = ctx.store.db;
    const types = (await graphOntology(ctx, graphId)).eventTypes;
    const typeName = (id: number | null) =>
      (id != null ? types.get(id)?.name : undefined) ?? "未分类";
    const verbs = await topVerbs(db, graphId, q.limit);
    const byType = await eventTypeVerbCounts(db, graphId);
    const totalRows = await eventsPerMonth(db, graphId);
    const lineVerbs = [...new Set(verbs.map((v) => v.verb))].slice(0, TREND_LINES);
    const lineRows = await verbMonthLines(db, graphId, lineVerbs);
    const totals = await eventTotals(db, graphId);
    // Events are dated by month at best: the trend is monthly whatever the span.
    const trend = buildTrend(totalRows, lineRows, new Map(lineVerbs.map((v) => [v, v])), "month");
    return {
      graph: graphHead(graph),
      totals: { ...totals, types: byType.length },
      verbs: verbs.map((v, i) => ({
        rank: i + 1,
        verb: v.verb,
        type: typeName(v.event_type_id),
        events: v.events,
        reports: v.reports,
        last_time: v.last_time,
      })),
      by_type: byType.map((t) => ({
        type: typeName(t.event_type_id),
        color: (t.event_type_id != null ? types.get(t.event_type_id)?.color : undefined) ?? "",
        events: t.events,
        verbs: t.verbs,
      })),
      trend,
    };
  });
}

export async function keywordStatistics(
  ctx: PlatformContext,
  graphId: number,
  q: { limit: number },
) {
  const graph = await requireGraph(ctx, graphId);
  const stats: KeywordCounts = await cached(ctx, graphId, "keywords", () =>
    keywordFrequencies(ctx, graphId),
  );
  return { graph: graphHead(graph), ...stats, keywords: stats.keywords.slice(0, q.limit) };
}
