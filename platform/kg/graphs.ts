import type { GraphCounts } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { hotEntities, hotEvents } from "./hot.js";
import { graphOntology } from "./ontology.js";
import { ARTICLE_SUMMARY_COLUMNS, DOMAIN_NAMES, type Graph } from "./shapes.js";

/** Counting a million relations takes tens of milliseconds: counts are cached per graph signature. */
export function graphCounts(ctx: PlatformContext, graphId: number): GraphCounts {
  return storeCache<GraphCounts>(ctx, "counts", 200).get(
    String(graphId),
    graphSignature(ctx, graphId),
    () => {
      const count = (table: string) =>
        ctx.db
          .prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`)
          .pluck()
          .get(graphId) as number;
      return {
        articles: count("kg_articles"),
        entities: count("kg_entities"),
        relations: count("kg_relations"),
        events: count("kg_events"),
        event_relations: count("kg_event_relations"),
        flows: count("kg_flows"),
      };
    },
  );
}

export function graphShape(ctx: PlatformContext, g: Graph) {
  return {
    id: g.id,
    name: g.name,
    domain: g.domain,
    domain_name: DOMAIN_NAMES[g.domain] ?? g.domain,
    description: g.description,
    counts: graphCounts(ctx, g.id),
  };
}

export function listGraphs(ctx: PlatformContext) {
  const rows = ctx.db
    .prepare("SELECT id, name, domain, description FROM graphs ORDER BY id")
    .all() as Graph[];
  const results = rows.map((g) => graphShape(ctx, g));
  return { results, count: results.length };
}

/** The home page of a graph: counts, type distributions, recent articles, hot events and entities. */
export function graphOverview(ctx: PlatformContext, g: Graph) {
  return storeCache<ReturnType<typeof computeOverview>>(ctx, "overview", 50).get(
    String(g.id),
    graphSignature(ctx, g.id),
    () => computeOverview(ctx, g),
  );
}

function computeOverview(ctx: PlatformContext, g: Graph) {
  const db = ctx.db;
  const ontology = graphOntology(ctx, g.id);
  const entityTypes = (
    db
      .prepare(
        "SELECT class_id, count(*) AS count FROM kg_entities WHERE graph_id = ? GROUP BY class_id ORDER BY count DESC",
      )
      .all(g.id) as { class_id: number | null; count: number }[]
  ).map((r) => ({
    type_id: r.class_id,
    type: r.class_id == null ? null : (ontology.classes.get(r.class_id)?.name ?? null),
    color: r.class_id == null ? "" : (ontology.classes.get(r.class_id)?.color ?? ""),
    count: r.count,
  }));
  const eventTypes = (
    db
      .prepare(
        "SELECT event_type_id, count(*) AS count FROM kg_events WHERE graph_id = ? GROUP BY event_type_id ORDER BY count DESC",
      )
      .all(g.id) as { event_type_id: number | null; count: number }[]
  ).map((r) => {
    const t = r.event_type_id == null ? undefined : ontology.eventTypes.get(r.event_type_id);
    return {
      type_id: r.event_type_id,
      type: t?.name ?? null,
      color: t?.color ?? "",
      count: r.count,
    };
  });
  const recentArticles = db
    .prepare(
      `SELECT ${ARTICLE_SUMMARY_COLUMNS} FROM kg_articles a WHERE a.graph_id = ? ORDER BY a.published_at DESC, a.id DESC LIMIT 6`,
    )
    .all(g.id);
  return {
    graph: graphShape(ctx, g),
    entity_types: entityTypes,
    event_types: eventTypes,
    recent_articles: recentArticles,
    hot_events: hotEvents(ctx, g.id, { days: 30, limit: 5 }),
    hot_entities: hotEntities(ctx, g.id, { days: 30, limit: 10 }),
  };
}
