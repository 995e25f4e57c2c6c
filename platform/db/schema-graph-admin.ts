import { bothEngines } from "./both-engines.js";

/**
 * Jobs (builds, incremental updates, model runs) and what graph administration keeps
 * beside the knowledge-graph store.
 *
 * - jobs: one row per job; the worker claims a queued row with one UPDATE, so two
 *   processes never run the same job. heartbeat_at moves while a job runs: a running
 *   job whose heartbeat stopped was cut off by a restart (platform/jobs/worker.ts
 *   recoverJobs). attempts counts restarts of a resumable job.
 * - kg_relation_builds: which build or update job last wrote a relation, so the
 *   relation-extraction results page can show the relations of one build.
 * - kg_relation_results: a read-only view of relations with their names, served by the
 *   generic resource registry (graphadmin/relations).
 * - kg_fact_versions: changes when an entity or relation of a graph is updated in place.
 *   With the counts and largest ids of both (inserts and deletes), it tells an update's apply
 *   whether the graph's facts changed since its dry run; kg_graph_state.version cannot, as
 *   every edit of a shared ontology moves it too.
 */
export const graphAdminSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE jobs (
  id ${e.autoId},
  kind TEXT NOT NULL,
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  progress ${e.real} NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 100),
  message TEXT NOT NULL DEFAULT '',
  params_json TEXT NOT NULL DEFAULT '{}',
  result_json TEXT,
  error TEXT,
  created_by ${e.int} REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault},
  started_at TEXT,
  finished_at TEXT,
  heartbeat_at TEXT,
  cancel_requested ${e.int} NOT NULL DEFAULT 0,
  attempts ${e.int} NOT NULL DEFAULT 0,
  worker TEXT
);
CREATE INDEX jobs_status ON jobs(status, id);
CREATE INDEX jobs_kind ON jobs(kind, id);
CREATE INDEX jobs_graph ON jobs(graph_id, kind, id);

CREATE TABLE job_logs (
  id ${e.id},
  job_id ${e.int} NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  at TEXT NOT NULL DEFAULT ${e.nowDefault},
  level TEXT NOT NULL CHECK (level IN ('info', 'warn', 'error')),
  message TEXT NOT NULL
);
CREATE INDEX job_logs_job ON job_logs(job_id, id);

CREATE TABLE kg_relation_builds (
  relation_id ${e.int} PRIMARY KEY REFERENCES kg_relations(id) ON DELETE CASCADE,
  job_id ${e.int} NOT NULL REFERENCES jobs(id) ON DELETE CASCADE
);
CREATE INDEX kg_relation_builds_job ON kg_relation_builds(job_id);

CREATE TABLE kg_fact_versions (
  graph_id ${e.int} PRIMARY KEY,
  version ${e.int} NOT NULL DEFAULT 0
);
${e.pick(
  `CREATE TRIGGER kg_relations_fact_update AFTER UPDATE ON kg_relations BEGIN
  INSERT INTO kg_fact_versions (graph_id, version) VALUES (NEW.graph_id, 1)
  ON CONFLICT (graph_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER kg_entities_fact_update AFTER UPDATE ON kg_entities BEGIN
  INSERT INTO kg_fact_versions (graph_id, version) VALUES (NEW.graph_id, 1)
  ON CONFLICT (graph_id) DO UPDATE SET version = version + 1;
END;`,
  `CREATE FUNCTION kg_fact_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kg_fact_versions (graph_id, version)
    SELECT graph_id, count(*) FROM new_rows GROUP BY graph_id
  ON CONFLICT (graph_id) DO UPDATE SET version = kg_fact_versions.version + excluded.version;
  RETURN NULL;
END
$$;
CREATE TRIGGER kg_relations_fact_update AFTER UPDATE ON kg_relations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kg_fact_update();
CREATE TRIGGER kg_entities_fact_update AFTER UPDATE ON kg_entities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kg_fact_update();`,
)}

CREATE VIEW kg_relation_results AS
SELECT r.id AS id,
       r.graph_id AS graph_id,
       s.name AS subject,
       s.uuid AS subject_uuid,
       t.name AS predicate,
       o.name AS object,
       o.uuid AS object_uuid,
       r.confidence AS confidence,
       b.job_id AS job_id
  FROM kg_relations r
  JOIN kg_entities s ON s.id = r.subject_id
  JOIN kg_relation_types t ON t.id = r.relation_type_id
  JOIN kg_entities o ON o.id = r.object_id
  LEFT JOIN kg_relation_builds b ON b.relation_id = r.id;
`,
);
