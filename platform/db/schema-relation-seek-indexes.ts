/**
 * The relation graph (platform/kg/neighbours.ts) reads, for each entity, the first relations by
 * id of each relation type and direction: `subject_id = ? AND relation_type_id = ? ORDER BY id
 * LIMIT n` (and the same on object_id). SQLite's indexes on (subject_id, relation_type_id) and
 * (object_id, relation_type_id) end in the rowid, so that is an index range read in order:
 * nothing to do there. PostgreSQL's did not hold id, so for a hub it fetched every relation of
 * the type and sorted them (13,594 for the largest hub of a million relations): the same indexes,
 * under the same names, on (…, relation_type_id, id), as migration 015 did for data_triples.
 */
export const relationSeekIndexesSchema = {
  sqlite: /* sql */ `
-- SQLite: every index ends in the rowid (id) already.
SELECT 1;
`,
  postgres: /* sql */ `
DROP INDEX kg_relations_subject;
CREATE INDEX kg_relations_subject ON kg_relations (subject_id, relation_type_id, id);
DROP INDEX kg_relations_object;
CREATE INDEX kg_relations_object ON kg_relations (object_id, relation_type_id, id);
`,
};
