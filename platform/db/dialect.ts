import { PostgresAdapter, sql, type RawBuilder } from "kysely";
import type { Db, Engine } from "./store.js";

/**
 * Where the two engines differ, the one place that holds both forms (decision 021). Store
 * modules build their statements with Kysely; when a statement needs one of these, it asks
 * here with its handle, never `if (postgres)` of its own.
 */

/** The engine a handle (the store or one of its transactions) runs on. */
export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * A text column compared byte by byte (code point order), as SQLite's BINARY collation always
 * compares: on PostgreSQL the database's collation (en_US.UTF-8, ICU…) may ignore punctuation,
 * so a bound such as "2024-05-31~" (after every time of that day) would not hold there.
 */
export function bytewise(db: Db, column: string): RawBuilder<string> {
  return engineOf(db) === "postgres"
    ? sql<string>`${sql.ref(column)} COLLATE "C"`
    : sql.ref(column);
}

/** SQLSTATEs of a PostgreSQL server that cannot keep a write: its disk is full, or it is read-only. */
const PG_FULL = new Set(["53100"]);
const PG_READ_ONLY = new Set(["25006"]);

/**
 * Why the store refused a write for want of room or of write access, whichever engine said it
 * (SQLite: SQLITE_FULL, SQLITE_READONLY…; PostgreSQL: 53100 disk_full, 25006
 * read_only_sql_transaction, e.g. a standby), or null for any other error.
 */
export function storeRefusal(err: unknown): "full" | "read_only" | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  if (code === "SQLITE_FULL" || PG_FULL.has(code)) return "full";
  if (code.startsWith("SQLITE_READONLY") || PG_READ_ONLY.has(code)) return "read_only";
  return null;
}
