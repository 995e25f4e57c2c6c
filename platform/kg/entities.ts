import type { PlatformContext } from "../context.js";
import { countRows } from "../db/rows.js";
import { Conditions, pageOf } from "./list-query.js";
import { notFound } from "../http/errors.js";
import { graphOntology } from "./ontology.js";
import type { Page } from "./params.js";
import {
  classOf,
  entityDetails,
  EVENT_COLUMNS,
  type EventRow,
  eventShapes,
  NOT_FOUND,
  type RelationRow,
  relationRows,
  relationShapes,
  typeFields,
} from "./shapes.js";

export interface EntityRow {
  id: number;
  uuid: string;
  graph_id: number;
  class_id: number | null;
  name: string;
  aliases: string;
  properties: string;
  description: string;
  updated_at: string;
}

export function requireEntity(ctx: PlatformContext, graphId: number, uuid: string): EntityRow {
  const row = ctx.db
    .prepare(
      "SELECT id, uuid, graph_id, class_id, name, aliases, properties, description, updated_at FROM kg_entities WHERE uuid = ?",
    )
    .get(uuid) as EntityRow | undefined;
  if (!row || row.graph_id !== graphId) throw notFound(NOT_FOUND.entity);
  return row;
}

export function listEntities(
  ctx: PlatformContext,
  graphId: number,
  f: { search?: string; typeId?: number },
  p: Page,
) {
  const where = new Conditions("graph_id = @graph", { graph: graphId }).search(
    ["name", "aliases"],
    f.search,
  );
  if (f.typeId !== undefined) {
    where.add("class_id IN (SELECT value FROM json_each(@classes))", {
      classes: JSON.stringify(graphOntology(ctx, graphId).subtree(f.typeId)),
    });
  }
  const { count, rows } = pageOf<{
    uuid: string;
    name: string;
    class_id: number | null;
    aliases: string;
    description: string;
  }>(
    ctx,
    {
      from: "kg_entities",
      columns: "uuid, name, class_id, aliases, description",
      order: "name, id",
    },
    where,
    p,
  );
  const classes = graphOntology(ctx, graphId).classes;
  const results = rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    type: classOf(classes, r.class_id),
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

function predicateCounts(
  ctx: PlatformContext,
  graphId: number,
  entityId: number,
): PredicateCount[] {
  const types = graphOntology(ctx, graphId).relationTypes;
  const count = (column: "subject_id" | "object_id", direction: "out" | "in") =>
    (
      ctx.db
        .prepare(
          `SELECT relation_type_id AS id, count(*) AS count FROM kg_relations WHERE ${column} = ? GROUP BY relation_type_id`,
        )
        .all(entityId) as { id: number; count: number }[]
    ).map((r) => ({
      predicate_id: r.id,
      predicate: types.get(r.id)?.name ?? "",
      direction,
      count: r.count,
    }));
  return [...count("subject_id", "out"), ...count("object_id", "in")].sort(
    (a, b) => b.count - a.count,
  );
}

/** Properties declared by the entity's class (and its ancestors) first, then any others it has. */
function propertyList(ctx: PlatformContext, graphId: number, row: EntityRow) {
  const values = entityDetails(row).properties;
  const declared = row.class_id
    ? (ctx.db
        .prepare(
          `WITH RECURSIVE up(id) AS (SELECT ? UNION SELECT c.parent_id FROM kg_classes c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL)
           SELECT p.name, p.datatype FROM kg_class_properties p WHERE p.class_id IN (SELECT id FROM up) ORDER BY p.class_id, p.id`,
        )
        .all(row.class_id) as { name: string; datatype: string }[])
    : [];
  const names = new Set(declared.map((d) => d.name));
  const list = [
    ...declared.map((d) => ({ name: d.name, datatype: d.datatype, value: values[d.name] ?? null })),
    ...Object.keys(values)
      .filter((k) => !names.has(k))
      .map((k) => ({ name: k, datatype: "string", value: values[k] })),
  ];
  // An entity-valued property links to the entity of that name when the graph has one.
  const byName = ctx.db
    .prepare("SELECT uuid FROM kg_entities WHERE graph_id = ? AND name = ? LIMIT 1")
    .pluck();
  return list.map((p) => ({
    ...p,
    entity_uuid:
      p.datatype === "entity" && typeof p.value === "string"
        ? ((byName.get(graphId, p.value) as string | undefined) ?? null)
        : null,
  }));
}

/** The entity page: identity, properties, relation summary, event timeline, articles, mention trend. */
export function entityDetail(ctx: PlatformContext, graphId: number, uuid: string) {
  const row = requireEntity(ctx, graphId, uuid);
  const byPredicate = predicateCounts(ctx, graphId, row.id);
  const outgoing = byPredicate
    .filter((p) => p.direction === "out")
    .reduce((n, p) => n + p.count, 0);
  const incoming = byPredicate.filter((p) => p.direction === "in").reduce((n, p) => n + p.count, 0);
  return {
    uuid: row.uuid,
    graph_id: row.graph_id,
    name: row.name,
    ...typeFields(graphOntology(ctx, graphId).classes, row.class_id),
    description: row.description,
    aliases: entityDetails(row).aliases,
    properties: propertyList(ctx, graphId, row),
    updated_at: row.updated_at,
    relations: {
      total: outgoing + incoming,
      outgoing,
      incoming,
      by_predicate: byPredicate,
      ...entityRelations(ctx, graphId, row, {}, { page: 1, pageSize: 20, offset: 0 }),
    },
    events: entityEvents(ctx, graphId, row, { page: 1, pageSize: 20, offset: 0 }),
    articles: entityArticles(ctx, row, { page: 1, pageSize: 10, offset: 0 }),
    trend: mentionTrend(ctx, graphId, row.id, 90),
  };
}

/** The entity's relations, outgoing first, in (predicate, id) order: both are index order. */
export function entityRelations(
  ctx: PlatformContext,
  graphId: number,
  entity: EntityRow,
  f: { direction?: "out" | "in"; predicateId?: number },
  p: Page,
) {
  const typeFilter = f.predicateId !== undefined ? "AND r.relation_type_id = @type" : "";
  const params = { entity: entity.id, type: f.predicateId };
  const part = (column: "subject_id" | "object_id") => ({
    count: ctx.db
      .prepare(`SELECT count(*) FROM kg_relations r WHERE r.${column} = @entity ${typeFilter}`)
      .pluck()
      .get(params) as number,
    rows: (limit: number, offset: number) =>
      relationRows(
        ctx,
        `WHERE r.${column} = @entity ${typeFilter} ORDER BY r.relation_type_id, r.id LIMIT @limit OFFSET @offset`,
        { ...params, limit, offset },
      ),
  });
  const parts = [
    f.direction !== "in" ? part("subject_id") : null,
    f.direction !== "out" ? part("object_id") : null,
  ].filter((x) => x !== null);
  const rows: RelationRow[] = [];
  let offset = p.offset;
  for (const part of parts) {
    const need = p.pageSize - rows.length;
    if (need > 0 && offset < part.count) rows.push(...part.rows(need, offset));
    offset = Math.max(0, offset - part.count);
  }
  return {
    count: parts.reduce((n, x) => n + x.count, 0),
    results: relationShapes(ctx, graphId, rows).map((r) => ({
      ...r,
      direction: r.subject?.uuid === entity.uuid ? "out" : "in",
    })),
  };
}

/** Events the entity takes part in, newest first, with its role. */
export function entityEvents(ctx: PlatformContext, graphId: number, entity: EntityRow, p: Page) {
  const count = countRows(ctx.db, "kg_event_participants", "entity_id", entity.id);
  const rows = ctx.db
    .prepare(
      `SELECT ${EVENT_COLUMNS}, p.role FROM kg_event_participants p JOIN kg_events e ON e.id = p.event_id
        WHERE p.entity_id = ? ORDER BY e.time DESC, e.id DESC LIMIT ? OFFSET ?`,
    )
    .all(entity.id, p.pageSize, p.offset) as (EventRow & { role: string })[];
  const shapes = eventShapes(ctx, graphId, rows);
  return { count, results: shapes.map((e, i) => ({ ...e, role: rows[i].role })) };
}

/** Articles that mention the entity, newest first. */
export function entityArticles(ctx: PlatformContext, entity: EntityRow, p: Page) {
  const count = countRows(ctx.db, "kg_entity_articles", "entity_id", entity.id);
  const results = ctx.db
    .prepare(
      `SELECT a.id, a.title, a.source, a.published_at, ea.mentions, substr(a.content, 1, 120) AS summary
         FROM kg_entity_articles ea JOIN kg_articles a ON a.id = ea.article_id
        WHERE ea.entity_id = ? ORDER BY ea.published_at DESC, ea.article_id DESC LIMIT ? OFFSET ?`,
    )
    .all(entity.id, p.pageSize, p.offset);
  return { count, results };
}

function mentionTrend(ctx: PlatformContext, graphId: number, entityId: number, days: number) {
  const end = ctx.db
    .prepare("SELECT max(day) FROM kg_entity_daily WHERE graph_id = ?")
    .pluck()
    .get(graphId) as string | null;
  if (!end) return { days: [] as string[], values: [] as number[] };
  const list: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    list.push(new Date(Date.parse(`${end}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10));
  const rows = ctx.db
    .prepare(
      "SELECT day, mentions FROM kg_entity_daily WHERE entity_id = ? AND day BETWEEN ? AND ?",
    )
    .all(entityId, list[0], end) as { day: string; mentions: number }[];
  const byDay = new Map(rows.map((r) => [r.day, r.mentions]));
  return { days: list, values: list.map((d) => byDay.get(d) ?? 0) };
}

/** One relation with its source sentence. */
export function relationDetail(ctx: PlatformContext, relationId: number | null, graphId?: number) {
  const row = relationId === null ? undefined : relationRows(ctx, "WHERE r.id = ?", relationId)[0];
  if (!row || (graphId !== undefined && row.graph_id !== graphId))
    throw notFound(NOT_FOUND.relation);
  const [shape] = relationShapes(ctx, row.graph_id, [row]);
  const article = row.article_id
    ? (ctx.db
        .prepare("SELECT id, title, source, published_at, content FROM kg_articles WHERE id = ?")
        .get(row.article_id) as
        | { id: number; title: string; source: string; published_at: string; content: string }
        | undefined)
    : undefined;
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
