import type { EventTypeNode, OntologySummary, RelationTypeNode } from "@contract/graph-admin";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { engineOf } from "../../../db/dialect.js";
import type { Db } from "../../../db/store.js";
import { intList } from "../../../kg/store/sql.js";

/**
 * The ontology editor's statements (admin/graph-admin/ontology/*): ontologies, their parts
 * (classes, class properties, relation types, event types) read and written generically by
 * table, and the integrity checks (what uses a part, the class tree, domains and ranges).
 */

// ---------------------------------------------------------------- ontologies

/** An ontology with how many parts it has (its graphs are read apart). */
export type OntologyListRow = Omit<OntologySummary, "graphs">;

/** Every ontology with how many classes, relation types and event types it has, by id. */
export function ontologyListRows(db: Db): Promise<OntologyListRow[]> {
  return db
    .selectFrom("kg_ontologies as o")
    .select([
      "o.id",
      "o.name",
      "o.domain",
      "o.description",
      "o.created_at",
      sql<number>`(SELECT count(*) FROM kg_classes c WHERE c.ontology_id = o.id)`.as("classes"),
      sql<number>`(SELECT count(*) FROM kg_relation_types r WHERE r.ontology_id = o.id)`.as(
        "relation_types",
      ),
      sql<number>`(SELECT count(*) FROM kg_event_types e WHERE e.ontology_id = o.id)`.as(
        "event_types",
      ),
    ])
    .orderBy("o.id")
    .execute();
}

/** The graphs on each ontology (graphs by id). */
export function graphsByOntology(
  db: Db,
): Promise<{ ontology_id: number; id: number; name: string }[]> {
  return db
    .selectFrom("kg_graph_ontology as m")
    .innerJoin("graphs as g", "g.id", "m.graph_id")
    .select(["m.ontology_id", "g.id", "g.name"])
    .orderBy("g.id")
    .execute();
}

export interface OntologyRow {
  id: number;
  name: string;
  domain: string;
  description: string;
}

