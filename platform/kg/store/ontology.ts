import type { Db } from "../../db/store.js";
import type { OntologyDef } from "../../builtin/ontologies.js";
import { runSteps, type Steps } from "./sql.js";

/** An ontology's rows as the store holds them (ontology.ts resolves them for lookups). */
export interface ClassRow {
  id: number;
  name: string;
  parent_id: number | null;
  is_place: number;
  color: string;
  description: string;
}
export interface RelationTypeRow {
  id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
  description: string;
}
export interface EventTypeRow {
  id: number;
  name: string;
  triggers: string;
  roles: string;
  color: string;
}
export interface OntologyRows {
  head: { id: number; name: string } | undefined;
  classes: ClassRow[];
  relationTypes: RelationTypeRow[];
  eventTypes: EventTypeRow[];
}

const classesQuery = (db: Db, ontologyId: number) =>
  db
    .selectFrom("kg_classes")
    .select(["id", "name", "parent_id", "is_place", "color", "description"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("id");

const relationTypesQuery = (db: Db, ontologyId: number) =>
  db
    .selectFrom("kg_relation_types")
    .select(["id", "name", "domain_class_id", "range_class_id", "description"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("id");

const eventTypesQuery = (db: Db, ontologyId: number) =>
  db
    .selectFrom("kg_event_types")
    .select(["id", "name", "triggers", "roles", "color"])
    .where("ontology_id", "=", ontologyId)
    .orderBy("id");

function* ontologySteps(db: Db, graphId: number): Steps<OntologyRows> {
  const head = (yield {
    first: db
      .selectFrom("kg_graph_ontology as g")
      .innerJoin("kg_ontologies as o", "o.id", "g.ontology_id")
      .select(["o.id", "o.name"])
      .where("g.graph_id", "=", graphId),
  }) as OntologyRows["head"];
  const ontologyId = head?.id ?? -1;
  const classes = (yield { all: classesQuery(db, ontologyId) }) as ClassRow[];
  const relationTypes = (yield { all: relationTypesQuery(db, ontologyId) }) as RelationTypeRow[];
  const eventTypes = (yield { all: eventTypesQuery(db, ontologyId) }) as EventTypeRow[];
  return { head, classes, relationTypes, eventTypes };
}

/** The graph's ontology: its name, classes, relation types and event types, each in id order. */
export function ontologyRows(db: Db, graphId: number): Promise<OntologyRows> {
  return runSteps(db, ontologySteps(db, graphId));
}

/** An ontology's classes, in id order. */
export function classRows(db: Db, ontologyId: number): Promise<ClassRow[]> {
  return classesQuery(db, ontologyId).execute();
}

/** An ontology's relation types, in id order. */
export function relationTypeRows(db: Db, ontologyId: number): Promise<RelationTypeRow[]> {
  return relationTypesQuery(db, ontologyId).execute();
}

/** A class property as the store holds it, with its class's name. */
export interface ClassPropertyRow {
  id: number;
  class_id: number;
  class: string;
  name: string;
  label_en: string;
  datatype: string;
  required: number;
  description: string;
}

/** An ontology's class properties, by class id and then property id. */
export function classPropertyRows(db: Db, ontologyId: number): Promise<ClassPropertyRow[]> {
  return db
    .selectFrom("kg_class_properties as p")
    .innerJoin("kg_classes as c", "c.id", "p.class_id")
    .select([
      "p.id",
      "p.class_id",
      "c.name as class",
      "p.name",
      "p.label_en",
      "p.datatype",
      "p.required",
      "p.description",
    ])
    .where("c.ontology_id", "=", ontologyId)
    .orderBy("c.id")
    .orderBy("p.id")
    .execute();
}

/** The ontology `def` names, created with its classes, properties and types when missing. */
function* ensureSteps(db: Db, def: OntologyDef): Steps<number> {
  const existing = (yield {
    first: db.selectFrom("kg_ontologies").select("id").where("name", "=", def.name),
  }) as { id: number } | undefined;
  if (existing) return existing.id;
  const { id: ontologyId } = (yield {
    first: db
      .insertInto("kg_ontologies")
      .values({ name: def.name, domain: def.domain, description: def.description })
      .returning("id"),
  }) as { id: number };
  // One class at a time: a class refers to its parent's id (parents come first).
  const classIds = new Map<string, number>();
  for (const c of def.classes) {
    const parent = c.parent ? classIds.get(c.parent) : null;
    const { id } = (yield {
      first: db
        .insertInto("kg_classes")
        .values({
          ontology_id: ontologyId,
          parent_id: parent ?? null,
          name: c.name,
          is_place: c.place ? 1 : 0,
          color: c.color,
          description: c.description ?? "",
          label_en: c.en ?? "",
        })
        .returning("id"),
    }) as { id: number };
    classIds.set(c.name, id);
  }
  const properties = def.classes.flatMap((c) =>
    (c.properties ?? []).map((p) => ({
      class_id: classIds.get(c.name)!,
      name: p.name,
      datatype: p.datatype ?? "string",
      required: p.required ? 1 : 0,
      label_en: p.en ?? "",
    })),
  );
  if (properties.length) yield { run: db.insertInto("kg_class_properties").values(properties) };
  if (def.relationTypes.length)
    yield {
      run: db.insertInto("kg_relation_types").values(
        def.relationTypes.map((r) => ({
          ontology_id: ontologyId,
          name: r.name,
          domain_class_id: r.domain ? (classIds.get(r.domain) ?? null) : null,
          range_class_id: r.range ? (classIds.get(r.range) ?? null) : null,
          description: r.description ?? "",
          label_en: r.en ?? "",
        })),
      ),
    };
  if (def.eventTypes.length)
    yield {
      run: db.insertInto("kg_event_types").values(
        def.eventTypes.map((e) => ({
          ontology_id: ontologyId,
          name: e.name,
          triggers: JSON.stringify(e.triggers),
          roles: JSON.stringify(e.roles),
          color: e.color,
          label_en: e.en ?? "",
        })),
      ),
    };
  return ontologyId;
}

/** Creates the ontologies that are missing (an existing one is left as edited); their ids by domain. */
function* ensureAllSteps(
  db: Db,
  defs: OntologyDef[],
): Steps<Record<OntologyDef["domain"], number>> {
  const ids = {} as Record<OntologyDef["domain"], number>;
  for (const def of defs) ids[def.domain] = yield* ensureSteps(db, def);
  return ids;
}

/** ensureAllSteps in the caller's write transaction `tx`. */
export function ensureOntologies(tx: Db, defs: OntologyDef[]) {
  return runSteps(tx, ensureAllSteps(tx, defs));
}

const assignQuery = (db: Db, graphId: number, ontologyId: number) =>
  db
    .insertInto("kg_graph_ontology")
    .values({ graph_id: graphId, ontology_id: ontologyId })
    .onConflict((oc) =>
      oc.column("graph_id").doUpdateSet((eb) => ({ ontology_id: eb.ref("excluded.ontology_id") })),
    );

/** Gives a graph its ontology (replacing the previous one). */
export async function setGraphOntology(db: Db, graphId: number, ontologyId: number) {
  await assignQuery(db, graphId, ontologyId).execute();
}

/** Whether the graph has an ontology. */
export async function hasOntology(db: Db, graphId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("kg_graph_ontology")
    .select("graph_id")
    .where("graph_id", "=", graphId)
    .executeTakeFirst());
}
