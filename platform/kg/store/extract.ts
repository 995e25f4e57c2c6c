import { sql } from "kysely";
import { engineOf } from "../../db/dialect.js";
import type { Db } from "../../db/store.js";
import type { RelationRow } from "./relations.js";
import { intList } from "./sql.js";

/** An entry of a graph's dictionary: [id, uuid, name, aliases (JSON), class id]. */
export type DictionaryRow = [number, string, string, string, number | null];

/**
 * A graph's entities in id order (all of them, or those some articles mention), as the
 * extraction dictionary reads them: streamed in batches of rows, so a graph of a million entities
 * never sits in memory as rows. While it streams, the handle is busy (on SQLite the one
 * connection): the caller reads nothing else until it ends.
 */
const dictionaryQuery = (db: Db, graphId: number, articleIds: number[] | null) =>
  db
    .selectFrom("kg_entities")
    .select(["id", "uuid", "name", "aliases", "class_id"])
    .where("graph_id", "=", graphId)
    .$if(articleIds !== null, (q) =>
      q.where(
        "id",
        "in",
        db
          .selectFrom("kg_entity_mentions as m")
          .select("m.entity_id")
          .where("m.article_id", "in", intList(db, articleIds!)),
      ),
    )
    .orderBy("id");

export async function* dictionaryRows(
  db: Db,
  graphId: number,
  articleIds: number[] | null,
): AsyncGenerator<DictionaryRow[]> {
  // Batch by batch (the executor's stream): a promise per batch, not per entity.
  const query = dictionaryQuery(db, graphId, articleIds).compile();
  for await (const { rows } of db.getExecutor().stream(query, 1000))
    yield rows.map((r) => [r.id, r.uuid, r.name, r.aliases, r.class_id]);
}

/** A stored relation the extractor already knows: its ends, type and where it was read. */
export type KnownRelationRow = Omit<RelationRow, "graph_id">;

/**
 * Stored relations of some (subject, object) pairs, each pair one seek of the pair index (a
 * hub costs no more than any other entity); at most `limit`. Only those not taken from an
 * article or taken from one of `articleIds`, when given. The pairs go in as one JSON
 * parameter; expanding it is each engine's own (json_each / json_array_elements).
 */
const knownQuery = (
  db: Db,
  pairs: [number, number][],
  articleIds: number[] | null,
  limit: number,
) => {
  const json = JSON.stringify(pairs);
  const fromPairs =
    engineOf(db) === "postgres"
      ? sql`json_array_elements(${json}::json) AS p(value)
          JOIN kg_relations r ON r.subject_id = (p.value ->> 0)::bigint AND r.object_id = (p.value ->> 1)::bigint`
      : sql`json_each(${json}) p
          JOIN kg_relations r ON r.subject_id = p.value ->> 0 AND r.object_id = p.value ->> 1`;
  const inArticles =
    articleIds === null
      ? sql``
      : sql`WHERE r.article_id IS NULL OR r.article_id IN ${intList(db, articleIds)}`;
  return sql<KnownRelationRow>`SELECT r.id, r.subject_id, r.object_id, r.relation_type_id, r.confidence, r.article_id, r.sent_start, r.sent_end
      FROM ${fromPairs} ${inArticles} LIMIT ${limit}`;
};

export async function knownRelationRows(
  db: Db,
  pairs: [number, number][],
  articleIds: number[] | null,
  limit: number,
): Promise<KnownRelationRow[]> {
  return (await knownQuery(db, pairs, articleIds, limit).execute(db)).rows;
}

/** An article a learner reads: its text. */
export interface LearningArticle {
  id: number;
  content: string;
}

/**
 * The articles a graph's extraction learns from: the given ones, or (null) the graph's newest
 * `limit` articles; in id order.
 */