export function ontologyRow(db: Db, id: number): Promise<OntologyRow | undefined> {
  return db
    .selectFrom("kg_ontologies")
    .select(["id", "name", "domain", "description"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function ontologyNameTaken(db: Db, name: string, exceptId = -1): Promise<boolean> {
  return !!(await db
    .selectFrom("kg_ontologies")
    .select("id")
    .where("name", "=", name)
    .where("id", "<>", exceptId)
    .executeTakeFirst());
}

/** A new (empty) ontology; its id. */
export async function insertOntology(
  tx: Db,
  o: { name: string; domain: string; description: string },
): Promise<number> {
  const { id } = await tx
    .insertInto("kg_ontologies")
    .values(o)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateOntologyRow(
  tx: Db,
  id: number,
  o: { name: string; domain: string; description: string },
) {
  await tx.updateTable("kg_ontologies").set(o).where("id", "=", id).execute();
}

/** Names of the graphs on an ontology, by graph id. */
export async function graphNamesOn(db: Db, ontologyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("kg_graph_ontology as m")
    .innerJoin("graphs as g", "g.id", "m.graph_id")
    .select("g.name")
    .where("m.ontology_id", "=", ontologyId)
    .orderBy("g.id")
    .execute();
  return rows.map((r) => r.name);
}

/** An ontology no graph uses, with its classes, properties and types. */
export async function deleteOntologyRows(tx: Db, id: number) {
  await tx
    .updateTable("kg_classes")
    .set({ parent_id: null })
    .where("ontology_id", "=", id)
    .execute();
  await tx.deleteFrom("kg_relation_types").where("ontology_id", "=", id).execute();
  await tx.deleteFrom("kg_event_types").where("ontology_id", "=", id).execute();
  await tx.deleteFrom("kg_classes").where("ontology_id", "=", id).execute();
  await tx.deleteFrom("kg_ontologies").where("id", "=", id).execute();
}

// ---------------------------------------------------------------- an ontology in detail

export interface ClassDetailRow {
  id: number;
  name: string;
  label_en: string;
  parent_id: number | null;
  is_place: number;
  color: string;
  description: string;
  entity_count: number;
}

export function classDetailRows(db: Db, ontologyId: number): Promise<ClassDetailRow[]> {
  return db
    .selectFrom("kg_classes as c")
    .select([
      "c.id",
      "c.name",
      "c.label_en",
      "c.parent_id",
      "c.is_place",
      "c.color",
      "c.description",
      sql<number>`(SELECT count(*) FROM kg_entities e WHERE e.class_id = c.id)`.as("entity_count"),
    ])
    .where("c.ontology_id", "=", ontologyId)
    .orderBy("c.id")
    .execute();
}

export function relationTypeDetailRows(db: Db, ontologyId: number): Promise<RelationTypeNode[]> {
  return db
    .selectFrom("kg_relation_types as r")
    .leftJoin("kg_classes as d", "d.id", "r.domain_class_id")
    .leftJoin("kg_classes as g", "g.id", "r.range_class_id")
    .select([
      "r.id",
      "r.name",
      "r.label_en",
      "r.domain_class_id",
      "d.name as domain_class",
      "r.range_class_id",
      "g.name as range_class",
      "r.description",
      sql<number>`(SELECT count(*) FROM kg_relations x WHERE x.relation_type_id = r.id)`.as(
        "relation_count",
      ),
    ])
    .where("r.ontology_id", "=", ontologyId)
    .orderBy("r.id")
    .execute();
}

/** An event type as stored: its triggers and roles as JSON text. */
export type EventTypeDetailRow = Omit<EventTypeNode, "triggers" | "roles"> & {
  triggers: string;
  roles: string;
};

export function eventTypeDetailRows(db: Db, ontologyId: number): Promise<EventTypeDetailRow[]> {
  return db
    .selectFrom("kg_event_types as e")
    .select([
      "e.id",
      "e.name",
      "e.label_en",
      "e.triggers",
      "e.roles",
      "e.color",
      "e.description",
      sql<number>`(SELECT count(*) FROM kg_events x WHERE x.event_type_id = e.id)`.as(
        "event_count",
      ),
    ])
    .where("e.ontology_id", "=", ontologyId)
    .orderBy("e.id")
    .execute();
}

// ---------------------------------------------------------------- parts, by table

/** The tables of an ontology's parts, and the ontology table itself (a part's parent). */
export type PartTable =
  "kg_ontologies" | "kg_classes" | "kg_class_properties" | "kg_relation_types" | "kg_event_types";

/** A part's row (every column), or undefined. */
export async function partRow<Row>(db: Db, table: PartTable, id: number): Promise<Row | undefined> {
  return (await db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as
    Row | undefined;
}

/** Whether another part of the scope (its ontology, or its class) holds the name. */
export async function partNameTaken(
  db: Db,
  table: PartTable,
  scope: string,
  scopeId: number,
  name: string,
  exceptId = -1,
): Promise<boolean> {
  const { rows } = await sql`SELECT 1 AS x FROM ${sql.table(table)}
     WHERE ${sql.ref(scope)} = ${scopeId} AND name = ${name} AND id <> ${exceptId}`.execute(db);
  return rows.length > 0;
}

/** A new part with these column values; its id. Columns are the kinds' own, never input. */
export async function insertPart(
  tx: Db,
  table: PartTable,
  values: Record<string, unknown>,
): Promise<number> {
  const columns = Object.keys(values);
  const { rows } = await sql<{ id: number }>`INSERT INTO ${sql.table(table)}
      (${sql.join(columns.map((c) => sql.ref(c)))})
      VALUES (${sql.join(columns.map((c) => values[c]))}) RETURNING id`.execute(tx);
  return rows[0].id;
}

/** A part's columns set to these values. */
export async function updatePart(
  tx: Db,
  table: PartTable,
  id: number,
  values: Record<string, unknown>,
) {
  const sets = Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`);
  await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE id = ${id}`.execute(tx);
}

export async function deletePart(tx: Db, table: PartTable, id: number) {
  await sql`DELETE FROM ${sql.table(table)} WHERE id = ${id}`.execute(tx);
}

/** How many rows of `table` hold `id` in `column` (what uses a part). */
export async function countUses(
  db: Db,
  table: "kg_entities" | "kg_relations" | "kg_events",
  column: "class_id" | "relation_type_id" | "event_type_id",
  id: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}
     WHERE ${sql.ref(column)} = ${id}`.execute(db);
  return rows[0].n;
}

/** The ontology of a class, or undefined when there is no such class. */
export async function ontologyOfClass(db: Db, classId: number): Promise<number | undefined> {
  return (
    await db
      .selectFrom("kg_classes")
      .select("ontology_id")
      .where("id", "=", classId)
      .executeTakeFirst()
  )?.ontology_id;
}

/** Names of a class's subclasses, by id. */
export async function subclassNames(db: Db, classId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("kg_classes")
    .select("name")
    .where("parent_id", "=", classId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.name);
}

/** Names of the relation types with the class as domain or range, by id. */
export async function relationTypesUsingClass(db: Db, classId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("kg_relation_types")
    .select("name")
    .where((eb) => eb.or([eb("domain_class_id", "=", classId), eb("range_class_id", "=", classId)]))
    .orderBy("id")
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Whether an entity's properties (JSON text) hold the key: present at all (`present`, even as
 * JSON null), or with a value other than null (`value`). One form per engine.
 */
export function propertyHeld(db: Db, key: string, how: "present" | "value"): RawBuilder<SqlBool> {
  if (engineOf(db) === "postgres")
    return how === "present"
      ? sql<SqlBool>`(e.properties::jsonb ? ${key})`
      : sql<SqlBool>`(e.properties::jsonb ->> ${key}) IS NOT NULL`;
  const path = sql`'$."' || replace(${key}, '"', '""') || '"'`;
  return how === "present"
    ? sql<SqlBool>`json_type(e.properties, ${path}) IS NOT NULL`
    : sql<SqlBool>`json_extract(e.properties, ${path}) IS NOT NULL`;
}

/** How many entities of these classes hold a value (even null) for the property. */
export async function propertyUseCount(db: Db, classIds: number[], name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM kg_entities e
     WHERE e.class_id IN ${intList(db, classIds)} AND ${propertyHeld(db, name, "present")}`.execute(
    db,
  );
  return rows[0].n;
}

// ---------------------------------------------------------------- the class tree, domains and ranges

/** Every class of an ontology: id, parent and name. */
export function classTreeRows(
  db: Db,
  ontologyId: number,
): Promise<{ id: number; parent_id: number | null; name: string }[]> {
  return db
    .selectFrom("kg_classes")
    .select(["id", "parent_id", "name"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("id")
    .execute();
}

export interface TypeBounds {
  id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
}

/** An ontology's relation types with their domain and range, by name. */
export function relationTypeBounds(db: Db, ontologyId: number): Promise<TypeBounds[]> {
  return db
    .selectFrom("kg_relation_types")
    .select(["id", "name", "domain_class_id", "range_class_id"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("name")
    .execute();
}

/** Relations of the type whose subject (or object) has a class outside `classIds`. */
export async function relationsOutside(
  db: Db,
  side: "subject" | "object",
  typeId: number,
  classIds: number[],
): Promise<number> {
  const end = side === "subject" ? sql.ref("r.subject_id") : sql.ref("r.object_id");
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM kg_relations r
      JOIN kg_entities e ON e.id = ${end}
     WHERE r.relation_type_id = ${typeId} AND e.class_id IS NOT NULL
       AND e.class_id NOT IN ${intList(db, classIds)}`.execute(db);
  return rows[0].n;
}
