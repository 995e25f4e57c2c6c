import { sql } from "kysely";
import { engineOf } from "../../../db/dialect.js";
import type { Db } from "../../../db/store.js";
import { intList, textList } from "../../../kg/store/sql.js";

/**
 * What a plan reads of a graph (admin/graph-admin/plan.ts): the ontology's class properties,
 * the entities and relations the source rows name (looked up in batches, not one query per
 * row), the whole graph for a rebuild's dry run (streamed), and the fact signature.
 */

/** Keys per lookup statement: one JSON parameter each, so the statement's text never changes. */
const LOOKUP_BATCH = 1000;

const chunks = <T>(list: T[], size = LOOKUP_BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export interface KnownEntity {
  id: number;
  name: string;
  class_id: number | null;
  properties: string;
  aliases: string;
  description: string;
}

/**
 * The graph's entities of these names: the first (lowest id) of each name the graph holds.
 * In batches of names, each one statement.
 */
export async function entitiesByName(
  db: Db,
  graphId: number,
  names: string[],
): Promise<Map<string, KnownEntity>> {
  const out = new Map<string, KnownEntity>();
  for (const batch of chunks(names)) {
    const rows = await db
      .selectFrom("kg_entities")
      .select(["id", "name", "class_id", "properties", "aliases", "description"])
      .where("graph_id", "=", graphId)
      .where("name", "in", textList(db, batch))
      .orderBy("id")
      .execute();
    for (const r of rows) if (!out.has(r.name)) out.set(r.name, r);
  }
  return out;
}

export interface FoundRelation {
  id: number;
  confidence: number;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}

export const tripleKey = (s: number, t: number, o: number) => `${s}:${t}:${o}`;

/**
 * The stored relations of these (subject id, type id, object id) triples: the first (lowest
 * id) of each, by tripleKey. Each triple one seek of the (subject, type) index; the triples go
 * in as one JSON parameter per batch, expanded by each engine's own function.
 */
export async function relationsByTriple(
  db: Db,
  triples: [number, number, number][],
): Promise<Map<string, FoundRelation>> {
  const out = new Map<string, FoundRelation>();
  for (const batch of chunks(triples)) {
    const json = JSON.stringify(batch);
    const from =
      engineOf(db) === "postgres"
        ? sql`json_array_elements(${json}::json) AS p(value)
            JOIN kg_relations r ON r.subject_id = (p.value ->> 0)::bigint
             AND r.relation_type_id = (p.value ->> 1)::bigint AND r.object_id = (p.value ->> 2)::bigint`
        : sql`json_each(${json}) p
            JOIN kg_relations r ON r.subject_id = p.value ->> 0
             AND r.relation_type_id = p.value ->> 1 AND r.object_id = p.value ->> 2`;
    const { rows } = await sql<
      FoundRelation & { subject_id: number; relation_type_id: number; object_id: number }
    >`SELECT r.id, r.subject_id, r.relation_type_id, r.object_id, r.confidence, r.article_id,
             r.sent_start, r.sent_end
        FROM ${from} ORDER BY r.id`.execute(db);
    for (const r of rows) {
      const key = tripleKey(r.subject_id, r.relation_type_id, r.object_id);
      if (!out.has(key))
        out.set(key, {
          id: r.id,
          confidence: r.confidence,
          article_id: r.article_id,
          sent_start: r.sent_start,
          sent_end: r.sent_end,
        });
    }
  }
  return out;
}

/**
 * The relation types each of these entities takes part in, per side, with how many relations:
 * per entity, its subject side first, then its object side, each by type id.
 */
export async function relationTypesOfEntities(
  db: Db,
  entityIds: number[],
): Promise<Map<number, { type: number; side: "subject" | "object"; n: number }[]>> {
  const out = new Map<number, { type: number; side: "subject" | "object"; n: number }[]>();
  for (const batch of chunks(entityIds)) {
    const { rows } = await sql<{
      entity: number;
      type: number;
      side: "subject" | "object";
      n: number;
    }>`SELECT entity, type, side, n FROM (
         SELECT subject_id AS entity, relation_type_id AS type, 'subject' AS side, 0 AS o, count(*) AS n
           FROM kg_relations WHERE subject_id IN ${intList(db, batch)} GROUP BY subject_id, relation_type_id
         UNION ALL
         SELECT object_id, relation_type_id, 'object', 1, count(*)
           FROM kg_relations WHERE object_id IN ${intList(db, batch)} GROUP BY object_id, relation_type_id
       ) x ORDER BY entity, o, type`.execute(db);
    for (const r of rows) {
      const list = out.get(r.entity) ?? [];
      list.push({ type: r.type, side: r.side, n: r.n });
      out.set(r.entity, list);
    }
  }
  return out;
}

/**
 * A graph's entities by name, a name's rows in id order, batch by batch (the executor's stream:
 * run it in a snapshot of its own, store.snapshot, and read nothing else on that handle while it
 * streams). The order is the (graph_id, name) index's own: on SQLite an order it cannot read from
 * an index is a sort of every row before the first comes, the event loop held meanwhile.
 */
export async function* graphEntityBatches(db: Db, graphId: number): AsyncGenerator<KnownEntity[]> {
  const query = db
    .selectFrom("kg_entities")
    .select(["id", "name", "class_id", "properties", "aliases", "description"])
    .where("graph_id", "=", graphId)
    .orderBy("name")
    .orderBy("id")
    .compile();
  for await (const { rows } of db.getExecutor().stream(query, 2000)) yield rows as KnownEntity[];
}

export type GraphRelationRow = FoundRelation & { subject: string; type: number; object: string };

/**
 * A graph's relations with their ends' names, by type and a type's in id order (the
 * (graph_id, relation_type_id) index's order: no sort first), batch by batch (see graphEntityBatches).
 */
export async function* graphRelationBatches(
  db: Db,
  graphId: number,
): AsyncGenerator<GraphRelationRow[]> {
  const query = db
    .selectFrom("kg_relations as r")
    .innerJoin("kg_entities as s", "s.id", "r.subject_id")
    .innerJoin("kg_entities as o", "o.id", "r.object_id")
    .select([
      "r.id",
      "s.name as subject",
      "r.relation_type_id as type",
      "o.name as object",
      "r.confidence",
      "r.article_id",
      "r.sent_start",
      "r.sent_end",
    ])
    .where("r.graph_id", "=", graphId)
    .orderBy("r.relation_type_id")
    .orderBy("r.id")
    .compile();
  for await (const { rows } of db.getExecutor().stream(query, 2000))
    yield rows as GraphRelationRow[];
}

/** How many events and articles the graph holds. */
export async function eventAndArticleCounts(
  db: Db,
  graphId: number,
): Promise<{ events: number; articles: number }> {
  const { rows } = await sql<{ events: number; articles: number }>`SELECT
      (SELECT count(*) FROM kg_events WHERE graph_id = ${graphId}) AS events,
      (SELECT count(*) FROM kg_articles WHERE graph_id = ${graphId}) AS articles`.execute(db);
  return rows[0];
}

/**
 * What identifies the state of a graph's facts for an update: the dry run records it, the
 * apply refuses to go on when it changed. Inserts and deletes show in the counts and largest
 * ids, updates in place in kg_fact_versions (one per row updated, on both engines: row triggers
 * on SQLite, statement triggers counting the rows on PostgreSQL); ontology edits do not count
 * (the apply checks the data against the ontology again anyway). One statement.
 */
export async function factSignature(db: Db, graphId: number): Promise<string> {
  const { rows } = await sql<{
    updates: number | null;
    en: number;
    em: number;
    rn: number;
    rm: number;
  }>`SELECT
      (SELECT version FROM kg_fact_versions WHERE graph_id = ${graphId}) AS updates,
      (SELECT count(*) FROM kg_entities WHERE graph_id = ${graphId}) AS en,
      (SELECT coalesce(max(id), 0) FROM kg_entities WHERE graph_id = ${graphId}) AS em,
      (SELECT count(*) FROM kg_relations WHERE graph_id = ${graphId}) AS rn,
      (SELECT coalesce(max(id), 0) FROM kg_relations WHERE graph_id = ${graphId}) AS rm`.execute(
    db,
  );
  const r = rows[0];
  return `${r.updates ?? 0}:${r.en}:${r.em}:${r.rn}:${r.rm}`;
}
