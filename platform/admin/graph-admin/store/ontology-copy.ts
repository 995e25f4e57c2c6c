import type { Db } from "../../../db/store.js";
import { classTreeRows, insertPart } from "./ontology.js";

/**
 * Copying an ontology's content (a new ontology from another, a graph's fork of its own):
 * classes with their tree and properties, relation types with their domains and ranges, event
 * types — each new id mapped from the old.
 */

type IdMap = Map<number, number>;

/** Copies the rows of one part table into another ontology, in id order; old id → new id. */
async function copyRows<T extends "kg_classes" | "kg_relation_types" | "kg_event_types">(
  tx: Db,
  table: T,
  columns: readonly string[],
  from: number,
  to: number,
  remap: Record<string, (value: unknown) => unknown> = {},
): Promise<IdMap> {
  const rows = (await tx
    .selectFrom(table as "kg_classes")
    .selectAll()
    .where("ontology_id", "=", from)
    .orderBy("id")
    .execute()) as unknown as (Record<string, unknown> & { id: number })[];
  const ids: IdMap = new Map();
  for (const row of rows) {
    const values: Record<string, unknown> = { ontology_id: to };
    for (const c of columns) values[c] = remap[c] ? remap[c](row[c]) : row[c];
    ids.set(row.id, await insertPart(tx, table, values));
  }
  return ids;
}

const CLASS_COLUMNS = ["parent_id", "name", "label_en", "is_place", "color", "description"];
const RELATION_TYPE_COLUMNS = [
  "name",
  "label_en",
  "domain_class_id",
  "range_class_id",
  "description",
];
const EVENT_TYPE_COLUMNS = ["name", "label_en", "triggers", "roles", "color", "description"];

/**
 * Copies classes (keeping the tree), properties, relation types and event types of one
 * ontology into another, in the caller's transaction. Returns the id maps, so a graph's facts
 * can follow (fork).
 */
export async function copyOntologyContent(tx: Db, from: number, to: number) {
  // Parents are set once every class has its new id.
  const classMap = await copyRows(tx, "kg_classes", CLASS_COLUMNS, from, to, {
    parent_id: () => null,
  });
  for (const c of await classTreeRows(tx, from)) {
    if (c.parent_id !== null && classMap.has(c.parent_id))
      await tx
        .updateTable("kg_classes")
        .set({ parent_id: classMap.get(c.parent_id)! })
        .where("id", "=", classMap.get(c.id)!)
        .execute();
  }
  // Properties class by class (in the order of the classes), each class's by name.
  const properties = await tx
    .selectFrom("kg_class_properties as p")
    .innerJoin("kg_classes as c", "c.id", "p.class_id")
    .select(["p.class_id", "p.name", "p.datatype", "p.required", "p.description", "p.label_en"])
    .where("c.ontology_id", "=", from)
    .orderBy("p.class_id")
    .orderBy("p.name")
    .execute();
  if (properties.length)
    await tx
      .insertInto("kg_class_properties")
      .values(properties.map((p) => ({ ...p, class_id: classMap.get(p.class_id)! })))
      .execute();
  const mapped = (c: unknown) => (c === null ? null : (classMap.get(c as number) ?? null));
  const relationMap = await copyRows(tx, "kg_relation_types", RELATION_TYPE_COLUMNS, from, to, {
    domain_class_id: mapped,
    range_class_id: mapped,
  });
  const eventMap = await copyRows(tx, "kg_event_types", EVENT_TYPE_COLUMNS, from, to);
  return { classMap, relationMap, eventMap };
}
