import type { ArticleDetail } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { Conditions, pageOf } from "./list-query.js";
import { notFound } from "../http/errors.js";
import type { Page } from "./params.js";
import {
  ARTICLE_SUMMARY_COLUMNS,
  entityRefs,
  EVENT_COLUMNS,
  EVENT_LINK_TYPES,
  type EventRow,
  eventShapes,
  NOT_FOUND,
  relationRows,
  relationShapes,
} from "./shapes.js";

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface ArticleFilters {
  search?: string;
  /** Published on or after this day (YYYY-MM-DD). */
  start?: string;
  /** Published on or before this day. */
  end?: string;
}

export function listArticles(ctx: PlatformContext, graphId: number, f: ArticleFilters, p: Page) {
  const where = new Conditions("a.graph_id = @graph", { graph: graphId }).search(
    ["a.title", "a.content"],
    f.search,
  );
  if (f.start) where.add("a.published_at >= @start", { start: f.start });
  if (f.end) where.add("a.published_at < @end", { end: nextDay(f.end) });
  const { count, rows } = pageOf(
    ctx,
    {
      from: "kg_articles a",
      columns: ARTICLE_SUMMARY_COLUMNS,
      order: "a.published_at DESC, a.id DESC",
    },
    where,
    p,
  );
  return { results: rows, count };
}

/**
 * One article with everything the store knows from it: its text, the entity mentions
 * (offsets into the text), the events it reports, the relations and event links it states.
 */
export function articleDetail(ctx: PlatformContext, articleId: number | null, graphId?: number) {
  const db = ctx.db;
  const a =
    articleId === null
      ? undefined
      : (db
          .prepare(
            "SELECT id, graph_id, title, source, url, published_at, content FROM kg_articles WHERE id = ?",
          )
          .get(articleId) as
          | Pick<
              ArticleDetail,
              "id" | "graph_id" | "title" | "source" | "url" | "published_at" | "content"
            >
          | undefined);
  if (!a || (graphId !== undefined && a.graph_id !== graphId)) throw notFound(NOT_FOUND.article);
  const g = a.graph_id;

  const mentionRows = db
    .prepare(
      "SELECT start_pos, end_pos, entity_id FROM kg_entity_mentions WHERE article_id = ? ORDER BY start_pos",
    )
    .all(a.id) as { start_pos: number; end_pos: number; entity_id: number }[];
  const refs = entityRefs(
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
  const reported = db
    .prepare(
      `SELECT ${EVENT_COLUMNS}, r.sent_start AS report_start, r.sent_end AS report_end
         FROM kg_event_articles r JOIN kg_events e ON e.id = r.event_id
        WHERE r.article_id = ? ORDER BY r.sent_start`,
    )
    .all(a.id) as (EventRow & { report_start: number; report_end: number })[];
  const eventShapesList = eventShapes(ctx, g, reported);
  const events = eventShapesList.map((e, i) => ({
    ...e,
    sentence_start: reported[i].report_start,
    sentence_end: reported[i].report_end,
  }));

  const relations = relationShapes(
    ctx,
    g,
    relationRows(ctx, "WHERE r.article_id = ? ORDER BY r.sent_start, r.id", a.id),
  );
  const eventRelations = eventLinksOfArticle(ctx, a.id);
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

function eventLinksOfArticle(ctx: PlatformContext, articleId: number) {
  const rows = ctx.db
    .prepare(
      `SELECT l.id, l.type, l.strength, l.cue, l.sent_start, l.sent_end,
              s.id AS source_id, s.title AS source_title, t.id AS target_id, t.title AS target_title
         FROM kg_event_relations l
         JOIN kg_events s ON s.id = l.source_event_id
         JOIN kg_events t ON t.id = l.target_event_id
        WHERE l.article_id = ? ORDER BY l.sent_start, l.id`,
    )
    .all(articleId) as {
    id: number;
    type: string;
    strength: number;
    cue: string;
    sent_start: number | null;
    sent_end: number | null;
    source_id: number;
    source_title: string;
    target_id: number;
    target_title: string;
  }[];
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
