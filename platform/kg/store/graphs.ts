import type { GraphCounts } from "@contract/kg";
import { sql } from "kysely";
import type { Db } from "../../db/store.js";

export interface GraphRow {
  id: number;
  name: string;
  domain: string;
  description: string;
  /** The job writing the graph's facts now (kg_graph_writes), or null. */
  writing_job: number | null;
}

const graphColumns = (db: Db) =>
  db
    .selectFrom("graphs as g")
    .leftJoin("kg_graph_writes as w", "w.graph_id", "g.id")
    .select(["g.id", "g.name", "g.domain", "g.description", "w.job_id as writing_job"]);

export function graphRow(db: Db, graphId: number): Promise<GraphRow | undefined> {
  return graphColumns(db).where("g.id", "=", graphId).executeTakeFirst();
}

export function graphRows(db: Db): Promise<GraphRow[]> {
  return graphColumns(db).orderBy("g.id").execute();
}

/** What a graph holds, each figure one count over an index on graph_id, in one statement. */
export async function graphCountRows(db: Db, graphId: number): Promise<GraphCounts> {
  const count = (table: string) =>
    sql`(SELECT count(*) FROM ${sql.table(table)} WHERE graph_id = ${graphId})`;
  const { rows } = await sql<GraphCounts>`SELECT
      ${count("kg_articles")} AS articles,
      ${count("kg_entities")} AS entities,
      ${count("kg_relations")} AS relations,
      ${count("kg_events")} AS events,
      ${count("kg_event_relations")} AS event_relations,
      ${count("kg_flows")} AS flows`.execute(db);
  return rows[0];
}

/** Entities per class, most first. */
export function entityClassCounts(db: Db, graphId: number) {
  return db
    .selectFrom("kg_entities")
    .select((eb) => ["class_id", eb.fn.countAll<number>().as("count")])
    .where("graph_id", "=", graphId)
    .groupBy("class_id")
    .orderBy("count", "desc")
    .execute();
}

/** Events per type, most first. */
export function eventTypeCounts(db: Db, graphId: number) {
  return db
    .selectFrom("kg_events")
    .select((eb) => ["event_type_id", eb.fn.countAll<number>().as("count")])
    .where("graph_id", "=", graphId)
    .groupBy("event_type_id")
    .orderBy("count", "desc")
    .execute();
}

/** The graph an entity belongs to, by its uuid. */
export async function graphOfEntity(db: Db, uuid: string): Promise<number | undefined> {
  return (
    await db
      .selectFrom("kg_entities")
      .select("graph_id")
      .where("uuid", "=", uuid)
      .executeTakeFirst()
  )?.graph_id;
}

/** Adds graphs of the catalogue a store lacks, with their fixed ids; existing ones stay as they are. */
export async function addGraphs(
  db: Db,
  graphs: { id: number; name: string; domain: string; description: string }[],
) {
  if (!graphs.length) return;
  await db
    .insertInto("graphs")
    .values(graphs)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
