/**
 * A graph being written by a job (issue 26): while a row names the graph, its facts are the
 * job's work in progress, written in batches of their own transactions, and readers are told
 * the graph is being written instead of seeing part of it (platform/kg/shapes.ts,
 * requireGraph). The job's success deletes the row in the same transaction, so the whole result
 * becomes visible at once; a job that ends any other way leaves the row to recovery, which
 * clears what was written and then deletes it (platform/admin/graph-admin/graph-writes.ts).
 */
export const graphWritesSchema = {
  sqlite: /* sql */ `
CREATE TABLE kg_graph_writes (
  graph_id INTEGER PRIMARY KEY REFERENCES graphs(id) ON DELETE CASCADE,
  job_id INTEGER NOT NULL,
  since TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
`,
  postgres: /* sql */ `
CREATE TABLE kg_graph_writes (
  graph_id BIGINT PRIMARY KEY REFERENCES graphs(id) ON DELETE CASCADE,
  job_id BIGINT NOT NULL,
  since TEXT NOT NULL DEFAULT kg_now_iso()
);
`,
};
