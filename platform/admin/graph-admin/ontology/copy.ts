import type { DB } from "../../../db/database.js";
import { classes, eventTypes, relationTypes } from "./kinds.js";

type Row = Record<string, unknown> & { id: number };

/**
 * Copies the rows of one ontology's part table into another ontology, column by column
 * (`remap` changes a column's value on the way); answers old id → new id.
 */
function copyRows(
  db: DB,
  kind: { table: string; columns: readonly string[] },
  from: number,
  to: number,
  remap: Record<string, (value: unknown) => unknown> = {},
) {
  const { table, columns } = kind;
  const insert = db.prepare(
    `INSERT INTO ${table} (ontology_id, ${columns.join(", ")}) VALUES (?, ${columns.map(() => "?").join(", ")})`,
  );
  const ids = new Map<number, number>();
  const rows = db
    .prepare(`SELECT * FROM ${table} WHERE ontology_id = ? ORDER BY id`)
    .all(from) as Row[];
  for (const row of rows) {
    const values = columns.map((c) => (remap[c] ? remap[c](row[c]) : row[c]));
    ids.set(row.id, Number(insert.run(to, ...values).lastInsertRowid));
  }
  return ids;
}

/**
 * Copies classes (keeping the tree), properties, relation types and event types of one
 * ontology into another. Returns the id maps, so a graph's facts can follow (fork).
 */
export function copyOntologyContent(db: DB, from: number, to: number) {
  // Parents are set once every class has its new id.
  const classMap = copyRows(db, classes.kind, from, to, { parent_id: () => null });
  const setParent = db.prepare("UPDATE kg_classes SET parent_id = ? WHERE id = ?");
  const parents = db
    .prepare("SELECT id, parent_id FROM kg_classes WHERE ontology_id = ? ORDER BY id")
    .all(from) as { id: number; parent_id: number | null }[];
  for (const c of parents) {
    if (c.parent_id !== null && classMap.has(c.parent_id))
      setParent.run(classMap.get(c.parent_id), classMap.get(c.id));
  }
  db.prepare(
    `INSERT INTO kg_class_properties (class_id, name, datatype, required, description, label_en)
     SELECT m.value ->> '$.to', p.name, p.datatype, p.required, p.description, p.label_en
       FROM kg_class_properties p JOIN json_each(?) m ON (m.value ->> '$.from') = p.class_id`,
  ).run(JSON.stringify([...classMap].map(([a, b]) => ({ from: a, to: b }))));
  const mapped = (c: unknown) => (c === null ? null : (classMap.get(c as number) ?? null));
  const relationMap = copyRows(db, relationTypes.kind, from, to, {
    domain_class_id: mapped,
    range_class_id: mapped,
  });
  const eventMap = copyRows(db, eventTypes.kind, from, to);
  return { classMap, relationMap, eventMap };
}
