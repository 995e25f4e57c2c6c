import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "./migrations.js";

export type DB = Database.Database;

/** Opens (creating when missing) the platform store and brings its schema up to date. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // The default 2 MB page cache rereads a million-row table's index on every count:
  // 12 ms, 0.4 ms with 64 MB (bench/triples-bench.ts).
  db.pragma("cache_size = -65536");
  immediateTransactions(db);
  migrate(db);
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

/** Applies each named migration once, in list order, each in its own transaction. */
export function migrate(db: DB) {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (datetime('now')))",
  );
  const applied = new Set(
    db.prepare("SELECT name FROM schema_migrations").pluck().all() as string[],
  );
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (name) VALUES (?)").run(m.name);
    })();
  }
}

export function nowIso() {
  return new Date().toISOString();
}
