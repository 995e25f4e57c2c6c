import type { Db } from "../../../db/store.js";

/**
 * What a model run reads of its graph (platform/admin/insight/evaluate.ts): the articles and,
 * per article, its gold annotations (entity mentions, event reports, stated relations).
 */

/** The graph's article ids, in id order. */
export async function articleIdsOf(db: Db, graphId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("kg_articles")
    .select("id")
    .where("graph_id", "=", graphId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

export interface ArticleText {
  id: number;
  content: string;
  published_at: string;
}

export async function articleText(db: Db, articleId: number): Promise<ArticleText | undefined> {
  return db
    .selectFrom("kg_articles")
    .select(["id", "content", "published_at"])
    .where("id", "=", articleId)
    .executeTakeFirst();
}

/** The entity mentions of an article with their entity's class. */
export function goldMentions(db: Db, articleId: number) {
  return db
    .selectFrom("kg_entity_mentions as m")
    .innerJoin("kg_entities as e", "e.id", "m.entity_id")
    .select(["m.start_pos", "m.end_pos", "e.class_id"])
    .where("m.article_id", "=", articleId)
    .execute();
}

/** The events an article reports: the reporting sentence and the event's type, in text order. */
export function goldEventReports(db: Db, articleId: number) {
  return db
    .selectFrom("kg_event_articles as r")
    .innerJoin("kg_events as e", "e.id", "r.event_id")
    .select(["r.sent_start", "r.sent_end", "e.event_type_id"])
    .where("r.article_id", "=", articleId)
    .orderBy("r.sent_start")
    .execute();
}

/** The relations an article states: their ends' uuids and their type. */
export function goldRelations(db: Db, articleId: number) {
  return db
    .selectFrom("kg_relations as r")
    .innerJoin("kg_entities as s", "s.id", "r.subject_id")
    .innerJoin("kg_entities as o", "o.id", "r.object_id")
    .select(["s.uuid as s", "o.uuid as o", "r.relation_type_id"])
    .where("r.article_id", "=", articleId)
    .execute();
}
