import { PostgresAdapter } from "kysely";
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
