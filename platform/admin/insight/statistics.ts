import type { KeywordCounts, Trend } from "@contract/insight";
import type { PlatformContext } from "../../context.js";
import { countRows } from "../../db/rows.js";
import { graphSignatureSync, storeCache } from "../../kg/cache.js";
import { graphOntologySync, parseJson } from "../../kg/ontology.js";
import { NOT_FOUND, requireGraphSync, type Graph } from "../../kg/shapes.js";
import { notFound } from "../../http/errors.js";
import type { EntityRow } from "../../kg/entities.js";
import { keywordFrequencies } from "./keywords.js";

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

type Point = { day: string; n: number };
type KeyedPoint = Point & { key: string | number };

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

function cached<T>(ctx: PlatformContext, graphId: number, key: string, compute: () => T): T {
  return storeCache<T>(ctx, "insight-statistics", 200).get(
    `${graphId}|${key}`,
    graphSignatureSync(ctx, graphId),
    compute,
  );
}

const graphHead = (g: Graph) => ({ id: g.id, name: g.name, domain: g.domain });

export interface EntityStatsQuery {
  limit: number;
  /** An entity class: it and its subclasses. */
  typeId?: number;
}

export function entityStatistics(ctx: PlatformContext, graphId: number, q: EntityStatsQuery) {
  const graph = requireGraphSync(ctx, graphId);
  return cached(ctx, graphId, `entities|${q.limit}|${q.typeId ?? ""}`, () => {
    const db = ctx.db;
    const ontology = graphOntologySync(ctx, graphId);
    const classIds = q.typeId !== undefined ? ontology.subtree(q.typeId) : null;
    const classFilter = classIds ? " AND e.class_id IN (SELECT value FROM json_each(?))" : "";
    const classParam = classIds ? [JSON.stringify(classIds)] : [];

    const typeRows = db
      .prepare(
        "SELECT class_id, count(*) AS entities FROM kg_entities WHERE graph_id = ? GROUP BY class_id ORDER BY entities DESC",
      )
      .all(graphId) as { class_id: number | null; entities: number }[];
    const typeMentions = new Map(
      (
        db
          .prepare(
            `SELECT e.class_id, sum(d.mentions) AS mentions FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
              WHERE d.graph_id = ? GROUP BY e.class_id`,
          )
          .all(graphId) as { class_id: number | null; mentions: number }[]
      ).map((r) => [r.class_id, r.mentions]),
    );
    const by_type = typeRows.map((r) => {
      const c = r.class_id != null ? ontology.classes.get(r.class_id) : undefined;
      return {
        type_id: r.class_id,
        type: c?.name ?? "未分类",
        color: c?.color ?? "",
        entities: r.entities,
        mentions: typeMentions.get(r.class_id) ?? 0,
      };
    });

    const top = db
      .prepare(
        `SELECT e.id, e.uuid, e.name, e.class_id, t.mentions,
                (SELECT count(*) FROM kg_entity_articles a WHERE a.entity_id = e.id) AS articles,
                (SELECT count(*) FROM kg_relations r WHERE r.subject_id = e.id)
                  + (SELECT count(*) FROM kg_relations r WHERE r.object_id = e.id) AS relations
           FROM (SELECT d.entity_id, sum(d.mentions) AS mentions FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
                  WHERE d.graph_id = ?${classFilter} GROUP BY d.entity_id ORDER BY mentions DESC, d.entity_id LIMIT ?) t
           JOIN kg_entities e ON e.id = t.entity_id
          ORDER BY t.mentions DESC, e.id`,
      )
      .all(graphId, ...classParam, q.limit) as {
      id: number;
      uuid: string;
      name: string;
      class_id: number | null;
      mentions: number;
      articles: number;
      relations: number;
    }[];

    const totalRows = db
      .prepare(
        classIds
          ? `SELECT d.day, sum(d.mentions) AS n FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
              WHERE d.graph_id = ?${classFilter} GROUP BY d.day`
          : "SELECT day, sum(mentions) AS n FROM kg_entity_daily WHERE graph_id = ? GROUP BY day",
      )
      .all(graphId, ...classParam) as Point[];
    const lineIds = top.slice(0, TREND_LINES).map((e) => e.id);
    const lineRows = db
      .prepare(
        "SELECT day, entity_id AS key, mentions AS n FROM kg_entity_daily WHERE entity_id IN (SELECT value FROM json_each(?))",
      )
      .all(JSON.stringify(lineIds)) as KeyedPoint[];
    const lines = new Map(top.slice(0, TREND_LINES).map((e) => [String(e.id), e.name]));

    const totals = db
      .prepare(
        `SELECT (SELECT count(*) FROM kg_entities WHERE graph_id = @id) AS entities,
                (SELECT coalesce(sum(mentions), 0) FROM kg_entity_daily WHERE graph_id = @id) AS mentions,
                (SELECT count(*) FROM kg_relations WHERE graph_id = @id) AS relations,
                (SELECT count(*) FROM kg_articles WHERE graph_id = @id) AS articles`,
      )
      .get({ id: graphId }) as {
      entities: number;
      mentions: number;
      relations: number;
      articles: number;
    };

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

export function entityDetailStatistics(ctx: PlatformContext, uuid: string) {
  const db = ctx.db;
  const row = db
    .prepare(
      "SELECT id, uuid, graph_id, class_id, name, aliases, description FROM kg_entities WHERE uuid = ?",
    )
    .get(uuid) as Omit<EntityRow, "properties" | "updated_at"> | undefined;
  if (!row) throw notFound(NOT_FOUND.entity);
  const graph = requireGraphSync(ctx, row.graph_id);
  return cached(ctx, row.graph_id, `entity|${row.id}`, () => {
    const ontology = graphOntologySync(ctx, row.graph_id);
    const mentionRows = db
      .prepare("SELECT day, mentions AS n FROM kg_entity_daily WHERE entity_id = ? ORDER BY day")
      .all(row.id) as Point[];
    const relationRows = db
      .prepare(
        `SELECT relation_type_id, sum(dir = 'out') AS outgoing, sum(dir = 'in') AS incoming FROM (
           SELECT relation_type_id, 'out' AS dir FROM kg_relations WHERE subject_id = @id
           UNION ALL SELECT relation_type_id, 'in' AS dir FROM kg_relations WHERE object_id = @id)
          GROUP BY relation_type_id ORDER BY outgoing + incoming DESC, relation_type_id`,
      )
      .all({ id: row.id }) as { relation_type_id: number; outgoing: number; incoming: number }[];
    const eventRows = db
      .prepare(
        `SELECT e.event_type_id, count(DISTINCT e.id) AS events FROM kg_event_participants p JOIN kg_events e ON e.id = p.event_id
          WHERE p.entity_id = ? GROUP BY e.event_type_id ORDER BY events DESC`,
      )
      .all(row.id) as { event_type_id: number | null; events: number }[];
    const articles = db
      .prepare(
        `SELECT a.id, a.title, a.published_at, ea.mentions FROM kg_entity_articles ea JOIN kg_articles a ON a.id = ea.article_id
          WHERE ea.entity_id = ? ORDER BY ea.published_at DESC, ea.article_id DESC LIMIT 10`,
      )
      .all(row.id) as { id: number; title: string; published_at: string; mentions: number }[];
    const articleCount = countRows(db, "kg_entity_articles", "entity_id", row.id);
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

export function verbStatistics(ctx: PlatformContext, graphId: number, q: { limit: number }) {
  const graph = requireGraphSync(ctx, graphId);
  return cached(ctx, graphId, `verbs|${q.limit}`, () => {
    const db = ctx.db;
    const types = graphOntologySync(ctx, graphId).eventTypes;
    const typeName = (id: number | null) =>
      (id != null ? types.get(id)?.name : undefined) ?? "未分类";
    const verbs = db
      .prepare(
        `SELECT e.trigger_word AS verb, e.event_type_id, count(*) AS events,
                sum((SELECT count(*) FROM kg_event_articles r WHERE r.event_id = e.id)) AS reports, max(e.time) AS last_time
           FROM kg_events e WHERE e.graph_id = ? AND e.trigger_word <> ''
          GROUP BY e.trigger_word, e.event_type_id ORDER BY events DESC, reports DESC, verb LIMIT ?`,
      )
      .all(graphId, q.limit) as {
      verb: string;
      event_type_id: number | null;
      events: number;
      reports: number;
      last_time: string | null;
    }[];
    const byType = db
      .prepare(
        `SELECT event_type_id, count(*) AS events, count(DISTINCT nullif(trigger_word, '')) AS verbs
           FROM kg_events WHERE graph_id = ? GROUP BY event_type_id ORDER BY events DESC`,
      )
      .all(graphId) as { event_type_id: number | null; events: number; verbs: number }[];
    // An event's time may be a year only: such events count in no month of the trend.
    const dated = "time GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]*'";
    const totalRows = db
      .prepare(
        `SELECT substr(time, 1, 7) AS day, count(*) AS n FROM kg_events WHERE graph_id = ? AND ${dated} GROUP BY 1`,
      )
      .all(graphId) as Point[];
    const lineVerbs = [...new Set(verbs.map((v) => v.verb))].slice(0, TREND_LINES);
    const lineRows = db
      .prepare(
        `SELECT substr(time, 1, 7) AS day, trigger_word AS key, count(*) AS n FROM kg_events
          WHERE graph_id = ? AND ${dated} AND trigger_word IN (SELECT value FROM json_each(?)) GROUP BY 1, 2`,
      )
      .all(graphId, JSON.stringify(lineVerbs)) as KeyedPoint[];
    const totals = db
      .prepare(
        `SELECT count(*) AS events, count(DISTINCT nullif(trigger_word, '')) AS verbs,
                (SELECT count(*) FROM kg_event_articles r JOIN kg_events x ON x.id = r.event_id WHERE x.graph_id = @id) AS reports
           FROM kg_events WHERE graph_id = @id`,
      )
      .get({ id: graphId }) as { events: number; verbs: number; reports: number };
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

export function keywordStatistics(ctx: PlatformContext, graphId: number, q: { limit: number }) {
  const graph = requireGraphSync(ctx, graphId);
  const stats: KeywordCounts = cached(ctx, graphId, "keywords", () =>
    keywordFrequencies(ctx, graphId),
  );
  return { graph: graphHead(graph), ...stats, keywords: stats.keywords.slice(0, q.limit) };
}
