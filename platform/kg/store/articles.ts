import type { Article } from "@contract/kg";
import { sql } from "kysely";
import type { Page } from "../../http/params.js";
import type { Db } from "../../db/store.js";
import { searchColumns } from "./sql.js";

/** An article without its full text: a 120-character summary instead. */
export type ArticleSummary = Omit<Article, "content"> & { summary: string };

const SUMMARY_COLUMNS = [
  "a.id",
  "a.graph_id",
  "a.title",
  "a.source",
  "a.url",
  "a.published_at",
] as const;
/** The first 120 characters of an article's text (`a`). */
export const summaryOf = () => sql<string>`substr(a.content, 1, 120)`.as("summary");

export interface ArticleFilter {
  search?: string;
  /** Published at or after (an ISO day or time). */
  from?: string;
  /** Published before. */
  before?: string;
}

/**
 * One page of a graph's articles, newest first, and how many there are (`known`: the count
 * when the caller has it already, e.g. the graph's cached counts for an unfiltered list).
 */
export async function articlePage(
  db: Db,
  graphId: number,
  f: ArticleFilter,
  p: Page,
  known?: number,
): Promise<{ count: number; rows: ArticleSummary[] }> {
  const base = db
    .selectFrom("kg_articles as a")
    .where("a.graph_id", "=", graphId)
    .$if(!!f.search, (q) => q.where(searchColumns(db, ["a.title", "a.content"], f.search!)))
    .$if(!!f.from, (q) => q.where("a.published_at", ">=", f.from!))
    .$if(!!f.before, (q) => q.where("a.published_at", "<", f.before!));
  const count =
    known ??
    (await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow())
      .count;
  const rows = await base
    .select([...SUMMARY_COLUMNS, summaryOf()])
    .orderBy("a.published_at", "desc")
    .orderBy("a.id", "desc")
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return { count, rows };
}

/** A graph's newest articles. */
export async function recentArticles(
  db: Db,
  graphId: number,
  limit: number,
): Promise<ArticleSummary[]> {
  return db
    .selectFrom("kg_articles as a")
    .select([...SUMMARY_COLUMNS, summaryOf()])
    .where("a.graph_id", "=", graphId)
    .orderBy("a.published_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

/** An article with its text. */
export function articleRow(db: Db, articleId: number) {
  return db
    .selectFrom("kg_articles")
    .select(["id", "graph_id", "title", "source", "url", "published_at", "content"])
    .where("id", "=", articleId)
    .executeTakeFirst();
}

/** An article's text only. */
export async function articleContent(db: Db, articleId: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom("kg_articles")
      .select("content")
      .where("id", "=", articleId)
      .executeTakeFirst()
  )?.content;
}

/** The entity mentions of an article, in text order. */
export function articleMentions(db: Db, articleId: number) {
  return db
    .selectFrom("kg_entity_mentions")
    .select(["start_pos", "end_pos", "entity_id"])
    .where("article_id", "=", articleId)
    .orderBy("start_pos")
    .execute();
}

/** The event links an article states, with both events' titles, in text order. */
export function articleEventLinks(db: Db, articleId: number) {
  return db
    .selectFrom("kg_event_relations as l")
    .innerJoin("kg_events as s", "s.id", "l.source_event_id")
    .innerJoin("kg_events as t", "t.id", "l.target_event_id")
    .select([
      "l.id",
      "l.type",
      "l.strength",
      "l.cue",
      "l.sent_start",
      "l.sent_end",
      "s.id as source_id",
      "s.title as source_title",
      "t.id as target_id",
      "t.title as target_title",
    ])
    .where("l.article_id", "=", articleId)
    .orderBy("l.sent_start")
    .orderBy("l.id")
    .execute();
}

/** Titles and texts of articles by id (the evidence of a path's relations). */
export function articleTexts(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("kg_articles")
    .select(["id", "title", "content"])
    .where("id", "in", ids)
    .execute();
}

/** Whether the article is one of the graph's. */
export async function articleOfGraph(db: Db, graphId: number, articleId: number) {
  return !!(await db
    .selectFrom("kg_articles")
    .select("id")
    .where("id", "=", articleId)
    .where("graph_id", "=", graphId)
    .executeTakeFirst());
}
