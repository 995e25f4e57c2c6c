import { bothEngines } from "./both-engines.js";
import { postgresSearch } from "./postgres/resources.js";

/**
 * Tables of the data resources (files, sources, annotation and triple data) served by the
 * generic registry. AUTOINCREMENT: an id is never reused, so audit rows and CSV ids stay unambiguous.
 */
export const resourcesSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE data_sources (
  id ${e.autoId},
  name TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL DEFAULT 'web',
  url TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  enabled ${e.int} NOT NULL DEFAULT 1,
  fetch_time TEXT,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);

-- Uploaded content lives in DATA_DIR/files/<uuid>; the row keeps what describes it.
CREATE TABLE data_files (
  id ${e.autoId},
  uuid TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  source_id ${e.int} REFERENCES data_sources(id) ON DELETE SET NULL,
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE SET NULL,
  filename TEXT NOT NULL DEFAULT '',
  size ${e.int} NOT NULL,
  mime TEXT NOT NULL DEFAULT 'application/octet-stream',
  sha256 TEXT NOT NULL,
  uploaded_by TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX data_files_source ON data_files(source_id);
CREATE INDEX data_files_graph ON data_files(graph_id);

CREATE TABLE data_labels (
  id ${e.autoId},
  text TEXT NOT NULL,
  label TEXT NOT NULL,
  "start" ${e.int},
  "end" ${e.int},
  entity TEXT NOT NULL DEFAULT '',
  annotator TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending',
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX data_labels_label ON data_labels(label);
CREATE INDEX data_labels_status ON data_labels(status);
CREATE INDEX data_labels_graph ON data_labels(graph_id);

CREATE TABLE data_triples (
  id ${e.autoId},
  subject TEXT NOT NULL,
  predicate TEXT NOT NULL,
  object TEXT NOT NULL,
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE SET NULL,
  source_id ${e.int} REFERENCES data_sources(id) ON DELETE SET NULL,
  confidence ${e.real},
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
-- Every sortable or filterable column has an index (id breaks ties through the rowid).
CREATE INDEX data_triples_graph ON data_triples(graph_id);
CREATE INDEX data_triples_source ON data_triples(source_id);
CREATE INDEX data_triples_predicate ON data_triples(predicate);
CREATE INDEX data_triples_subject ON data_triples(subject);
CREATE INDEX data_triples_confidence ON data_triples(confidence);
CREATE INDEX data_triples_created ON data_triples(created_at);

${e.pick(
  `-- Substring search over a million rows: a trigram index.
-- Each column is indexed with two U+0001 characters appended, so every substring of one or
-- two characters (where a trigram query cannot reach) begins some indexed trigram: a short
-- term is found by listing the index's terms that start with it (data_triples_fts_vocab)
-- and matching any of them. Contentless (the rows stay in data_triples), deletable by rowid.
CREATE VIRTUAL TABLE data_triples_fts USING fts5(
  subject, predicate, object, content='', contentless_delete=1, tokenize='trigram'
);
CREATE VIRTUAL TABLE data_triples_fts_vocab USING fts5vocab('data_triples_fts', 'row');
-- New rows are indexed in bulk, not by an insert trigger (a trigger into FTS5 made every
-- insert 2.5 times dearer): rows up to indexed_through are in the index; before a search,
-- syncSearchIndex (platform/resources/store.ts) indexes the rows above it in one statement.
-- Ids are AUTOINCREMENT, so a new row is always above the mark. The triggers keep indexed
-- rows in step and leave rows above the mark to the next sync.`,
  postgresSearch,
)}
CREATE TABLE resource_search_state (
  table_name TEXT PRIMARY KEY,
  indexed_through ${e.int} NOT NULL DEFAULT 0
);
INSERT INTO resource_search_state (table_name) VALUES ('data_triples');${e.onSqlite(`
CREATE TRIGGER data_triples_fts_delete AFTER DELETE ON data_triples
WHEN old.id <= (SELECT indexed_through FROM resource_search_state WHERE table_name = 'data_triples') BEGIN
  DELETE FROM data_triples_fts WHERE rowid = old.id;
END;
CREATE TRIGGER data_triples_fts_update AFTER UPDATE OF subject, predicate, object ON data_triples
WHEN old.id <= (SELECT indexed_through FROM resource_search_state WHERE table_name = 'data_triples') BEGIN
  DELETE FROM data_triples_fts WHERE rowid = old.id;
  INSERT INTO data_triples_fts(rowid, subject, predicate, object)
  VALUES (new.id, new.subject || char(1, 1), new.predicate || char(1, 1), new.object || char(1, 1));
END;`)}

CREATE INDEX audit_log_resource ON audit_log(resource, record_id);
CREATE INDEX audit_log_user ON audit_log(user_id);
`,
);
