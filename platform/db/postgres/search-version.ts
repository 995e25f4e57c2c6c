/**
 * PostgreSQL form of 008-search-version (../schema-search-version.ts): the column only. The
 * search indexes of PostgreSQL follow every write by themselves (./resources.ts), so no
 * trigger moves the version; code may read it on both engines.
 */
export const searchVersionSchema = /* sql */ `
ALTER TABLE resource_search_state ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
`;
