/**
 * PostgreSQL: a relation inserted bumps its graph's version, as every other write to a graph does.
 *
 * Inserts into kg_relations carried no trigger on either engine (003-kg): a graph build writes
 * millions, and SQLite has no statement triggers. Readers add max(kg_relations.id) to a graph's
 * signature instead (platform/kg/cache.ts). On SQLite that holds: one writer at a time, so ids
 * are committed in order. On PostgreSQL it does not: an identity hands out ids when rows are
 * inserted, not when they commit, so a transaction holding id 100 can commit after another that
 * holds id 101 was read — on another node or the same — and a cache kept under "max 101" would
 * never see relation 100. A statement trigger (one bump per INSERT statement, however many rows)
 * moves the version with the commit instead.
 */
export const relationInsertVersionSchema = {
  sqlite: /* sql */ `
-- SQLite: one writer at a time; max(kg_relations.id) in the signature is enough.
SELECT 1;
`,
  postgres: /* sql */ `
CREATE FUNCTION kg_relations_version_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kg_graph_state (graph_id, version, entity_version)
    SELECT g, kg_random_version(), 0
      FROM (SELECT DISTINCT graph_id FROM new_rows WHERE graph_id IS NOT NULL) AS d (g)
  ON CONFLICT (graph_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
CREATE TRIGGER kg_relations_version_insert AFTER INSERT ON kg_relations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kg_relations_version_insert();
`,
};
