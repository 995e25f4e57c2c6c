/**
 * Decision 022: lists order NULLs as the smallest value on both engines (first ascending,
 * last descending, as SQLite always has), break ties by id, and page by seeking on the
 * (key, id) pairs. SQLite's indexes already end in the rowid and place NULLs first: nothing
 * to do there. PostgreSQL's plain indexes on the sortable columns of data_triples placed NULLs
 * last and left ties in heap order, so a page sorted by one of them sorted all its ties (or the
 * whole table, with NULLS FIRST written out): the same indexes, under the same names, on
 * (column NULLS FIRST, id).
 */
export const seekIndexesSchema = {
  sqlite: /* sql */ `
-- SQLite: every index ends in the rowid (id) and places NULLs first already.
SELECT 1;
`,
  postgres: /* sql */ `
DROP INDEX data_triples_graph;
CREATE INDEX data_triples_graph ON data_triples (graph_id NULLS FIRST, id);
DROP INDEX data_triples_predicate;
CREATE INDEX data_triples_predicate ON data_triples (predicate, id);
DROP INDEX data_triples_subject;
CREATE INDEX data_triples_subject ON data_triples (subject, id);
DROP INDEX data_triples_confidence;
CREATE INDEX data_triples_confidence ON data_triples (confidence NULLS FIRST, id);
DROP INDEX data_triples_created;
CREATE INDEX data_triples_created ON data_triples (created_at, id);
`,
};
