import type { PlatformContext } from "../context.js";
import { entitySignature, storeCache } from "./cache.js";
import { builtinOntologies, type OntologyDef } from "./ontology-builtin.js";

export interface OntologyClass {
  id: number;
  name: string;
  parent_id: number | null;
  is_place: boolean;
  color: string;
  description: string;
}
export interface OntologyRelationType {
  id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
  description: string;
}
export interface OntologyEventType {
  id: number;
  name: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
}

/** A graph's ontology, resolved for fast lookups. Empty when the graph has none. */
export interface GraphOntology {
  id: number | null;
  name: string;
  classes: Map<number, OntologyClass>;
  classByName: Map<string, OntologyClass>;
  relationTypes: Map<number, OntologyRelationType>;
  relationTypeByName: Map<string, OntologyRelationType>;
  eventTypes: Map<number, OntologyEventType>;
  eventTypeByName: Map<string, OntologyEventType>;
  /** Classes whose entities are places (is_place on the class or an ancestor). */
  placeClassIds: Set<number>;
  /** A class and all its subclasses. */
  subtree(classId: number): number[];
}

/** Creates the built-in ontologies that are missing (an existing one is left as edited). */
export function ensureBuiltinOntologies(
  ctx: PlatformContext,
): Record<OntologyDef["domain"], number> {
  const ids = {} as Record<OntologyDef["domain"], number>;
  ctx.db.transaction(() => {
    for (const def of builtinOntologies) ids[def.domain] = ensureOntology(ctx, def);
  })();
  return ids;
}

function ensureOntology(ctx: PlatformContext, def: OntologyDef): number {
  const db = ctx.db;
  const existing = db
    .prepare("SELECT id FROM kg_ontologies WHERE name = ?")
    .pluck()
    .get(def.name) as number | undefined;
  if (existing) return existing;
  const ontologyId = Number(
    db
      .prepare("INSERT INTO kg_ontologies (name, domain, description) VALUES (?, ?, ?)")
      .run(def.name, def.domain, def.description).lastInsertRowid,
  );
  const classIds = new Map<string, number>();
  const insertClass = db.prepare(
    "INSERT INTO kg_classes (ontology_id, parent_id, name, is_place, color, description, label_en) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertProperty = db.prepare(
    "INSERT INTO kg_class_properties (class_id, name, datatype, required, label_en) VALUES (?, ?, ?, ?, ?)",
  );
  for (const c of def.classes) {
    const parent = c.parent ? classIds.get(c.parent) : null;
    const id = Number(
      insertClass.run(
        ontologyId,
        parent ?? null,
        c.name,
        c.place ? 1 : 0,
        c.color,
        c.description ?? "",
        c.en ?? "",
      ).lastInsertRowid,
    );
    classIds.set(c.name, id);
    for (const p of c.properties ?? [])
      insertProperty.run(id, p.name, p.datatype ?? "string", p.required ? 1 : 0, p.en ?? "");
  }
  /** One row of `sql` for each item, with the values `row` gives for it. */
  const insertEach = <T>(sql: string, items: T[], row: (item: T) => unknown[]) => {
    const insert = db.prepare(sql);
    for (const item of items) insert.run(...row(item));
  };
  insertEach(
    "INSERT INTO kg_relation_types (ontology_id, name, domain_class_id, range_class_id, description, label_en) VALUES (?, ?, ?, ?, ?, ?)",
    def.relationTypes,
    (r) => [
      ontologyId,
      r.name,
      r.domain ? classIds.get(r.domain) : null,
      r.range ? classIds.get(r.range) : null,
      r.description ?? "",
      r.en ?? "",
    ],
  );
  insertEach(
    "INSERT INTO kg_event_types (ontology_id, name, triggers, roles, color, label_en) VALUES (?, ?, ?, ?, ?, ?)",
    def.eventTypes,
    (e) => [
      ontologyId,
      e.name,
      JSON.stringify(e.triggers),
      JSON.stringify(e.roles),
      e.color,
      e.en ?? "",
    ],
  );
  return ontologyId;
}

