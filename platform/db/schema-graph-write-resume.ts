import { bothEngines } from "./both-engines.js";

/**
 * What becomes of a graph whose writer ended without finishing (issue 26, decision 037): a
 * graph written from empty (a build, the first fill of a graph) is cleared again, which is the
 * graph as it was; a graph that had facts when the job began writing (a rebuild, a large
 * incremental update) cannot be put back by clearing it, so its write is resumed by a new job
 * that finishes what the dry run planned (platform/admin/graph-admin/graph-writes.ts).
 */
export const graphWriteResumeSchema = bothEngines(
  (e) => /* sql */ `
ALTER TABLE kg_graph_writes ADD COLUMN resume ${e.int} NOT NULL DEFAULT 0;
`,
);
