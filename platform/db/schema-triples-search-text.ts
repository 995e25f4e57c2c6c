/**
 * PostgreSQL: a triple's searchable text in a narrow table of its own (issue 22's search goal).
 *
 * A search for a term held by many rows (a tenth of a million) must count them. Through the
 * three trigram indexes of data_triples (002-resources) PostgreSQL found 100,000 candidates and
 * rechecked each in the table's wide rows, three ILIKEs a row: 100–130 ms. The text a search
 * matches — subject, predicate and object, lower-cased, joined by U+0001 so that no term runs
 * from one into the next — now lives in data_triples_search (id, text), one trigram index over
 * it, kept in step by statement triggers: the same candidates are rechecked with one LIKE in
 * rows a third of the size, and a write maintains one trigram index instead of three.
 * platform/resources/search-store.ts asks it (`lower(column) LIKE lower(pattern)` is what
 * ILIKE does): the count of a search alone from this table, the rows as
 * `t.id IN (SELECT s.id FROM data_triples_search s WHERE s.text LIKE lower($like))`.
 *
 * SQLite searches its FTS5 trigram table (002-resources): nothing to do there.
 */
const trigger = (op: "insert" | "delete" | "update", referencing: string, body: string) => `
CREATE FUNCTION kg_triples_search_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${body}
  RETURN NULL;
END
$$;
CREATE TRIGGER data_triples_search_${op} AFTER ${op.toUpperCase()} ON data_triples
  REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION kg_triples_search_${op}();`;

export const triplesSearchTextSchema = {
  sqlite: /* sql */ `
-- SQLite: the FTS5 trigram table of 002-resources serves the search.
SELECT 1;
`,
  postgres: /* sql */ `
CREATE FUNCTION kg_search_text(subject text, predicate text, object text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(subject) || chr(1) || lower(predicate) || chr(1) || lower(object)
$$;

CREATE TABLE data_triples_search (
  id BIGINT PRIMARY KEY,
  text TEXT NOT NULL
);
INSERT INTO data_triples_search (id, text)
  SELECT id, kg_search_text(subject, predicate, object) FROM data_triples ORDER BY id;
CREATE INDEX data_triples_search_trgm ON data_triples_search USING gin (text gin_trgm_ops);
-- Statistics now: the planner's first searches should not guess at an unanalysed table.
ANALYZE data_triples_search;

DROP INDEX data_triples_subject_trgm;
DROP INDEX data_triples_predicate_trgm;
DROP INDEX data_triples_object_trgm;
${trigger(
  "insert",
  "NEW TABLE AS new_rows",
  `INSERT INTO data_triples_search (id, text)
    SELECT id, kg_search_text(subject, predicate, object) FROM new_rows ORDER BY id;`,
)}
${trigger(
  "delete",
  "OLD TABLE AS old_rows",
  `DELETE FROM data_triples_search AS s USING old_rows AS o WHERE s.id = o.id;`,
)}
${trigger(
  "update",
  "OLD TABLE AS old_rows NEW TABLE AS new_rows",
  // Most updates leave the text alone (a graph or a confidence changed): nothing is written then.
  `UPDATE data_triples_search AS s SET text = kg_search_text(n.subject, n.predicate, n.object)
      FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
     WHERE s.id = n.id
       AND (o.subject, o.predicate, o.object) IS DISTINCT FROM (n.subject, n.predicate, n.object);`,
)}
`,
};
