/**
 * PostgreSQL's search of 002-resources (../schema-resources.ts, the fourth migration, which writes
 * the tables for both engines).
 *
 * Search. SQLite's FTS5 trigram table, its vocabulary and its triggers have no counterpart:
 * PostgreSQL indexes data_triples itself, in step with every write (no sync step). A row
 * matches a term when its subject, predicate or object holds it, ignoring case. With
 * `like` = '%' || the term with \, % and _ escaped by \ || '%', the store asks ("characters"
 * are code points: JavaScript's [...term].length, PostgreSQL's char_length):
 * - a term of 3 or more characters (pg_trgm GIN indexes on the three columns):
 *     (t.subject ILIKE $like OR t.predicate ILIKE $like OR t.object ILIKE $like)
 * - a term of 1 or 2 characters (no trigram in it: pg_trgm would read its whole index).
 *   First how many rows hold it, from the counts the triggers below keep:
 *     SELECT coalesce(sum(n), 0) FROM resource_search_grams
 *      WHERE table_name = 'data_triples' AND gram = lower($term)
 *   (exact: the count of a search without other filters). Then the rows: a rare term
 *   (n ≤ 5,000) through the GIN index over the rows' short substrings, in this shape (the
 *   expression exactly as indexed, the term unescaped):
 *     t.id = ANY (ARRAY(SELECT s.id FROM data_triples AS s
 *                        WHERE kg_short_grams(s.subject, s.predicate, s.object) @> ARRAY[lower($term)]))
 *   which the planner can only answer through the index (given the condition itself beside an
 *   ORDER BY … LIMIT, it may walk another index in order, computing the substrings of row after
 *   row: seconds for a rare term). A frequent term (n > 5,000) with the ILIKE above, which the
 *   first page meets within a few rows in any order. The two match the same rows.
 * Counting a frequent term through an index reads every matching row from the table (one
 * held by every row of a million: about a second), hence the counts.
 * resource_search_state stays (with 008's version column) so code reads it on both engines;
 * on PostgreSQL nothing needs to move its marks.
 */

/** Each substring's number of rows of `rows` holding it, as (g, k). */
const gramsOf = (rows: string) =>
  `SELECT g, count(DISTINCT r.id) AS k
     FROM ${rows} AS r, unnest(kg_short_grams(r.subject, r.predicate, r.object)) AS g GROUP BY g`;
const addGrams = (rows: string) => `
  INSERT INTO resource_search_grams (table_name, gram, n)
    SELECT 'data_triples', g, k FROM (${gramsOf(rows)}) AS d ORDER BY g
  ON CONFLICT (table_name, gram) DO UPDATE SET n = resource_search_grams.n + excluded.n;`;
const subtractGrams = (rows: string) => `
  UPDATE resource_search_grams AS c SET n = c.n - d.k
    FROM (${gramsOf(rows)}) AS d
   WHERE c.table_name = 'data_triples' AND c.gram = d.g;`;
const changed = (side: "o" | "n") =>
  `(SELECT ${side}.* FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
     WHERE (o.subject, o.predicate, o.object) IS DISTINCT FROM (n.subject, n.predicate, n.object))`;
const trigger = (op: "insert" | "delete" | "update", referencing: string, body: string) => `
CREATE FUNCTION kg_triples_grams_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN${body}
  RETURN NULL;
END
$$;
CREATE TRIGGER data_triples_grams_${op} AFTER ${op.toUpperCase()} ON data_triples
  REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION kg_triples_grams_${op}();`;

const gramTriggers = [
  trigger("insert", "NEW TABLE AS new_rows", addGrams("new_rows")),
  trigger("delete", "OLD TABLE AS old_rows", subtractGrams("old_rows")),
  trigger(
    "update",
    "OLD TABLE AS old_rows NEW TABLE AS new_rows",
    // Most updates leave the text alone: one look, then nothing more to do.
    `
  IF NOT EXISTS ${changed("o")} THEN
    RETURN NULL;
  END IF;` +
      subtractGrams(changed("o")) +
      addGrams(changed("n")),
  ),
].join("\n");

/** What PostgreSQL runs where SQLite creates its FTS5 search table (../schema-resources.ts). */
export const postgresSearch = /* sql */ `-- Substring search (see above): trigram indexes for terms of 3 or more characters, and the
-- 1- and 2-character substrings of every row for shorter terms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX data_triples_subject_trgm ON data_triples USING gin (subject gin_trgm_ops);
CREATE INDEX data_triples_predicate_trgm ON data_triples USING gin (predicate gin_trgm_ops);
CREATE INDEX data_triples_object_trgm ON data_triples USING gin (object gin_trgm_ops);

-- Every substring of one or two characters of the texts, lower-cased (duplicates are left to
-- GIN, which keeps each key once per row). IMMUTABLE: an index is built over it. Its COST (10 to
-- 30 µs a row) keeps the planner from computing it row by row where the index can answer; not
-- so high that plans of a few thousand rows look dear enough for JIT compilation or workers.
CREATE FUNCTION kg_short_grams(VARIADIC texts text[]) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL RESTRICTED COST 1000 AS $$
DECLARE
  s text;
  c text[];
  n int;
  grams text[] := '{}';
BEGIN
  FOREACH s IN ARRAY texts LOOP
    CONTINUE WHEN s IS NULL;
    c := string_to_array(lower(s), NULL);
    n := cardinality(c);
    grams := grams || c;
    FOR i IN 1 .. n - 1 LOOP
      grams := grams || (c[i] || c[i + 1]);
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;
CREATE INDEX data_triples_short_grams ON data_triples
  USING gin (kg_short_grams(subject, predicate, object));

-- Per 1- or 2-character substring, the number of rows holding it (kept by the triggers below,
-- like resource_counts), for the count of a short-term search.
CREATE TABLE resource_search_grams (
  table_name TEXT NOT NULL,
  gram TEXT NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (table_name, gram)
);
${gramTriggers}
`;
