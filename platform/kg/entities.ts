import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { graphOntology } from "./ontology.js";
import type { Page } from "./params.js";
import {
  classOf,
  entityDetails,
  eventShapes,
  NOT_FOUND,
  type RelationRow,
  relationShapes,
  typeFields,
  requireGraph,
} from "./shapes.js";
import { articleRow } from "./store/articles.js";
import {
  declaredProperties,
  entityArticlePage,
  entityByUuid,
  entityDaily,
  entityPage,
  latestMentionDay,
  uuidsByName,
  type EntityRow,
} from "./store/entities.js";
import { eventsOfEntity } from "./store/events.js";
import {
  relationById,
  relationCount,
  relationGroups,
  relationPage,
  type Side,
} from "./store/relations.js";

export type { EntityRow };

export async function requireEntity(
  ctx: PlatformContext,
  graphId: number,
  uuid: string,
): Promise<EntityRow> {
  const row = await entityByUuid(ctx.store.db, uuid);
  if (!row || row.graph_id !== graphId) throw notFound(NOT_FOUND.entity);
  return row;
}

export async function listEntities(
  ctx: PlatformContext,
  graphId: number,
  f: { search?: string; typeId?: number },
  p: Page,
) {
  const ontology = await graphOntology(ctx, graphId);
  const { count, rows } = await entityPage(
    ctx.store.db,
    graphId,
    {
      search: f.search,
      classIds: f.typeId === undefined ? undefined : ontology.subtree(f.typeId),
    },
    p,
  );
  const results = rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    type: classOf(ontology.classes, r.class_id),
    type_id: r.class_id,
    aliases: entityDetails({ aliases: r.aliases, properties: "{}" }).aliases,
    description: r.description,
  }));
  return { results, count };
}

interface PredicateCount {
  predicate_id: number;
  predicate: string;
  direction: "out" | "in";
  count: number;
}

async function predicateCounts(
  ctx: PlatformContext,
  graphId: number,
  entityId: number,
): Promise<PredicateCount[]> {
  const types = (await graphOntology(ctx, graphId)).relationTypes;
  const groups = (await relationGroups(ctx.store.db, [entityId])).get(entityId) ?? [];
  return groups
    .map((g) => ({
      predicate_id: g.type,
      predicate: types.get(g.type)?.name ?? "",
      direction: g.direction,
      count: g.count,
    }))
    .sort((a, b) => b.count - a.count);
}

/** Properties declared by the entity's class (and its ancestors) first, then any others it has. */
async function propertyList(ctx: PlatformContext, graphId: number, row: EntityRow) {
  const values = entityDetails(row).properties;
  const declared = row.class_id ? await declaredProperties(ctx.store.db, row.class_id) : [];
  const names = new Set(declared.map((d) => d.name));
  const list = [
    ...declared.map((d) => ({ name: d.name, datatype: d.datatype, value: values[d.name] ?? null })),
    ...Object.keys(values)
      .filter((k) => !names.has(k))
      .map((k) => ({ name: k, datatype: "string", value: values[k] })),
  ];
  // An entity-valued property links to the entity of that name when the graph has one.
  const linked = (p: (typeof list)[number]) =>
    p.datatype === "entity" && typeof p.value === "string";
  const uuids = await uuidsByName(ctx.store.db, graphId, [
    ...new Set(list.filter(linked).map((p) => p.value as string)),
  ]);
  return list.map((p) => ({
    ...p,
    entity_uuid: linked(p) ? (uuids.get(p.value as string) ?? null) : null,
  }));
}

