import type { GraphRow, JobBrief, SourceOptions } from "@contract/graph-admin";
import { sql } from "kysely";
import { engineOf } from "../../../db/dialect.js";
import type { Db } from "../../../db/store.js";
import { intList, searchColumns } from "../../../kg/store/sql.js";

/**
 * Graph administration's statements about graphs (admin/graph-admin/graphs.ts): the graph rows
 * and their cards, the checks before a job is queued, browsing entities, and moving a graph's
 * facts to another ontology's classes and types.
 */

export function graphAdminRow(db: Db, id: number): Promise<GraphRow | undefined> {
  return db
    .selectFrom("graphs")
    .select(["id", "name", "domain", "description", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function graphAdminRows(db: Db): Promise<GraphRow[]> {
  return db
    .selectFrom("graphs")
    .select(["id", "name", "domain", "description", "created_at"])
    .orderBy("id")
    .execute();
}

/** What a graph card counts, one statement (each figure a count over an index on graph_id). */
export async function cardCounts(
  db: Db,
  graphId: number,
): Promise<{ entities: number; relations: number; events: number; articles: number }> {
  const count = (table: string) =>
    sql<number>`(SELECT count(*) FROM ${sql.table(table)} WHERE graph_id = ${graphId})`;
  const { rows } = await sql<{
    entities: number;
    relations: number;
    events: number;
    articles: number;
  }>`SELECT ${count("kg_entities")} AS entities, ${count("kg_relations")} AS relations,
            ${count("kg_events")} AS events, ${count("kg_articles")} AS articles`.execute(db);
  return rows[0];
}

/** The graph's ontology (id, name, domain), or undefined. */
export function graphOntologyHead(
  db: Db,
  graphId: number,
): Promise<{ id: number; name: string; domain: string } | undefined> {
  return db
    .selectFrom("kg_graph_ontology as m")
    .innerJoin("kg_ontologies as o", "o.id", "m.ontology_id")
    .select(["o.id", "o.name", "o.domain"])
    .where("m.graph_id", "=", graphId)
    .executeTakeFirst();
}

/** The other graphs on an ontology, by id. */
export function graphsOnOntology(
  db: Db,
  ontologyId: number,
  exceptGraphId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom("kg_graph_ontology as m")
    .innerJoin("graphs as g", "g.id", "m.graph_id")
    .select(["g.id", "g.name"])
    .where("m.ontology_id", "=", ontologyId)
    .where("g.id", "<>", exceptGraphId)
    .orderBy("g.id")
    .execute();
}

/** The graph's last job of these kinds (its params as stored, for the job's name). */
export async function lastJobOf(
  db: Db,
  graphId: number,
  kinds: string[],
): Promise<(Omit<JobBrief, "kind_label"> & { params_json: string | null }) | undefined> {
  return db
    .selectFrom("jobs")
    .select([
      "id",
      "kind",
      "params_json",
      "status",
      "progress",
      "message",
      "error",
      "created_at",
      "finished_at",
    ])
    .where("graph_id", "=", graphId)
    .where("kind", "in", kinds)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst() as Promise<
    (Omit<JobBrief, "kind_label"> & { params_json: string | null }) | undefined
  >;
}

/** A queued or running job of these kinds on the graph, if any (its id). */
export async function busyJobOf(
  db: Db,
  graphId: number,
  kinds: string[],
): Promise<number | undefined> {
  return (
    await db
      .selectFrom("jobs")
      .select("id")
      .where("graph_id", "=", graphId)
      .where("status", "in", ["queued", "running"])
      .where("kind", "in", kinds)
      .limit(1)
      .executeTakeFirst()
  )?.id;
}

export async function graphNameTaken(db: Db, name: string, exceptId = -1): Promise<boolean> {
  return !!(await db
    .selectFrom("graphs")
    .select("id")
    .where("name", "=", name)
    .where("id", "<>", exceptId)
    .executeTakeFirst());
}

/** A new graph row; its id. */
export async function insertGraph(
  tx: Db,
  g: { name: string; domain: string; description: string },
): Promise<number> {
  const { id } = await tx.insertInto("graphs").values(g).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateGraphRow(
  tx: Db,
  id: number,
  g: { name: string; domain: string; description: string },
) {
  await tx.updateTable("graphs").set(g).where("id", "=", id).execute();
}

/** The ontology of that id (id and name), or undefined. */
export function ontologyHead(
  db: Db,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom("kg_ontologies")
    .select(["id", "name"])
    .where("id", "=", id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- browsing

/** An entity's columns in the lists and the detail (`e`, its class `c`). */
const ENTITY_COLUMNS = [
  "e.id",
  "e.uuid",
  "e.name",
  "e.class_id",
  "c.name as class",
  "e.aliases",
] as const;

/** What ENTITY_COLUMNS read. */
interface EntityColumns {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  class: string | null;
  aliases: string;
}

export interface EntityListRow extends EntityColumns {
  out_relations: number;
  in_relations: number;
}

/** A page of the graph's entities by name (optionally searched, of one class), and how many. */
export async function entityListPage(
  db: Db,
  graphId: number,
  q: { search?: string; classId?: number; limit: number; offset: number },
): Promise<{ rows: EntityListRow[]; count: number }> {
  const base = db
    .selectFrom("kg_entities as e")
    .where("e.graph_id", "=", graphId)
    .$if(!!q.search, (w) => w.where(searchColumns(db, ["e.name", "e.aliases"], q.search!)))
    .$if(q.classId !== undefined, (w) => w.where("e.class_id", "=", q.classId!));
  const { count } = await base
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin("kg_classes as c", "c.id", "e.class_id")
    .select([
      ...ENTITY_COLUMNS,
      sql<number>`(SELECT count(*) FROM kg_relations r WHERE r.subject_id = e.id)`.as(
        "out_relations",
      ),
      sql<number>`(SELECT count(*) FROM kg_relations r WHERE r.object_id = e.id)`.as(
        "in_relations",
      ),
    ])
    .orderBy("e.name")
    .orderBy("e.id")
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, count };
}

export interface EntityDetailRow extends EntityColumns {
  properties: string;
  description: string;
}

export function entityDetailRow(
  db: Db,
  graphId: number,
  entityId: number,
): Promise<EntityDetailRow | undefined> {
  return db
    .selectFrom("kg_entities as e")
    .leftJoin("kg_classes as c", "c.id", "e.class_id")
    .select([...ENTITY_COLUMNS, "e.properties", "e.description"])
    .where("e.id", "=", entityId)
    .where("e.graph_id", "=", graphId)
    .executeTakeFirst();
}

export interface NeighbourRow {
  id: number;
  predicate: string;
  confidence: number;
  other_id: number;
  other_uuid: string;
  other_name: string;
  other_class: string | null;
}

/** An entity's relations on one side (`own`: its column), by predicate and the other's name. */
export function neighbourRows(
  db: Db,
  entityId: number,
  own: "subject_id" | "object_id",
  limit: number,
): Promise<NeighbourRow[]> {
  const other = own === "subject_id" ? "r.object_id" : "r.subject_id";
  return db
    .selectFrom("kg_relations as r")
    .innerJoin("kg_relation_types as t", "t.id", "r.relation_type_id")
    .innerJoin("kg_entities as o", "o.id", other)
    .leftJoin("kg_classes as c", "c.id", "o.class_id")
    .select([
      "r.id",
      "t.name as predicate",
      "r.confidence",
      "o.id as other_id",
      "o.uuid as other_uuid",
      "o.name as other_name",
      "c.name as other_class",
    ])
    .where(`r.${own}`, "=", entityId)
    .orderBy("t.name")
    .orderBy("o.name")
    .limit(limit)
    .execute();
}

/** How many relations the entity has on one side. */
export async function relationTotal(
  db: Db,
  entityId: number,
  own: "subject_id" | "object_id",
): Promise<number> {
  const { n } = await db
    .selectFrom("kg_relations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(own, "=", entityId)
    .executeTakeFirstOrThrow();
  return n;
}

// ---------------------------------------------------------------- moving to another ontology

/** A class or type the graph's facts use: its id, name and how many facts. */
export interface UsedTerm {
  id: number;
  name: string;
  n: number;
}

/** Where the facts name their terms: the facts' table, the terms' table, the linking column. */
const TERM_USES = {
  classes: ["kg_entities", "kg_classes", "class_id"],
  relationTypes: ["kg_relations", "kg_relation_types", "relation_type_id"],
  eventTypes: ["kg_events", "kg_event_types", "event_type_id"],
} as const;

/** The classes, relation types and event types the graph's facts use. */
export async function termsInUse(
  db: Db,
  graphId: number,
): Promise<Record<keyof typeof TERM_USES, UsedTerm[]>> {
  const used = async ([facts, terms, column]: (typeof TERM_USES)[keyof typeof TERM_USES]) =>
    (
      await sql<UsedTerm>`SELECT t.id, t.name, count(*) AS n
        FROM ${sql.table(facts)} f JOIN ${sql.table(terms)} t ON t.id = f.${sql.ref(column)}
        WHERE f.graph_id = ${graphId} GROUP BY t.id, t.name ORDER BY t.id`.execute(db)
    ).rows;
  return {
    classes: await used(TERM_USES.classes),
    relationTypes: await used(TERM_USES.relationTypes),
    eventTypes: await used(TERM_USES.eventTypes),
  };
}

/** An ontology's classes, relation types or event types: name → id. */
export async function termIdsByName(
  db: Db,
  table: "kg_classes" | "kg_relation_types" | "kg_event_types",
  ontologyId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(["name", "id"])
    .where("ontology_id", "=", ontologyId)
    .execute();
  return new Map(rows.map((x) => [x.name, x.id]));
}

type IdMap = Map<number, number>;

/**
 * `column` of the table's rows of the graph set through `map` (old id → new id; one not in the
 * map becomes NULL), in one statement. The map goes in as one JSON object parameter.
 */
function remapColumn(db: Db, table: string, column: string, graphId: number, map: IdMap) {
  const json = JSON.stringify(Object.fromEntries(map));
  const col = sql.ref(column);
  const mapped =
    engineOf(db) === "postgres"
      ? sql`(${json}::jsonb ->> ${col}::text)::bigint`
      : sql`json_extract(${json}, '$."' || ${col} || '"')`;
  return sql`UPDATE ${sql.table(table)} SET ${col} = ${mapped}
              WHERE graph_id = ${graphId} AND ${col} IS NOT NULL`;
}

/** Points the graph's facts at other class and type ids (same names, another ontology). */
export async function remapFacts(
  tx: Db,
  graphId: number,
  maps: { classMap: IdMap; relationMap: IdMap; eventMap: IdMap },
) {
  await remapColumn(tx, "kg_entities", "class_id", graphId, maps.classMap).execute(tx);
  await remapColumn(tx, "kg_relations", "relation_type_id", graphId, maps.relationMap).execute(tx);
  await remapColumn(tx, "kg_events", "event_type_id", graphId, maps.eventMap).execute(tx);
}

// ---------------------------------------------------------------- the build forms

/** How many rows of `table` name the outer row `outer` in `column` (a subquery). */
const naming = (table: "data_triples" | "data_files", column: string, outer: string) =>
  sql<number>`(SELECT count(*) FROM ${sql.table(table)} c WHERE c.${sql.ref(column)} = ${sql.ref(outer)})`;

/** What the build and update forms offer: files, sources, triple data per graph, ontologies. */
export async function sourceOptions(db: Db): Promise<SourceOptions> {
  const files = await db
    .selectFrom("data_files")
    .select(["id", "name", "filename", "size", "created_at"])
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  const sources = await db
    .selectFrom("data_sources as s")
    .select(["s.id", "s.name", naming("data_triples", "source_id", "s.id").as("triples")])
    .select(naming("data_files", "source_id", "s.id").as("files"))
    .orderBy("s.name")
    .execute();
  const tripleGraphs = await db
    .selectFrom("graphs as g")
    .select(["g.id", "g.name", naming("data_triples", "graph_id", "g.id").as("triples")])
    .orderBy("g.id")
    .execute();
  const { n } = await db
    .selectFrom("data_triples")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const ontologies = await db
    .selectFrom("kg_ontologies")
    .select(["id", "name", "domain"])
    .orderBy("id")
    .execute();
  return { files, sources, triple_graphs: tripleGraphs, all_triples: n, ontologies };
}

/** Which of these ids are rows of the table (files, sources, graphs): the missing ones, in order. */
export async function missingIds(
  db: Db,
  table: "data_files" | "data_sources" | "graphs",
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .selectFrom(table)
    .select("id")
    .where("id", "in", intList(db, ids))
    .execute();
  const have = new Set(found.map((r) => r.id));
  return ids.filter((id) => !have.has(id));
}
