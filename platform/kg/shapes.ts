import type { EntityRef } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { type Conditions, pageOf } from "./list-query.js";
import { graphOntology, parseJson } from "./ontology.js";
import type { Page } from "./params.js";

/** The Chinese names of the graph domains. */
export const DOMAIN_NAMES: Record<string, string> = { military: "军事", general: "通用" };

export const EVENT_LINK_TYPES: Record<string, string> = {
  cause: "因果",
  sequence: "顺承",
  condition: "条件",
  purpose: "目的",
  concurrent: "并发",
};

/** The columns every reader of event links (kg_event_relations l) wants; each adds the ends it needs. */
export const EVENT_LINK_COLUMNS =
  "l.id, l.type, l.strength, l.cue, l.article_id, l.sent_start, l.sent_end";

export interface EventLinkRow {
  id: number;
  type: string;
  strength: number;
  cue: string;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}

/** An event link as the API shows it, but for its id and its ends (which come first and vary). */
export function eventLinkFields(l: EventLinkRow) {
  return {
    type: l.type,
    type_name: EVENT_LINK_TYPES[l.type] ?? l.type,
    strength: l.strength,
    cue: l.cue,
    article_id: l.article_id,
    sent_start: l.sent_start,
    sent_end: l.sent_end,
  };
}

export const NOT_FOUND = {
  graph: "知识图谱不存在",
  article: "文章不存在",
  entity: "实体不存在",
  event: "事件不存在",
  relation: "关系不存在",
  flow: "流程不存在",
} as const;

export interface Graph {
  id: number;
  name: string;
  domain: string;
  description: string;
}

export function requireGraph(ctx: PlatformContext, graphId: number | null): Graph {
  const g =
    graphId === null
      ? undefined
      : (ctx.db
          .prepare("SELECT id, name, domain, description FROM graphs WHERE id = ?")
          .get(graphId) as Graph | undefined);
  if (!g) throw notFound(NOT_FOUND.graph);
  return g;
}

interface EntityRow {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
}

/** uuid, name and class name of entities by id, one query. */
export function entityRefs(
  ctx: PlatformContext,
  graphId: number,
  ids: Iterable<number>,
): Map<number, EntityRef> {
  const list = [...new Set(ids)];
  const out = new Map<number, EntityRef>();
  if (list.length === 0) return out;
  const classes = graphOntology(ctx, graphId).classes;
  const rows = ctx.db
    .prepare(
      "SELECT id, uuid, name, class_id FROM kg_entities WHERE id IN (SELECT value FROM json_each(?))",
    )
    .all(JSON.stringify(list)) as EntityRow[];
  for (const r of rows) {
    out.set(r.id, {
      uuid: r.uuid,
      name: r.name,
      type: classOf(classes, r.class_id),
      type_id: r.class_id,
    });
  }
  return out;
}

export function classOf(
  classes: Map<number, { name: string }>,
  classId: number | null,
): string | null {
  return classId == null ? null : (classes.get(classId)?.name ?? null);
}

export interface RelationRow {
  id: number;
  graph_id: number;
  subject_id: number;
  relation_type_id: number;
  object_id: number;
  confidence: number;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}

const RELATION_COLUMNS =
  "r.id, r.graph_id, r.subject_id, r.relation_type_id, r.object_id, r.confidence, r.article_id, r.sent_start, r.sent_end";

/** Relation rows (`r`) as `clause` (WHERE, ORDER BY, LIMIT) picks them, with its parameters. */
export function relationRows(ctx: PlatformContext, clause: string, ...params: unknown[]) {
  return ctx.db
    .prepare(`SELECT ${RELATION_COLUMNS} FROM kg_relations r ${clause}`)
    .all(...params) as RelationRow[];
}

