import type { DB } from "./db/database.js";
import { prepared } from "./resources/store.js";

/**
 * A token that changes whenever anything is committed to the store, by any process (issue 11):
 * SQLite's `PRAGMA data_version` moves when another connection commits (another worker, a
 * script), `total_changes()` when this connection writes. Caches keyed by it are never stale;
 * they are dropped by unrelated writes too, which is the price of not listing what each
 * cached answer reads. A few microseconds.
 */
export function storeVersion(db: DB): string {
  return `${prepared(db, "PRAGMA data_version", "pluck").get()}:${prepared(db, "SELECT total_changes()", "pluck").get()}`;
}
