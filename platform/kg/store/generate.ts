import { sql } from "kysely";
import { engineOf } from "../../db/dialect.js";
import type { Db } from "../../db/store.js";
import { insertRows, RELATION_COLUMNS, type Bulk } from "./sql.js";

export { bulkOf, type Bulk } from "./sql.js";

/**
 * The synthetic graph generator's writes (platform/kg/generate.ts), inside its one write
 * transaction: multi-row inserts chunked under the parameter limit on PostgreSQL, prepared
 * row statements on SQLite (store/sql.ts, insertRows).
 */

/**
 * The generator's one transaction writes millions of rows, and its set-based statements (the
 * rollups over two million mentions: 40 s and more on PostgreSQL, whose foreign-key checks run
 * per row) outlast the pool's statement timeout, which is meant for requests: none within it.
 * Nothing to do on SQLite (no timeout).
 */
export async function untimedTransaction(tx: Db) {
  if (engineOf(tx) === "postgres") await sql`SET LOCAL statement_timeout = 0`.execute(tx);
}

/** Creates the graph row when missing (an existing one is kept as it is). */
export async function ensureGraphRow(tx: Db, graphId: number, name: string, domain: string) {
  await tx
    .insertInto("graphs")
    .values({ id: graphId, name, domain })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether the graph holds any entity or article. */
export async function graphHasFacts(db: Db, graphId: number): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`SELECT CASE WHEN
      EXISTS (SELECT 1 FROM kg_entities WHERE graph_id = ${graphId})
      OR EXISTS (SELECT 1 FROM kg_articles WHERE graph_id = ${graphId}) THEN 1 ELSE 0 END AS used`.execute(
    db,
  );
  return rows[0].used === 1;
}

/** [uuid, graph_id, class_id, name, aliases, description]; ids back by uuid. */
export async function insertEntities(
  bulk: Bulk,
  rows: [string, number, number, string, string, string][],
): Promise<{ id: number; uuid: string }[]> {
  return (
    await insertRows<{ id: number; uuid: string }>(
      bulk,
      "kg_entities",
      ["uuid", "graph_id", "class_id", "name", "aliases", "description"],
      rows,
      { returning: ["id", "uuid"] },
    )
  ).rows;
}

/** [graph_id, title, source, published_at, content]; ids back by title. */
export async function insertArticles(
  bulk: Bulk,
  rows: [number, string, string, string, string][],
): Promise<{ id: number; title: string }[]> {
  return (
    await insertRows<{ id: number; title: string }>(
      bulk,
      "kg_articles",
      ["graph_id", "title", "source", "published_at", "content"],
      rows,
      { returning: ["id", "title"] },
    )
  ).rows;
}

/** [article_id, start_pos, end_pos, entity_id]; a mention already at its place is skipped. How many went in. */
export async function insertMentions(bulk: Bulk, rows: [number, number, number, number][]) {
  return (
    await insertRows(
      bulk,
      "kg_entity_mentions",
      ["article_id", "start_pos", "end_pos", "entity_id"],
      rows,
      {
        onConflictDoNothing: true,
      },
    )
  ).inserted;
}

/** [graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end]. */
export async function insertRelations(
  bulk: Bulk,
  rows: [number, number, number, number, number, number, number, number][],
) {
  await insertRows(bulk, "kg_relations", RELATION_COLUMNS, rows);
}

export type EventInsert = [
  graphId: number,
  typeId: number | null,
  title: string,
  trigger: string,
  time: string,
  placeId: number | null,
  place: string,
  description: string,
  articleId: number,
  sentStart: number,
  sentEnd: number,
  triggerStart: number,
  triggerEnd: number,
];

/** Events; ids back with their article and sentence start (what tells them apart). */
export async function insertEvents(
  bulk: Bulk,
  rows: EventInsert[],
): Promise<{ id: number; article_id: number; sent_start: number }[]> {
  return (
    await insertRows<{ id: number; article_id: number; sent_start: number }>(
      bulk,
      "kg_events",
      [
        "graph_id",
        "event_type_id",
        "title",
        "trigger_word",
        "time",
        "place_id",
        "place",
        "description",
        "article_id",
        "sent_start",
        "sent_end",
        "trigger_start",
        "trigger_end",
      ],
      rows,
      { returning: ["id", "article_id", "sent_start"] },
    )
  ).rows;
}

/** [event_id, entity_id, role]; one already there is skipped. */
export async function insertParticipants(bulk: Bulk, rows: [number, number, string][]) {
  await insertRows(bulk, "kg_event_participants", ["event_id", "entity_id", "role"], rows, {
    onConflictDoNothing: true,
  });
}

/** [event_id, article_id, published_at, sent_start, sent_end]; one already there is skipped. */
export async function insertReports(bulk: Bulk, rows: [number, number, string, number, number][]) {
  await insertRows(
    bulk,
    "kg_event_articles",
    ["event_id", "article_id", "published_at", "sent_start", "sent_end"],
    rows,
    { onConflictDoNothing: true },
  );
}

/** [graph_id, source_event_id, target_event_id, type, strength, cue, article_id, sent_start, sent_end]; how many. */
export async function insertEventLinks(
  bulk: Bulk,
  rows: [number, number, number, string, number, string, number, number, number][],
) {
  return (
    await insertRows(
      bulk,
      "kg_event_relations",
      [
        "graph_id",
        "source_event_id",
        "target_event_id",
        "type",
        "strength",
        "cue",
        "article_id",
        "sent_start",
        "sent_end",
      ],
      rows,
    )
  ).inserted;
}
