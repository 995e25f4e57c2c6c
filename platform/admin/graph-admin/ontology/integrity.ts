import type { Db } from "../../../db/store.js";
import {
  classTreeRows,
  relationTypeBounds,
  relationsOutside,
  type TypeBounds,
} from "../store/ontology.js";

/**
 * The class tree and what it must keep true: no cycle, and every existing relation inside
 * its type's domain and range (a class stands for itself and every class below it).
 */

/** parent_id of every class of the ontology, optionally with one parent changed. */
export async function parentMap(
  db: Db,
  ontologyId: number,
  change?: { id: number; parent: number | null },
) {
  const rows = await classTreeRows(db, ontologyId);
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

/**
 * Relations whose subject or object class would fall outside their type's domain or range
 * if the class tree were `parents`: the first offending type and how many relations.
 */
export async function domainRangeBreaks(
  db: Db,
  ontologyId: number,
  parents: Map<number, number | null>,
  types?: TypeBounds[],
): Promise<{ type: string; side: "定义域" | "值域"; class: number; count: number } | null> {
  const list = types ?? (await relationTypeBounds(db, ontologyId));
  for (const t of list) {
    for (const [side, classId, label] of [
      ["subject", t.domain_class_id, "定义域"],
      ["object", t.range_class_id, "值域"],
    ] as const) {
      if (classId === null) continue;
      const n = await relationsOutside(db, side, t.id, subtreeOf(parents, classId));
      if (n > 0) return { type: t.name, side: label, class: classId, count: n };
    }
  }
  return null;
}
