import { coreSchema } from "./schema-core.js";

export interface Migration {
  name: string;
  sql: string;
}

/**
 * Every migration of the store, in the order it is applied. Append only: a migration
 * that has shipped is never edited, a change is a new entry.
 */
export const migrations: Migration[] = [{ name: "001-core", sql: coreSchema }];