/** The entity page: identity, properties, relation summary, event timeline, articles, mention trend. */
export async function entityDetail(ctx: PlatformContext, graphId: number, uuid: string) {
  const row = await requireEntity(ctx, graphId, uuid);
  const byPredicate = await predicateCounts(ctx, graphId, row.id);
  const outgoing = byPredicate
    .filter((p) => p.direction === "out")
    .reduce((n, p) => n + p.count, 0);
  const incoming = byPredicate.filter((p) => p.direction === "in").reduce((n, p) => n + p.count, 0);
  const ontology = await graphOntology(ctx, graphId);
  return {
    uuid: row.uuid,
    graph_id: row.graph_id,
    name: row.name,
    ...typeFields(ontology.classes, row.class_id),
    description: row.description,
    aliases: entityDetails(row).aliases,
    properties: await propertyList(ctx, graphId, row),
    updated_at: row.updated_at,
    relations: {
      total: outgoing + incoming,
      outgoing,
      incoming,
      by_predicate: byPredicate,
      ...(await entityRelations(
        ctx,
        graphId,
        row,
        {},
        { page: 1, pageSize: 20, offset: 0 },
        { out: outgoing, in: incoming },
      )),
    },
    events: await entityEvents(ctx, graphId, row, { page: 1, pageSize: 20, offset: 0 }),
    articles: await entityArticles(ctx, row, { page: 1, pageSize: 10, offset: 0 }),
    trend: await mentionTrend(ctx, graphId, row.id, 90),
  };
}

/**
 * The entity's relations, outgoing first, in (predicate, id) order: both are index order.
 * `known` gives the counts per side when the caller has them (all types).
 */
export async function entityRelations(
  ctx: PlatformContext,
  graphId: number,
  entity: EntityRow,
  f: { direction?: "out" | "in"; predicateId?: number },
  p: Page,
  known?: Record<Side, number>,
) {
  const db = ctx.store.db;
  const sides = (["out", "in"] as const).filter(
    (s) => f.direction === undefined || f.direction === s,
  );
  const counts: number[] = [];
  for (const s of sides)
    counts.push(
      known && f.predicateId === undefined
        ? known[s]
        : await relationCount(db, s, entity.id, f.predicateId),
    );
  const rows: RelationRow[] = [];
  let offset = p.offset;
  for (const [i, side] of sides.entries()) {
    const need = p.pageSize - rows.length;
    if (need > 0 && offset < counts[i])
      rows.push(...(await relationPage(db, side, entity.id, f.predicateId, need, offset)));
    offset = Math.max(0, offset - counts[i]);
  }
  return {
    count: counts.reduce((n, x) => n + x, 0),
    results: (await relationShapes(ctx, graphId, rows)).map((r) => ({
      ...r,
      direction: r.subject?.uuid === entity.uuid ? "out" : "in",
    })),
  };
}

/** Events the entity takes part in, newest first, with its role. */
export async function entityEvents(
  ctx: PlatformContext,
  graphId: number,
  entity: EntityRow,
  p: Page,
) {
  const { count, rows } = await eventsOfEntity(ctx.store.db, entity.id, p);
  const shapes = await eventShapes(ctx, graphId, rows);
  return { count, results: shapes.map((e, i) => ({ ...e, role: rows[i].role })) };
}

/** Articles that mention the entity, newest first. */
export function entityArticles(ctx: PlatformContext, entity: EntityRow, p: Page) {
  return entityArticlePage(ctx.store.db, entity.id, p);
}

async function mentionTrend(ctx: PlatformContext, graphId: number, entityId: number, days: number) {
  const end = await latestMentionDay(ctx.store.db, graphId);
  if (!end) return { days: [] as string[], values: [] as number[] };
  const list: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    list.push(new Date(Date.parse(`${end}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10));
  const rows = await entityDaily(ctx.store.db, entityId, list[0], end);
  const byDay = new Map(rows.map((r) => [r.day, r.mentions]));
  return { days: list, values: list.map((d) => byDay.get(d) ?? 0) };
}

/** One relation with its source sentence. */
export async function relationDetail(
  ctx: PlatformContext,
  relationId: number | null,
  graphId?: number,
) {
  const db = ctx.store.db;
  const row = relationId === null ? undefined : await relationById(db, relationId);
  if (!row || (graphId !== undefined && row.graph_id !== graphId))
    throw notFound(NOT_FOUND.relation);
  if (graphId === undefined) await requireGraph(ctx, row.graph_id);
  const [shape] = await relationShapes(ctx, row.graph_id, [row]);
  const article = row.article_id ? await articleRow(db, row.article_id) : undefined;
  return {
    ...shape,
    graph_id: row.graph_id,
    article: article
      ? {
          id: article.id,
          title: article.title,
          source: article.source,
          published_at: article.published_at,
        }
      : null,
    sentence:
      article && row.sent_start != null && row.sent_end != null
        ? article.content.slice(row.sent_start, row.sent_end)
        : null,
  };
}
