import type { Db } from "../../../db/store.js";
import { propertyHeld } from "./ontology.js";

/**
 * What an OWL import (admin/graph-admin/ontology-import.ts) reads: the ontology's terms as
 * they are, and the facts a removal would leave without their term.
 */

/**
 * The ontology's classes and relation types by name, and its class properties by class name
 * and name (the order the import reports removals in).
 */
export async function ontologyTermRows(db: Db, ontologyId: number) {
  const classRows = await db
    .selectFrom("kg_classes")
    .select(["id", "name", "parent_id", "description", "label_en"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("name")
    .execute();
  const relationRows = await db
    .selectFrom("kg_relation_types")
    .select(["id", "name", "domain_class_id", "range_class_id", "description", "label_en"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("name")
    .execute();
  const propertyRows = await db
    .selectFrom("kg_class_properties as p")
    .innerJoin("kg_classes as c", "c.id", "p.class_id")
    .select(["p.id", "p.class_id", "p.name", "p.datatype", "p.label_en"])
    .where("c.ontology_id", "=", ontologyId)
    .orderBy("c.name")
    .orderBy("p.name")
    .execute();
  return { classRows, relationRows, propertyRows };
}

/** The id of the ontology's class of that name. */
export async function classIdByName(
  db: Db,
  ontologyId: number,
  name: string,
): Promise<number | undefined> {
  return (
    await db
      .selectFrom("kg_classes")
      .select("id")
      .where("ontology_id", "=", ontologyId)
      .where("name", "=", name)
      .executeTakeFirst()
  )?.id;
}

/** A term an import would remove, as what uses it is counted. */
export type BrokenTerm =
  | { kind: "class"; id: number }
  | { kind: "relation_type"; id: number; name: string }
  | { kind: "property"; classId: number; name: string };

const SAMPLES = 5;

/** The entities (of any graph) that hold the term: of the class, or with a value of the property. */
function entitiesOf(db: Db, term: Exclude<BrokenTerm, { kind: "relation_type" }>) {
  const q = db.selectFrom("kg_entities as e");
  return term.kind === "class"
    ? q.where("e.class_id", "=", term.id)
    : q.where("e.class_id", "=", term.classId).where(propertyHeld(db, term.name, "value"));
}

/** How many facts the removal would leave without their term. */
export async function breakCount(db: Db, term: BrokenTerm): Promise<number> {
  const counted =
    term.kind === "relation_type"
      ? db.selectFrom("kg_relations as e").where("e.relation_type_id", "=", term.id)
      : entitiesOf(db, term);
  const { n } = await counted
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return n;
}

/** The first few of them (by id), each naming its graph: `辽宁舰（军事图谱）`. */
export async function breakSamples(db: Db, term: BrokenTerm): Promise<string[]> {
  if (term.kind === "relation_type") {
    const rows = await db
      .selectFrom("kg_relations as r")
      .innerJoin("kg_entities as s", "s.id", "r.subject_id")
      .innerJoin("kg_entities as o", "o.id", "r.object_id")
      .innerJoin("graphs as g", "g.id", "r.graph_id")
      .select(["s.name as subject", "o.name as object", "g.name as graph"])
      .where("r.relation_type_id", "=", term.id)
      .orderBy("r.id")
      .limit(SAMPLES)
      .execute();
    return rows.map((r) => `${r.subject} ${term.name} ${r.object}（${r.graph}）`);
  }
  const rows = await entitiesOf(db, term)
    .innerJoin("graphs as g", "g.id", "e.graph_id")
    .select(["e.name", "g.name as graph"])
    .orderBy("e.id")
    .limit(SAMPLES)
    .execute();
  return rows.map((r) => `${r.name}（${r.graph}）`);
}
