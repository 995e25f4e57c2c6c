import type { DB } from "../../../db/database.js";

/**
 * The class tree and what it must keep true: no cycle, and every existing relation inside
 * its type's domain and range (a class stands for itself and every class below it).
 */

/** parent_id of every class of the ontology, optionally with one parent changed. */
export function parentMap(
  db: DB,
  ontologyId: number,
  change?: { id: number; parent: number | null },
) {
  const rows = db
    .prepare("SELECT id, parent_id, name FROM kg_classes WHERE ontology_id = ?")
    .all(ontologyId) as {
    id: number;
    parent_id: number | null;
    name: string;
  }[];
  const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  if (change) parents.set(change.id, change.parent);
  return { parents, names };
}

/** The class and every class below it, for the given parent map. */
export function subtreeOf(parents: Map<number, number | null>, root: number): number[] {
  const out = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, parent] of parents) {
      if (parent !== null && out.has(parent) && !out.has(id)) {
        out.add(id);
        grew = true;
      }
    }
  }
  return [...out];
}

interface TypeBounds {
  id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
}

/**
 * Relations whose subject or object class would fall outside their type's domain or range
 * if the class tree were `parents`: the first offending type and how many relations.
 */
export function domainRangeBreaks(
  db: DB,
  ontologyId: number,
  parents: Map<number, number | null>,
  types?: TypeBounds[],
): { type: string; side: "定义域" | "值域"; class: number; count: number } | null {
  const list =
    types ??
    (db
      .prepare(
        "SELECT id, name, domain_class_id, range_class_id FROM kg_relation_types WHERE ontology_id = ?",
      )
      .all(ontologyId) as TypeBounds[]);
  const countOutside = db.prepare(
    `SELECT count(*) FROM kg_relations r JOIN kg_entities e ON e.id = (CASE WHEN ? = 'subject' THEN r.subject_id ELSE r.object_id END)
      WHERE r.relation_type_id = ? AND e.class_id IS NOT NULL AND e.class_id NOT IN (SELECT value FROM json_each(?))`,
  );
  for (const t of list) {
    for (const [side, classId, label] of [
      ["subject", t.domain_class_id, "定义域"],
      ["object", t.range_class_id, "值域"],
    ] as const) {
      if (classId === null) continue;
      const n = countOutside
        .pluck()
        .get(side, t.id, JSON.stringify(subtreeOf(parents, classId))) as number;
      if (n > 0) return { type: t.name, side: label, class: classId, count: n };
    }
  }
  return null;
}
