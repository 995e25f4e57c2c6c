import type Database from "better-sqlite3";
import { migrateSqlite } from "./migrate.js";
import { openSqliteHandle } from "./store.js";

export type DB = Database.Database;

/** Opens (creating when missing) the SQLite store and brings its schema up to date. */
export function openDatabase(file: string): DB {
  const db = openSqliteHandle(file);
  immediateTransactions(db);
  migrateSqlite(db);
  return db;
}

/**
 * Makes `db.transaction(fn)()` begin with BEGIN IMMEDIATE. A deferred transaction that reads
 * and then writes fails at its first write with SQLITE_BUSY_SNAPSHOT (no wait, no retry) when
 * another connection committed in between: a job runner in another process, or a test
 * writing its fixtures (seen as a 500 on a CSV import). IMMEDIATE takes the write lock first
 * and waits for it up to busy_timeout. `.deferred` stays available; nested calls still use
 * savepoints.
 */
function immediateTransactions(db: DB) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const t = transaction(fn);
    return Object.assign((...args: unknown[]) => t.immediate(...args), {
      default: t.immediate,
      deferred: t.deferred,
      immediate: t.immediate,
      exclusive: t.exclusive,
    });
  }) as DB["transaction"];
}

export function nowIso() {
  return new Date().toISOString();
}