export async function learningArticles(
  db: Db,
  graphId: number,
  articleIds: number[] | null,
  limit: number,
): Promise<LearningArticle[]> {
  const rows = await db
    .selectFrom("kg_articles")
    .select(["id", "content"])
    .where("graph_id", "=", graphId)
    .$if(articleIds !== null, (q) => q.where("id", "in", intList(db, articleIds!)))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

export interface StatedRelationRow {
  article_id: number;
  subject_id: number;
  object_id: number;
  relation_type_id: number;
  sent_start: number | null;
  sent_end: number | null;
}

/** The relations some articles state, with the sentence stating each. */
export async function statedRelations(db: Db, articleIds: number[]): Promise<StatedRelationRow[]> {
  if (!articleIds.length) return [];
  return (await db
    .selectFrom("kg_relations")
    .select(["article_id", "subject_id", "object_id", "relation_type_id", "sent_start", "sent_end"])
    .where("article_id", "in", intList(db, articleIds))
    .execute()) as StatedRelationRow[];
}

export interface ReportRow {
  article_id: number;
  sent_start: number;
  sent_end: number;
  event_type_id: number | null;
}

/** The events some articles report: the reporting sentence and the event's type. */
export async function reportedEvents(db: Db, articleIds: number[]): Promise<ReportRow[]> {
  if (!articleIds.length) return [];
  return db
    .selectFrom("kg_event_articles as r")
    .innerJoin("kg_events as e", "e.id", "r.event_id")
    .select(["r.article_id", "r.sent_start", "r.sent_end", "e.event_type_id"])
    .where("r.article_id", "in", intList(db, articleIds))
    .execute();
}

/**
 * The participants of the events some articles report, with their role and their entity's
 * class (an event reported by two of them counts once).
 */
export async function reportedParticipants(db: Db, articleIds: number[]) {
  if (!articleIds.length) return [];
  return db
    .selectFrom("kg_event_participants as p")
    .innerJoin("kg_events as e", "e.id", "p.event_id")
    .innerJoin("kg_entities as x", "x.id", "p.entity_id")
    .select(["e.event_type_id", "p.role", "x.class_id"])
    .where(
      "p.event_id",
      "in",
      db
        .selectFrom("kg_event_articles")
        .select("event_id")
        .where("article_id", "in", intList(db, articleIds)),
    )
    .execute();
}

export interface ExtractionInsert {
  graphId: number;
  subjectId: number;
  relationTypeId: number;
  objectId: number;
  direction: "ab" | "ba";
  pattern: string;
  /** Every pattern key of the candidate: a verdict is booked on each. */
  keys: string[];
  confidence: number;
  sentence: string;
  articleId: number | null;
}

/** Records an extracted relation someone reports (the same one reported again is the same row); its id. */
export async function saveExtraction(tx: Db, x: ExtractionInsert): Promise<number> {
  const same = await tx
    .selectFrom("kg_extractions")
    .select("id")
    .where("graph_id", "=", x.graphId)
    .where("subject_id", "=", x.subjectId)
    .where("relation_type_id", "=", x.relationTypeId)
    .where("object_id", "=", x.objectId)
    .where("pattern", "=", x.pattern)
    .where("sentence", "=", x.sentence)
    .executeTakeFirst();
  if (same) return same.id;
  const row = await tx
    .insertInto("kg_extractions")
    .values({
      graph_id: x.graphId,
      subject_id: x.subjectId,
      relation_type_id: x.relationTypeId,
      object_id: x.objectId,
      direction: x.direction,
      pattern: x.pattern,
      keys: JSON.stringify(x.keys),
      confidence: x.confidence,
      sentence: x.sentence,
      article_id: x.articleId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface VerdictRow {
  relation_type_id: number;
  direction: string;
  keys: string;
  status: string;
  handled_at: string | null;
  article_id: number | null;
}

/**
 * Reviewers' verdicts on the graph's reported extractions: reports of kind 'extraction' that
 * were handled (confirmed or fixed: the extraction was wrong; rejected: it was right).
 */
const verdicts = (db: Db, graphId: number) =>
  db
    .selectFrom("kg_feedback as f")
    .innerJoin("kg_extractions as x", (join) =>
      join.on(sql`cast(x.id as text)`, "=", sql.ref("f.target")),
    )
    .where("f.graph_id", "=", graphId)
    .where("x.graph_id", "=", graphId)
    .where("f.kind", "=", "extraction")
    .where("f.status", "in", ["confirmed", "fixed", "rejected"]);

export async function verdictRows(db: Db, graphId: number): Promise<VerdictRow[]> {
  return verdicts(db, graphId)
    .select([
      "x.relation_type_id",
      "x.direction",
      "x.keys",
      "f.status",
      "f.handled_at",
      "x.article_id",
    ])
    .orderBy("f.handled_at")
    .execute();
}

/** Changes when a verdict is given or changed: how many there are and the newest. */
export async function verdictSignature(db: Db, graphId: number): Promise<string> {
  const row = await verdicts(db, graphId)
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("f.handled_at").as("at")])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${row?.at ?? ""}`;
}
