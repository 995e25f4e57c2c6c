import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { graphCounts } from "./graphs.js";
import type { Page } from "./params.js";
import {
  entityRefs,
  EVENT_LINK_TYPES,
  eventShapes,
  NOT_FOUND,
  relationShapes,
  requireGraph,
} from "./shapes.js";
import { articleEventLinks, articleMentions, articlePage, articleRow } from "./store/articles.js";
import { eventsReportedBy } from "./store/events.js";
import { relationsOfArticle } from "./store/relations.js";

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface ArticleFilters {
  search?: string;
  /** Published on or after this day (YYYY-MM-DD). */
  start?: string;
  /** Published on or before this day. */
  end?: string;
}

export async function listArticles(
  ctx: PlatformContext,
  graphId: number,
  f: ArticleFilters,
  p: Page,
) {
  // Unfiltered, the count is the graph's (cached until the graph changes): no count(*) per page.
  const unfiltered = !f.search && !f.start && !f.end;
  const { count, rows } = await articlePage(
    ctx.store.db,
    graphId,
    { search: f.search, from: f.start, before: f.end ? nextDay(f.end) : undefined },
    p,
    unfiltered ? (await graphCounts(ctx, graphId)).articles : undefined,
  );
  return { results: rows, count };
}

/**
 * One article with everything the store knows from it: its text, the entity mentions
 * (offsets into the text), the events it reports, the relations and event links it states.
 */
export async function articleDetail(
  ctx: PlatformContext,
  articleId: number | null,
  graphId?: number,
) {
  const db = ctx.store.db;
  const a = articleId === null ? undefined : await articleRow(db, articleId);
  if (!a || (graphId !== undefined && a.graph_id !== graphId)) throw notFound(NOT_FOUND.article);
  const g = a.graph_id;
  if (graphId === undefined) await requireGraph(ctx, g);

  const mentionRows = await articleMentions(db, a.id);
  const refs = await entityRefs(
    ctx,
    g,
    mentionRows.map((m) => m.entity_id),
  );
  const mentions = mentionRows.map((m) => ({
    start: m.start_pos,
    end: m.end_pos,
    text: a.content.slice(m.start_pos, m.end_pos),
    entity: refs.get(m.entity_id)!,
  }));
  const perEntity = new Map<number, number>();
  for (const m of mentionRows) perEntity.set(m.entity_id, (perEntity.get(m.entity_id) ?? 0) + 1);
  const entities = [...perEntity]
    .sort((x, y) => y[1] - x[1])
    .map(([id, count]) => ({ ...refs.get(id)!, count }));

  // An event belongs here if the article reports it; the sentence is the one in this article.
  const reported = await eventsReportedBy(db, a.id);
  const eventShapesList = await eventShapes(ctx, g, reported);
  const events = eventShapesList.map((e, i) => ({
    ...e,
    sentence_start: reported[i].report_start,
    sentence_end: reported[i].report_end,
  }));

  const relations = await relationShapes(ctx, g, await relationsOfArticle(db, a.id));
  const eventRelations = await eventLinksOfArticle(ctx, a.id);
  return {
    ...a,
    graph_id: g,
    mentions,
    entities,
    events,
    relations,
    event_relations: eventRelations,
  };
}

async function eventLinksOfArticle(ctx: PlatformContext, articleId: number) {
  const rows = await articleEventLinks(ctx.store.db, articleId);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    type_name: EVENT_LINK_TYPES[r.type] ?? r.type,
    strength: r.strength,
    cue: r.cue,
    source: { id: r.source_id, title: r.source_title },
    target: { id: r.target_id, title: r.target_title },
    article_id: articleId,
    sent_start: r.sent_start,
    sent_end: r.sent_end,
  }));
}
