import type { GraphCounts } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, graphSignatures, storeCache } from "./cache.js";
import { hotEntities, hotEvents } from "./hot.js";
import { graphOntology } from "./ontology.js";
import { DOMAIN_NAMES, type Graph } from "./shapes.js";
import { recentArticles } from "./store/articles.js";
import { entityClassCounts, eventTypeCounts, graphCountRows, graphRows } from "./store/graphs.js";

/** Counting a million relations takes tens of milliseconds: counts are cached per graph signature. */
export async function graphCounts(
  ctx: PlatformContext,
  graphId: number,
  signature?: string,
): Promise<GraphCounts> {
  return storeCache<GraphCounts>(ctx, "counts", 200).getAsync(
    String(graphId),
    signature ?? (await graphSignature(ctx, graphId)),
    () => graphCountRows(ctx.store.db, graphId),
  );
}

export async function graphShape(ctx: PlatformContext, g: Graph, signature?: string) {
  return {
    id: g.id,
    name: g.name,
    domain: g.domain,
    domain_name: DOMAIN_NAMES[g.domain] ?? g.domain,
    description: g.description,
    ...(g.writing_job === null
      ? { counts: await graphCounts(ctx, g.id, signature) }
      : { writing_job: g.writing_job }),
  };
}

export async function listGraphs(ctx: PlatformContext) {
  const results = [];
  const graphs = await graphRows(ctx.store.db);
  const signatures = await graphSignatures(
    ctx,
    graphs.map((g) => g.id),
  );
  for (const g of graphs) results.push(await graphShape(ctx, g, signatures.get(g.id)));
  return { results, count: results.length };
}

/** The home page of a graph: counts, type distributions, recent articles, hot events and entities. */
export async function graphOverview(ctx: PlatformContext, g: Graph) {
  return storeCache<Awaited<ReturnType<typeof computeOverview>>>(ctx, "overview", 50).getAsync(
    String(g.id),
    await graphSignature(ctx, g.id),
    () => computeOverview(ctx, g),
  );
}

async function computeOverview(ctx: PlatformContext, g: Graph) {
  const db = ctx.store.db;
  const ontology = await graphOntology(ctx, g.id);
  const entityTypes = (await entityClassCounts(db, g.id)).map((r) => ({
    type_id: r.class_id,
    type: r.class_id == null ? null : (ontology.classes.get(r.class_id)?.name ?? null),
    color: r.class_id == null ? "" : (ontology.classes.get(r.class_id)?.color ?? ""),
    count: r.count,
  }));
  const eventTypes = (await eventTypeCounts(db, g.id)).map((r) => {
    const t = r.event_type_id == null ? undefined : ontology.eventTypes.get(r.event_type_id);
    return {
      type_id: r.event_type_id,
      type: t?.name ?? null,
      color: t?.color ?? "",
      count: r.count,
    };
  });
  const recent = await recentArticles(db, g.id, 6);
  return {
    graph: await graphShape(ctx, g),
    entity_types: entityTypes,
    event_types: eventTypes,
    recent_articles: recent,
    hot_events: await hotEvents(ctx, g.id, { days: 30, limit: 5 }),
    hot_entities: await hotEntities(ctx, g.id, { days: 30, limit: 10 }),
  };
}