/** Relations as the API shows them: both ends as entity refs, the predicate by name. */
export function relationShapes(ctx: PlatformContext, graphId: number, rows: RelationRow[]) {
  const refs = entityRefs(
    ctx,
    graphId,
    rows.flatMap((r) => [r.subject_id, r.object_id]),
  );
  const types = graphOntology(ctx, graphId).relationTypes;
  return rows.map((r) => ({
    id: r.id,
    subject: refs.get(r.subject_id) ?? null,
    predicate: types.get(r.relation_type_id)?.name ?? "",
    predicate_id: r.relation_type_id,
    object: refs.get(r.object_id) ?? null,
    confidence: r.confidence,
    article_id: r.article_id,
    sent_start: r.sent_start,
    sent_end: r.sent_end,
  }));
}

export interface EventRow {
  id: number;
  graph_id: number;
  event_type_id: number | null;
  title: string;
  trigger_word: string;
  time: string | null;
  place_id: number | null;
  place: string;
  description: string;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
  trigger_start: number | null;
  trigger_end: number | null;
}

export const EVENT_COLUMNS =
  "e.id, e.graph_id, e.event_type_id, e.title, e.trigger_word, e.time, e.place_id, e.place, e.description, e.article_id, e.sent_start, e.sent_end, e.trigger_start, e.trigger_end";

/** Event lists: newest first. */
const EVENT_PAGE = {
  from: "kg_events e",
  columns: EVENT_COLUMNS,
  order: "e.time DESC, e.id DESC",
};

/** One page of the events (`e`) that meet the conditions, newest first, as lists show them. */
export function eventPage(ctx: PlatformContext, graphId: number, where: Conditions, p: Page) {
  const { count, rows } = pageOf<EventRow>(ctx, EVENT_PAGE, where, p);
  return { count, results: eventShapes(ctx, graphId, rows) };
}

/** Event rows by id, in one query; ids the store does not hold are left out. */
export function eventRowsById(ctx: PlatformContext, ids: number[]): EventRow[] {
  return ctx.db
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM kg_events e WHERE e.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as EventRow[];
}

/**
 * The type of an entity (its class) or of an event as the API shows it: name, id and colour;
 * no name and no colour when it has none or the ontology no longer holds it.
 */
export function typeFields(
  types: Map<number, { name: string; color: string }>,
  typeId: number | null,
) {
  const type = typeId != null ? types.get(typeId) : undefined;
  return { type: type?.name ?? null, type_id: typeId, color: type?.color ?? "" };
}

/** Events as lists show them. */
export function eventShapes(ctx: PlatformContext, graphId: number, rows: EventRow[]) {
  const places = entityRefs(
    ctx,
    graphId,
    rows.flatMap((r) => (r.place_id ? [r.place_id] : [])),
  );
  const types = graphOntology(ctx, graphId).eventTypes;
  return rows.map((r) => ({
    id: r.id,
    graph_id: r.graph_id,
    title: r.title,
    ...typeFields(types, r.event_type_id),
    trigger: r.trigger_word,
    time: r.time,
    place: r.place_id ? (places.get(r.place_id) ?? null) : null,
    place_text: r.place,
    description: r.description,
    article_id: r.article_id,
    sent_start: r.sent_start,
    sent_end: r.sent_end,
    trigger_start: r.trigger_start,
    trigger_end: r.trigger_end,
  }));
}

/** Events by id as lists show them, keyed by id (ids the store does not hold are left out). */
export function eventShapesById(ctx: PlatformContext, graphId: number, ids: number[]) {
  return new Map(eventShapes(ctx, graphId, eventRowsById(ctx, ids)).map((e) => [e.id, e]));
}

/** Article columns without the full text (a 120-character summary instead). */
export const ARTICLE_SUMMARY_COLUMNS =
  "a.id, a.graph_id, a.title, a.source, a.url, a.published_at, substr(a.content, 1, 120) AS summary";

export function entityDetails(row: { aliases: string; properties: string }) {
  return {
    aliases: parseJson<string[]>(row.aliases, []),
    properties: parseJson<Record<string, unknown>>(row.properties, {}),
  };
}
