import type Database from "better-sqlite3";
import { sql } from "kysely";
import { StartupError } from "../settings.js";
import { migrations, type Migration } from "./migrations.js";
import type { Db, Store } from "./store.js";

/**
 * One migration history for both engines (decision 021): the list in ./migrations.ts, each
 * entry with its SQLite and its PostgreSQL form, applied in list order and recorded by name in
 * `schema_migrations`. Every pending migration runs in ONE transaction, so a migration that
 * fails leaves the store as it was (both engines' DDL is transactional). A store that records
 * a migration this code does not know was migrated by a newer version: start-up refuses it.
 * On PostgreSQL an advisory lock makes nodes that start together migrate one after another.
 */

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name TEXT PRIMARY KEY,
  applied_at TEXT NOT NULL
)`;

/** The migrations still to apply; refuses a store that knows one the code does not. */
function pending(applied: string[], list: Migration[]): Migration[] {
  const known = new Set(list.map((m) => m.name));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new StartupError(
      `platform: cannot start: the store was migrated by a newer version of the platform (migration ${unknown.join(", ")} is unknown here); start that version, or restore a backup taken before it`,
    );
  }
  const done = new Set(applied);
  return list.filter((m) => !done.has(m.name));
}

const now = () => new Date().toISOString();

/** SQLite: synchronous, on the raw connection (migration scripts hold several statements). */
export function migrateSqlite(handle: Database.Database, list: Migration[] = migrations) {
  handle.exec(CREATE_TABLE);
  const applied = handle.prepare("SELECT name FROM schema_migrations").pluck().all() as string[];
  const todo = pending(applied, list);
  if (!todo.length) return;
  handle.exec("BEGIN IMMEDIATE");
  try {
    for (const m of todo) {
      handle.exec(m.sqlite);
      handle
        .prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)")
        .run(m.name, now());
    }
    handle.exec("COMMIT");
  } catch (e) {
    handle.exec("ROLLBACK");
    throw e;
  }
}

/** A number of our own for pg_advisory_xact_lock: "kg-m". */
const MIGRATION_LOCK = 0x6b672d6d;

/** PostgreSQL: in one transaction, under an advisory lock held until it ends. */
export async function migratePostgres(db: Db, list: Migration[] = migrations) {
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql.raw(CREATE_TABLE).execute(tx);
    const applied = (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(tx))
      .rows;
    for (const m of pending(
      applied.map((r) => r.name),
      list,
    )) {
      await sql.raw(m.postgres).execute(tx);
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${now()})`.execute(
        tx,
      );
    }
  });
}

/** Brings the store's schema up to date (see above). */
export async function migrate(store: Store, list: Migration[] = migrations) {
  if (store.engine === "sqlite") migrateSqlite(store.sqlite!.handle, list);
  else await migratePostgres(store.db, list);
}