/** Gives a graph its ontology (replacing the previous one). */
export function assignOntology(ctx: PlatformContext, graphId: number, ontologyId: number) {
  ctx.db
    .prepare(
      `INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (?, ?)
       ON CONFLICT (graph_id) DO UPDATE SET ontology_id = excluded.ontology_id`,
    )
    .run(graphId, ontologyId);
}

/** The graph's ontology; cached until the graph's entities or ontology change. */
export function graphOntology(ctx: PlatformContext, graphId: number): GraphOntology {
  return storeCache<GraphOntology>(ctx, "ontology", 50).get(
    String(graphId),
    entitySignature(ctx, graphId),
    () => loadOntology(ctx, graphId),
  );
}

/** An ontology's classes, in id order. */
export function ontologyClasses(ctx: PlatformContext, ontologyId: number): OntologyClass[] {
  return (
    ctx.db
      .prepare(
        "SELECT id, name, parent_id, is_place, color, description FROM kg_classes WHERE ontology_id = ? ORDER BY id",
      )
      .all(ontologyId) as (Omit<OntologyClass, "is_place"> & { is_place: number })[]
  ).map((c) => ({ ...c, is_place: !!c.is_place }));
}

/** An ontology's relation types, in id order. */
export function ontologyRelationTypes(
  ctx: PlatformContext,
  ontologyId: number,
): OntologyRelationType[] {
  return ctx.db
    .prepare(
      "SELECT id, name, domain_class_id, range_class_id, description FROM kg_relation_types WHERE ontology_id = ? ORDER BY id",
    )
    .all(ontologyId) as OntologyRelationType[];
}

function loadOntology(ctx: PlatformContext, graphId: number): GraphOntology {
  const db = ctx.db;
  const head = db
    .prepare(
      "SELECT o.id, o.name FROM kg_graph_ontology g JOIN kg_ontologies o ON o.id = g.ontology_id WHERE g.graph_id = ?",
    )
    .get(graphId) as { id: number; name: string } | undefined;
  const ontologyId = head?.id ?? -1;
  const classes = new Map(ontologyClasses(ctx, ontologyId).map((c) => [c.id, c]));
  const children = new Map<number, number[]>();
  for (const c of classes.values()) {
    if (c.parent_id == null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c.id);
    children.set(c.parent_id, list);
  }
  const subtree = (classId: number) => {
    const out: number[] = [];
    const stack = [classId];
    // A visited set keeps a (forbidden but possible) cycle from looping forever.
    const seen = new Set<number>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      stack.push(...(children.get(id) ?? []));
    }
    return out;
  };
  const placeClassIds = new Set<number>();
  for (const c of classes.values())
    if (c.is_place) for (const id of subtree(c.id)) placeClassIds.add(id);

  const relationTypes = new Map(ontologyRelationTypes(ctx, ontologyId).map((r) => [r.id, r]));
  const eventTypes = new Map<number, OntologyEventType>(
    (
      db
        .prepare(
          "SELECT id, name, triggers, roles, color FROM kg_event_types WHERE ontology_id = ? ORDER BY id",
        )
        .all(ontologyId) as {
        id: number;
        name: string;
        triggers: string;
        roles: string;
        color: string;
      }[]
    ).map((e) => [
      e.id,
      {
        id: e.id,
        name: e.name,
        color: e.color,
        triggers: parseJson<string[]>(e.triggers, []).filter(
          (t) => typeof t === "string" && t.length > 0,
        ),
        roles: {
          subject: "主体",
          object: "客体",
          ...parseJson<Record<string, string>>(e.roles, {}),
        },
      },
    ]),
  );
  return {
    id: head?.id ?? null,
    name: head?.name ?? "",
    classes,
    classByName: new Map([...classes.values()].map((c) => [c.name, c])),
    relationTypes,
    relationTypeByName: new Map([...relationTypes.values()].map((r) => [r.name, r])),
    eventTypes,
    eventTypeByName: new Map([...eventTypes.values()].map((e) => [e.name, e])),
    placeClassIds,
    subtree,
  };
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
