import type { EntityRef } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { HttpError, notFound } from "../http/errors.js";
import { graphOntology, parseJson } from "./ontology.js";
import type { Page } from "./params.js";
import { entityRefRows } from "./store/entities.js";
import {
  eventPage as eventPageRows,
  eventRowsById as eventRows,
  type EventFilter,
  type EventLinkRow,
  type EventRow,
} from "./store/events.js";
import { once } from "../db/read-scope.js";
import { graphRow, type GraphRow } from "./store/graphs.js";
import type { RelationRow } from "./store/relations.js";

export type { EventLinkRow, EventRow, RelationRow };

/** The Chinese names of the graph domains. */
export const DOMAIN_NAMES: Record<string, string> = { military: "军事", general: "通用" };

export const EVENT_LINK_TYPES: Record<string, string> = {
  cause: "因果",
  sequence: "顺承",
  condition: "条件",
  purpose: "目的",
  concurrent: "并发",
};

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

export type Graph = GraphRow;

/**
 * The graph of that id, or a 404; a 409 while a job writes its facts in batches (kg_graph_writes):
 * readers see a graph whole or not at all, never part of a build. The one rule for every reader
 * of a graph's facts (the kg API, statistics, exports).
 */
export async function requireGraph(ctx: PlatformContext, graphId: number | null): Promise<Graph> {
  const g =
    graphId === null
      ? undefined
      : await once(`graph:${graphId}`, () => graphRow(ctx.store.db, graphId));
  if (!g) throw notFound(NOT_FOUND.graph);
  if (g.writing_job !== null) throw graphBeingWritten(g.writing_job);
  return g;
}

/** The answer to a reader of a graph a job is writing. */
export const graphBeingWritten = (jobId: number) =>
  new HttpError(409, `知识图谱正在由任务 #${jobId} 写入，完成后即可浏览`, "graph_writing", {
    job: jobId,
  });

/** uuid, name and class name of entities by id, one query. */
export async function entityRefs(
  ctx: PlatformContext,
  graphId: number,
  ids: Iterable<number>,
): Promise<Map<number, EntityRef>> {
  const list = [...new Set(ids)];
  const out = new Map<number, EntityRef>();
  if (list.length === 0) return out;
  const classes = (await graphOntology(ctx, graphId)).classes;
  const rows = await entityRefRows(ctx.store.db, list);
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

/** Relations as the API shows them: both ends as entity refs, the predicate by name. */
export async function relationShapes(ctx: PlatformContext, graphId: number, rows: RelationRow[]) {
  const refs = await entityRefs(
    ctx,
    graphId,
    rows.flatMap((r) => [r.subject_id, r.object_id]),
  );
  const types = (await graphOntology(ctx, graphId)).relationTypes;
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

/** One page of a graph's events that meet the filter, newest first, as lists show them. */
export async function eventPage(ctx: PlatformContext, graphId: number, f: EventFilter, p: Page) {
  const { count, rows } = await eventPageRows(ctx.store.db, graphId, f, p);
  return { count, results: await eventShapes(ctx, graphId, rows) };
}

/** Event rows by id, in one query; ids the store does not hold are left out. */
export function eventRowsById(ctx: PlatformContext, ids: number[]): Promise<EventRow[]> {
  return eventRows(ctx.store.db, ids);
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
export async function eventShapes(ctx: PlatformContext, graphId: number, rows: EventRow[]) {
  const places = await entityRefs(
    ctx,
    graphId,
    rows.flatMap((r) => (r.place_id ? [r.place_id] : [])),
  );
  const types = (await graphOntology(ctx, graphId)).eventTypes;
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
export async function eventShapesById(ctx: PlatformContext, graphId: number, ids: number[]) {
  const shapes = await eventShapes(ctx, graphId, await eventRowsById(ctx, ids));
  return new Map(shapes.map((e) => [e.id, e]));
}

export function entityDetails(row: { aliases: string; properties: string }) {
  return {
    aliases: parseJson<string[]>(row.aliases, []),
    properties: parseJson<Record<string, unknown>>(row.properties, {}),
  };
}
