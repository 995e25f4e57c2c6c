import type { DB } from "./database.js";

/**
 * How many rows of `table` have `column` equal to `value` (the total beside a page of them,
 * or a figure of a summary). Table and column are the caller's own names, never input.
 */
export function countRows(db: DB, table: string, column: string, value: unknown): number {
  return db
    .prepare(`SELECT count(*) FROM ${table} WHERE ${column} = ?`)
    .pluck()
    .get(value) as number;
}
