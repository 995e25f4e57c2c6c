/**
 * Insight: extraction models with their runs and evaluations, the retrieval log, and users'
 * feedback on wrong facts (docs/api.md, "Models, statistics, feedback and retrieval logs").
 *
 * - A model is the platform's extraction (platform/kg/extract.ts) for one task on one graph,
 *   plus what its training runs learned (`learned`: JSON, see platform/admin/insight/evaluate.ts).
 * - A run is a job of the job runner; its logs and progress live with the job (`job_id`),
 *   its outcome (status, evaluation) here.
 * - Feedback keeps a snapshot of the fact it reports (`target_label`), so it stays readable
 *   after the fact is corrected or deleted.
 */
export const insightSchema = /* sql */ `
CREATE TABLE kg_models (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  version TEXT NOT NULL DEFAULT '1.0.0',
  type TEXT NOT NULL CHECK (type IN ('ner', 'relation', 'event')),
  graph_id INTEGER REFERENCES graphs(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'training', 'evaluating', 'ready', 'failed')),
  holdout INTEGER NOT NULL DEFAULT 20 CHECK (holdout BETWEEN 5 AND 50),
  description TEXT NOT NULL DEFAULT '',
  learned TEXT NOT NULL DEFAULT '{}',
  precision REAL,
  recall REAL,
  f1 REAL,
  metrics TEXT NOT NULL DEFAULT '',
  last_run_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (name, version)
);
CREATE INDEX kg_models_graph ON kg_models(graph_id);

CREATE TABLE kg_model_runs (
  id INTEGER PRIMARY KEY,
  model_id INTEGER NOT NULL REFERENCES kg_models(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('evaluation', 'training')),
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  job_id INTEGER,
  graph_id INTEGER,
  holdout INTEGER NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX kg_model_runs_model ON kg_model_runs(model_id, id);
CREATE INDEX kg_model_runs_job ON kg_model_runs(job_id);

-- per_class: JSON [{label, tp, fp, fn, support, precision, recall, f1}];
-- confusion: JSON {labels: [...], matrix: [[gold i → predicted j]]}, the last label being "O" (none).
CREATE TABLE kg_model_evaluations (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL UNIQUE REFERENCES kg_model_runs(id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL REFERENCES kg_models(id) ON DELETE CASCADE,
  graph_id INTEGER,
  articles INTEGER NOT NULL,
  gold INTEGER NOT NULL,
  predicted INTEGER NOT NULL,
  tp INTEGER NOT NULL,
  precision REAL NOT NULL,
  recall REAL NOT NULL,
  f1 REAL NOT NULL,
  macro_f1 REAL NOT NULL,
  per_class TEXT NOT NULL,
  confusion TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX kg_model_evaluations_model ON kg_model_evaluations(model_id, id);

CREATE TABLE kg_search_log (
  id INTEGER PRIMARY KEY,
  graph_id INTEGER,
  user_id INTEGER,
  query TEXT NOT NULL,
  kind TEXT NOT NULL,
  result_count INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX kg_search_log_graph_time ON kg_search_log(graph_id, created_at);
CREATE INDEX kg_search_log_time ON kg_search_log(created_at);

CREATE TABLE kg_feedback (
  id INTEGER PRIMARY KEY,
  graph_id INTEGER REFERENCES graphs(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('entity', 'relation', 'event')),
  target TEXT NOT NULL,
  target_label TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'confirmed', 'fixed', 'rejected')),
  note TEXT NOT NULL DEFAULT '',
  reporter_id INTEGER,
  reporter TEXT NOT NULL DEFAULT '',
  handler TEXT NOT NULL DEFAULT '',
  handled_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX kg_feedback_status ON kg_feedback(status, id);
CREATE INDEX kg_feedback_graph ON kg_feedback(graph_id, id);
`;
