import { sql, type RawBuilder } from "kysely";
import { engineOf } from "../../../db/dialect.js";
import type { Db } from "../../../db/store.js";
import { intList, textList } from "../../../kg/store/sql.js";
import type { EntityRow } from "../../../kg/store/entities.js";

/**
 * The statements of the entity, verb and keyword statistics (platform/admin/insight/
 * statistics.ts, keywords.ts), over a graph's facts and rollups. Days are the first ten
 * characters of the stored ISO dates (`substr`, the same on both engines), months the first
 * seven.
 */

/** A total per day (or month). */
export interface Point {
  day: string;
  n: number;
}
/** A point of one line of a trend: an entity id or a verb. */
export type KeyedPoint = Point & { key: string | number };

// --- Entities ----------------------------------------------------------------------------------

/** `AND e.class_id IN (…)` for a class filter (none when `classIds` is null). */
const classFilter = (db: Db, classIds: number[] | null) =>
  classIds ? sql` AND e.class_id IN ${intList(db, classIds)}` : sql``;

/** Mentions per entity class in the graph's rollups. */
export async function mentionsPerClass(db: Db, graphId: number) {
  const { rows } = await sql<{ class_id: number | null; mentions: number }>`
    SELECT e.class_id, sum(d.mentions) AS mentions FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
     WHERE d.graph_id = ${graphId} GROUP BY e.class_id`.execute(db);
  return rows;
}

export interface TopEntityRow {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  mentions: number;
  articles: number;
  relations: number;
}

/** The most mentioned entities (of some classes), with their article and relation counts. */
export async function topEntities(
  db: Db,
  graphId: number,
  classIds: number[] | null,
  limit: number,
): Promise<TopEntityRow[]> {
  const { rows } = await sql<TopEntityRow>`
    SELECT e.id, e.uuid, e.name, e.class_id, t.mentions,
           (SELECT count(*) FROM kg_entity_articles a WHERE a.entity_id = e.id) AS articles,
           (SELECT count(*) FROM kg_relations r WHERE r.subject_id = e.id)
             + (SELECT count(*) FROM kg_relations r WHERE r.object_id = e.id) AS relations
      FROM (SELECT d.entity_id, sum(d.mentions) AS mentions FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
             WHERE d.graph_id = ${graphId}${classFilter(db, classIds)}
             GROUP BY d.entity_id ORDER BY mentions DESC, d.entity_id LIMIT ${limit}) t
      JOIN kg_entities e ON e.id = t.entity_id
     ORDER BY t.mentions DESC, e.id`.execute(db);
  return rows;
}

/** Mentions per day in the graph (of entities of some classes). */
export async function mentionsPerDay(
  db: Db,
  graphId: number,
  classIds: number[] | null,
): Promise<Point[]> {
  const query = classIds
    ? sql<Point>`SELECT d.day, sum(d.mentions) AS n FROM kg_entity_daily d JOIN kg_entities e ON e.id = d.entity_id
        WHERE d.graph_id = ${graphId}${classFilter(db, classIds)} GROUP BY d.day`
    : sql<Point>`SELECT day, sum(mentions) AS n FROM kg_entity_daily WHERE graph_id = ${graphId} GROUP BY day`;
  return (await query.execute(db)).rows;
}

/** Mentions per day of some entities, keyed by entity id. */
export async function entityMentionLines(db: Db, entityIds: number[]): Promise<KeyedPoint[]> {
  if (!entityIds.length) return [];
  const { rows } = await sql<KeyedPoint>`
    SELECT day, entity_id AS key, mentions AS n FROM kg_entity_daily
     WHERE entity_id IN ${intList(db, entityIds)}`.execute(db);
  return rows;
}

/** The graph's entities, mentions, relations and articles. */
export async function entityTotals(db: Db, graphId: number) {
  const { rows } = await sql<{
    entities: number;
    mentions: number;
    relations: number;
    articles: number;
  }>`SELECT (SELECT count(*) FROM kg_entities WHERE graph_id = ${graphId}) AS entities,
            (SELECT coalesce(sum(mentions), 0) FROM kg_entity_daily WHERE graph_id = ${graphId}) AS mentions,
            (SELECT count(*) FROM kg_relations WHERE graph_id = ${graphId}) AS relations,
            (SELECT count(*) FROM kg_articles WHERE graph_id = ${graphId}) AS articles`.execute(db);
  return rows[0];
}

// --- One entity --------------------------------------------------------------------------------

export type StatsEntityRow = Omit<EntityRow, "properties" | "updated_at">;

export function entityOfUuid(db: Db, uuid: string): Promise<StatsEntityRow | undefined> {
  return db
    .selectFrom("kg_entities")
    .select(["id", "uuid", "graph_id", "class_id", "name", "aliases", "description"])
    .where("uuid", "=", uuid)
    .executeTakeFirst();
}

/** An entity's mentions per day, in day order. */
export async function entityMentionDays(db: Db, entityId: number): Promise<Point[]> {
  return db
    .selectFrom("kg_entity_daily")
    .select(["day", "mentions as n"])
    .where("entity_id", "=", entityId)
    .orderBy("day")
    .execute();
}

/** An entity's relations per type, as subject (outgoing) and as object (incoming), most first. */
export async function entityRelationTypes(db: Db, entityId: number) {
  const { rows } = await sql<{ relation_type_id: number; outgoing: number; incoming: number }>`
    SELECT relation_type_id,
           sum(CASE WHEN dir = 'out' THEN 1 ELSE 0 END) AS outgoing,
           sum(CASE WHEN dir = 'in' THEN 1 ELSE 0 END) AS incoming
      FROM (SELECT relation_type_id, 'out' AS dir FROM kg_relations WHERE subject_id = ${entityId}
            UNION ALL SELECT relation_type_id, 'in' AS dir FROM kg_relations WHERE object_id = ${entityId}) x
     GROUP BY relation_type_id ORDER BY count(*) DESC, relation_type_id`.execute(db);
  return rows;
}

