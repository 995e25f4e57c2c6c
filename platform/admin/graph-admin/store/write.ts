import type { Article } from "@contract/kg";
import { sql } from "kysely";
import type { Db } from "../../../db/store.js";
import {
  insertRows,
  intList,
  RELATION_COLUMNS,
  textList,
  type Bulk,
} from "../../../kg/store/sql.js";
import { bumpGraphVersion } from "../../../kg/store/state.js";

export { bulkOf, type Bulk } from "../../../kg/store/sql.js";

/**
 * What builds, updates and rebuilds write into a graph (admin/graph-admin/write.ts), each in
 * the caller's write transaction. Rows go in through insertRows (kg/store/sql.ts): prepared
 * row statements on SQLite, multi-row VALUES on PostgreSQL.
 */

/** A graph's facts, dependants first; flows stay. */
const FACT_TABLES = [
  "kg_event_relations",
  "kg_events",
  "kg_relations",
  "kg_entities",
  "kg_articles",
] as const;
export type FactTable = (typeof FACT_TABLES)[number];
export const factTables = (): readonly FactTable[] => FACT_TABLES;

/** Deletes up to `limit` rows of the graph from one fact table; how many went. */
export async function deleteFactBatch(
  tx: Db,
  table: FactTable,
  graphId: number,
  limit: number,
): Promise<number> {
  const t = sql.table(table);
  const result = await sql`DELETE FROM ${t} WHERE id IN
      (SELECT id FROM ${t} WHERE graph_id = ${graphId} LIMIT ${limit})`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** The daily rollups go with the facts; the graph's caches are stale from now on. */
export async function clearRollups(tx: Db, graphId: number) {
  await tx.deleteFrom("kg_entity_daily").where("graph_id", "=", graphId).execute();
  await tx.deleteFrom("kg_event_daily").where("graph_id", "=", graphId).execute();
  await bumpGraphVersion(tx, graphId, true);
}

/** Which of these entity uuids some entity (of any graph) holds already. */
export async function takenUuids(db: Db, uuids: string[]): Promise<Set<string>> {
  if (!uuids.length) return new Set();
  const rows = await db
    .selectFrom("kg_entities")
    .select("uuid")
    .where("uuid", "in", textList(db, uuids))
    .execute();
  return new Set(rows.map((r) => r.uuid));
}

export type EntityInsert = [
  uuid: string,
  graphId: number,
  classId: number | null,
  name: string,
  aliases: string,
  properties: string,
  description: string,
];

/** New entities; their ids by uuid (each uuid is new: see takenUuids). */
export async function insertEntityRows(
  bulk: Bulk,
  rows: EntityInsert[],
): Promise<Map<string, number>> {
  const { rows: ids } = await insertRows<{ id: number; uuid: string }>(
    bulk,
    "kg_entities",
    ["uuid", "graph_id", "class_id", "name", "aliases", "properties", "description"],
    rows,
    { returning: ["id", "uuid"] },
  );
  return new Map(ids.map((r) => [r.uuid, r.id]));
}

export type RelationInsert = [
  graphId: number,
  subjectId: number,
  typeId: number,
  objectId: number,
  confidence: number,
  articleId: number | null,
  sentStart: number | null,
  sentEnd: number | null,
];

/** New relations; their ids (in no promised order). */
export async function insertRelationRows(bulk: Bulk, rows: RelationInsert[]): Promise<number[]> {
  const { rows: ids } = await insertRows<{ id: number }>(
    bulk,
    "kg_relations",
    RELATION_COLUMNS,
    rows,
    { returning: ["id"] },
  );
  return ids.map((r) => r.id);
}

/** Marks relations as last written by the job (replacing an earlier job's mark). */
export async function markBuilt(tx: Db, relationIds: number[], jobId: number) {
  if (!relationIds.length) return;
  await sql`INSERT INTO kg_relation_builds (relation_id, job_id)
      SELECT r.id, ${jobId} FROM kg_relations r WHERE r.id IN ${intList(tx, relationIds)}
      ON CONFLICT (relation_id) DO UPDATE SET job_id = excluded.job_id`.execute(tx);
}

/** A new article of the graph; its id. */
export async function insertArticle(tx: Db, a: Omit<Article, "id">): Promise<number> {
  const { id } = await tx
    .insertInto("kg_articles")
    .values(a)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** An entity's class, aliases, properties and description changed in place. */
export async function updateEntity(
  tx: Db,
  id: number,
  e: { class_id: number | null; aliases: string; properties: string; description: string },
) {
  await tx
    .updateTable("kg_entities")
    .set({ ...e, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function updateRelationConfidence(tx: Db, id: number, confidence: number) {
  await tx.updateTable("kg_relations").set({ confidence }).where("id", "=", id).execute();
}

export async function updateRelationProvenance(
  tx: Db,
  id: number,
  p: { article_id: number | null; sent_start: number | null; sent_end: number | null },
) {
  await tx.updateTable("kg_relations").set(p).where("id", "=", id).execute();
}

/** Deletes relations by id. */
export async function deleteRelations(tx: Db, ids: number[]) {
  if (ids.length) await tx.deleteFrom("kg_relations").where("id", "in", intList(tx, ids)).execute();
}

/** Deletes entities by id (their relations go with them). */
export async function deleteEntities(tx: Db, ids: number[]) {
  if (ids.length) await tx.deleteFrom("kg_entities").where("id", "in", intList(tx, ids)).execute();
}
