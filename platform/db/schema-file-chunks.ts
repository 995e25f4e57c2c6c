import { bothEngines } from "./both-engines.js";

/**
 * Uploaded files' bytes in the store, in chunks (platform/files/store.ts). On PostgreSQL every
 * node reads the same files, so they cannot live in a node's DATA_DIR; on SQLite (one machine)
 * they stay in DATA_DIR/files and this table is unused.
 */
export const fileChunksSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE data_file_chunks (
  uuid TEXT NOT NULL,
  seq ${e.int} NOT NULL,
  bytes ${e.blob} NOT NULL,
  PRIMARY KEY (uuid, seq)
)${e.withoutRowid};
`,
);
