/**
 * Uploaded files' bytes in the store, in chunks (platform/files/store.ts). On PostgreSQL every
 * node reads the same files, so they cannot live in a node's DATA_DIR; on SQLite (one machine)
 * they stay in DATA_DIR/files and this table is unused.
 */
export const fileChunksSchema = {
  sqlite: /* sql */ `
CREATE TABLE data_file_chunks (
  uuid TEXT NOT NULL,
  seq INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (uuid, seq)
) WITHOUT ROWID;
`,
  postgres: /* sql */ `
CREATE TABLE data_file_chunks (
  uuid TEXT NOT NULL,
  seq BIGINT NOT NULL,
  bytes BYTEA NOT NULL,
  PRIMARY KEY (uuid, seq)
);
`,
};
