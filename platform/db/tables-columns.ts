/**
 * The store's tables as Kysely sees them. Generated: `npm run db:types` (scripts/db-types.ts)
 * migrates a throwaway PostgreSQL database and runs kysely-codegen on it; edit the migrations,
 * never these files (tables.ts, tables-kg.ts, tables-columns.ts). PostgreSQL's own search
 * tables (resource_search_grams, data_triples_search) are left out, as are SQLite's search index
 * tables: only the engine-specific forms of the search read them, through raw SQL.
 */

import type { ColumnType } from "kysely";

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;