/** The events an entity takes part in, per event type, most first. */
export async function entityEventTypes(db: Db, entityId: number) {
  const { rows } = await sql<{ event_type_id: number | null; events: number }>`
    SELECT e.event_type_id, count(DISTINCT e.id) AS events FROM kg_event_participants p JOIN kg_events e ON e.id = p.event_id
     WHERE p.entity_id = ${entityId} GROUP BY e.event_type_id ORDER BY events DESC`.execute(db);
  return rows;
}

/** The ten newest articles that mention an entity. */
export function entityRecentArticles(db: Db, entityId: number) {
  return db
    .selectFrom("kg_entity_articles as ea")
    .innerJoin("kg_articles as a", "a.id", "ea.article_id")
    .select(["a.id", "a.title", "a.published_at", "ea.mentions"])
    .where("ea.entity_id", "=", entityId)
    .orderBy("ea.published_at", "desc")
    .orderBy("ea.article_id", "desc")
    .limit(10)
    .execute();
}

/** How many articles mention an entity. */
export async function entityArticleCount(db: Db, entityId: number): Promise<number> {
  const { n } = await db
    .selectFrom("kg_entity_articles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("entity_id", "=", entityId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

// --- Verbs (event trigger words) ---------------------------------------------------------------

export interface VerbRow {
  verb: string;
  event_type_id: number | null;
  events: number;
  reports: number;
  last_time: string | null;
}

/** The trigger words of the graph's events per event type, most events first. */
export async function topVerbs(db: Db, graphId: number, limit: number): Promise<VerbRow[]> {
  const { rows } = await sql<VerbRow>`
    SELECT e.trigger_word AS verb, e.event_type_id, count(*) AS events,
           sum((SELECT count(*) FROM kg_event_articles r WHERE r.event_id = e.id)) AS reports, max(e.time) AS last_time
      FROM kg_events e WHERE e.graph_id = ${graphId} AND e.trigger_word <> ''
     GROUP BY e.trigger_word, e.event_type_id ORDER BY events DESC, reports DESC, verb LIMIT ${limit}`.execute(
    db,
  );
  return rows;
}

/** Events and distinct trigger words per event type, most events first. */
export async function eventTypeVerbCounts(db: Db, graphId: number) {
  const { rows } = await sql<{ event_type_id: number | null; events: number; verbs: number }>`
    SELECT event_type_id, count(*) AS events, count(DISTINCT nullif(trigger_word, '')) AS verbs
      FROM kg_events WHERE graph_id = ${graphId} GROUP BY event_type_id ORDER BY events DESC`.execute(
    db,
  );
  return rows;
}

/**
 * An event time dated to the month at least (`YYYY-MM…`): an event's time may be a year only,
 * and such events count in no month of a trend. A pattern each engine says its own way.
 */
function datedToMonth(db: Db): RawBuilder<unknown> {
  return engineOf(db) === "postgres"
    ? sql`time ~ '^[0-9]{4}-[0-9]{2}'`
    : sql`time GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]*'`;
}

/** The graph's events per month. */
export async function eventsPerMonth(db: Db, graphId: number): Promise<Point[]> {
  const { rows } = await sql<Point>`
    SELECT substr(time, 1, 7) AS day, count(*) AS n FROM kg_events
     WHERE graph_id = ${graphId} AND ${datedToMonth(db)} GROUP BY substr(time, 1, 7)`.execute(db);
  return rows;
}

/** Events per month of some trigger words, keyed by the word. */
export async function verbMonthLines(
  db: Db,
  graphId: number,
  verbs: string[],
): Promise<KeyedPoint[]> {
  if (!verbs.length) return [];
  const { rows } = await sql<KeyedPoint>`
    SELECT substr(time, 1, 7) AS day, trigger_word AS key, count(*) AS n FROM kg_events
     WHERE graph_id = ${graphId} AND ${datedToMonth(db)} AND trigger_word IN ${textList(db, verbs)}
     GROUP BY substr(time, 1, 7), trigger_word`.execute(db);
  return rows;
}

/** The graph's events, distinct trigger words and event reports. */
export async function eventTotals(db: Db, graphId: number) {
  const { rows } = await sql<{ events: number; verbs: number; reports: number }>`
    SELECT count(*) AS events, count(DISTINCT nullif(trigger_word, '')) AS verbs,
           (SELECT count(*) FROM kg_event_articles r JOIN kg_events x ON x.id = r.event_id WHERE x.graph_id = ${graphId}) AS reports
      FROM kg_events WHERE graph_id = ${graphId}`.execute(db);
  return rows[0];
}

// --- Keywords ----------------------------------------------------------------------------------

/** How many articles the graph has. */
export async function articleCount(db: Db, graphId: number): Promise<number> {
  const { n } = await db
    .selectFrom("kg_articles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("graph_id", "=", graphId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The graph's newest articles (at most `limit`) as [title, content], streamed in batches. While
 * it streams the handle is busy (on SQLite the one connection): the caller reads nothing else
 * until it ends.
 */
export async function* newestArticleTexts(
  db: Db,
  graphId: number,
  limit: number,
): AsyncGenerator<[string, string][]> {
  const query = db
    .selectFrom("kg_articles")
    .select(["title", "content"])
    .where("graph_id", "=", graphId)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .compile();
  for await (const { rows } of db.getExecutor().stream(query, 200))
    yield rows.map((r): [string, string] => [r.title, r.content]);
}
