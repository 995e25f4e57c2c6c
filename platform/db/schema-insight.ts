import { bothEngines, type EngineWords } from "./both-engines.js";

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
/**
 * The feedback table `name` with the kinds `kinds` admits: created here, rebuilt on SQLite by
 * platform/db/schema-extraction-reviews.ts when the kinds grew.
 */
export const feedbackTable = (
  e: EngineWords,
  name: string,
  kinds: string,
) => /* sql */ `CREATE TABLE ${name} (
  id ${e.id},
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN (${kinds})),
  target TEXT NOT NULL,
  target_label TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'confirmed', 'fixed', 'rejected')),
  note TEXT NOT NULL DEFAULT '',
  reporter_id ${e.int},
  reporter TEXT NOT NULL DEFAULT '',
  handler TEXT NOT NULL DEFAULT '',
  handled_at TEXT,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);`;

export const insightSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE kg_models (
  id ${e.id},
  name TEXT NOT NULL,
  version TEXT NOT NULL DEFAULT '1.0.0',
  type TEXT NOT NULL CHECK (type IN ('ner', 'relation', 'event')),
  graph_id ${e.int} REFERENCES graphs(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'training', 'evaluating', 'ready', 'failed')),
  holdout ${e.int} NOT NULL DEFAULT 20 CHECK (holdout BETWEEN 5 AND 50),
  description TEXT NOT NULL DEFAULT '',
  learned TEXT NOT NULL DEFAULT '{}',
${e.pick(`  precision REAL,`, `  "precision" DOUBLE PRECISION,`)}
  recall ${e.real},
  f1 ${e.real},
  metrics TEXT NOT NULL DEFAULT '',
  last_run_at TEXT,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault},
  UNIQUE (name, version)
);
CREATE INDEX kg_models_graph ON kg_models(graph_id);

CREATE TABLE kg_model_runs (
  id ${e.id},
  model_id ${e.int} NOT NULL REFERENCES kg_models(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('evaluation', 'training')),
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  job_id ${e.int},
  graph_id ${e.int},
  holdout ${e.int} NOT NULL,
  user_id ${e.int},
  username TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault},
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX kg_model_runs_model ON kg_model_runs(model_id, id);
CREATE INDEX kg_model_runs_job ON kg_model_runs(job_id);

-- per_class: JSON [{label, tp, fp, fn, support, precision, recall, f1}];
-- confusion: JSON {labels: [...], matrix: [[gold i → predicted j]]}, the last label being "O" (none).
CREATE TABLE kg_model_evaluations (
  id ${e.id},
  run_id ${e.int} NOT NULL UNIQUE REFERENCES kg_model_runs(id) ON DELETE CASCADE,
  model_id ${e.int} NOT NULL REFERENCES kg_models(id) ON DELETE CASCADE,
  graph_id ${e.int},
  articles ${e.int} NOT NULL,
  gold ${e.int} NOT NULL,
  predicted ${e.int} NOT NULL,
  tp ${e.int} NOT NULL,
${e.pick(`  precision REAL NOT NULL,`, `  "precision" DOUBLE PRECISION NOT NULL,`)}
  recall ${e.real} NOT NULL,
  f1 ${e.real} NOT NULL,
  macro_f1 ${e.real} NOT NULL,
  per_class TEXT NOT NULL,
  confusion TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_model_evaluations_model ON kg_model_evaluations(model_id, id);

CREATE TABLE kg_search_log (
  id ${e.id},
  graph_id ${e.int},
  user_id ${e.int},
  query TEXT NOT NULL,
  kind TEXT NOT NULL,
  result_count ${e.int} NOT NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_search_log_graph_time ON kg_search_log(graph_id, created_at);
CREATE INDEX kg_search_log_time ON kg_search_log(created_at);

${feedbackTable(e, "kg_feedback", "'entity', 'relation', 'event'")}
CREATE INDEX kg_feedback_status ON kg_feedback(status, id);
CREATE INDEX kg_feedback_graph ON kg_feedback(graph_id, id);
${e.onPostgres(`
`)}`,
);
