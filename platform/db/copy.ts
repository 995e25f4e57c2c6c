import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { sql } from "kysely";
import { openDatabase } from "./database.js";
import { migrate } from "./migrate.js";
import { openStore, type Store, type Tx } from "./store.js";

/**
 * Moves a SQLite store (and its uploaded files) into an empty PostgreSQL database: `npm run
 * db:copy` (scripts/db-copy.ts; docs/deploy.md, "Moving a SQLite store to PostgreSQL").
 *
 * - The source is migrated to this version first (as a start of the platform would), then read
 *   in one read transaction: one consistent snapshot.
 * - The target is migrated, then refused unless it holds no data.
 * - Everything is written in ONE transaction: a copy that fails leaves the target empty.
 * - Tables go parents first (by their foreign keys); a table that points at itself
 *   (kg_classes.parent_id) gets that column in a second pass.
 * - Tables the triggers keep (graph versions, fact versions, row counts) are not copied: the
 *   triggers rebuild them from the copied rows (versions take new values, which only means
 *   caches start cold); the counts are then checked against the source.
 * - Identity sequences move past the largest id ever given (SQLite's sqlite_sequence), so no id
 *   is reused.
 * - Every copied table is checked: as many rows in the target as in the source.
 */

/** Kept by triggers on both engines: rebuilt by the copy, not copied. */
const DERIVED = new Set(["kg_graph_state", "kg_fact_versions", "resource_counts"]);
/** The migrator's own, and SQLite's search index bookkeeping (PostgreSQL has its own). */
const NOT_COPIED = new Set(["schema_migrations", "resource_search_state", "data_file_chunks"]);
/** Filled by migrations themselves: may hold rows in an "empty" target. */
const FILLED_BY_MIGRATIONS = new Set([
  "schema_migrations",
  "resource_search_state",
  "resource_search_grams",
]);

const ROWS_PER_STATEMENT_PARAMS = 30_000;
const FILE_CHUNK = 1024 * 1024;

export interface CopyReport {
  tables: { table: string; rows: number }[];
  files: { copied: number; missing: string[] };
  ms: number;
}

export class CopyRefused extends Error {}

interface TableInfo {
  name: string;
  columns: string[];
  parents: string[];
  selfRefs: string[];
  hasId: boolean;
}

/** The source's tables (no views, no SQLite internals, no FTS shadow tables) and their keys. */
function tablesOf(src: Database.Database): TableInfo[] {
  const names = src
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE '%_fts_%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return names.map((name) => {
    const cols = src.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[];
    const fks = src.prepare(`PRAGMA foreign_key_list("${name}")`).all() as {
      table: string;
      from: string;
    }[];
    return {
      name,
      columns: cols.map((c) => c.name),
      parents: [...new Set(fks.filter((f) => f.table !== name).map((f) => f.table))],
      selfRefs: fks.filter((f) => f.table === name).map((f) => f.from),
      hasId: cols.some((c) => c.name === "id"),
    };
  });
}

/** Parents before children. */
function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo, path: Set<string>) => {
    if (done.has(t.name)) return;
    if (path.has(t.name)) throw new Error(`foreign keys form a cycle through ${t.name}`);
    path.add(t.name);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent, path);
    }
    path.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

async function countRows(db: Tx | Store["db"], table: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}

/** Refuses a target that already holds data (beyond what its migrations put there). */
async function requireEmpty(target: Store, tables: TableInfo[]) {
  for (const t of tables) {
    if (FILLED_BY_MIGRATIONS.has(t.name) || DERIVED.has(t.name)) continue;
    const n = await countRows(target.db, t.name);
    if (n > 0) {
      throw new CopyRefused(
        `db:copy: the target database is not empty (${t.name} holds ${n} rows); copy into an empty database`,
      );
    }
  }
}

async function copyTable(src: Database.Database, tx: Tx, t: TableInfo): Promise<number> {
  const columns = t.columns;
  const perStatement = Math.max(1, Math.floor(ROWS_PER_STATEMENT_PARAMS / columns.length));
  const order = t.hasId ? "ORDER BY id" : "";
  const rows = src
    .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${t.name}" ${order}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
  let batch: unknown[][] = [];
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    await sql`INSERT INTO ${sql.table(t.name)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(
      batch.map((r) => sql`(${sql.join(r)})`),
    )}`.execute(tx);
    n += batch.length;
    batch = [];
  };
  for (const row of rows) {
    // A self-reference waits for the second pass: its target may come later in id order.
    for (const c of t.selfRefs) row[columns.indexOf(c)] = null;
    batch.push(row);
    if (batch.length >= perStatement) await flush();
  }
  await flush();
  for (const c of t.selfRefs) {
    const links = src
      .prepare(`SELECT id, "${c}" FROM "${t.name}" WHERE "${c}" IS NOT NULL`)
      .raw()
      .all() as [number, number][];
    for (const [id, to] of links) {
      await sql`UPDATE ${sql.table(t.name)} SET ${sql.ref(c)} = ${to} WHERE id = ${id}`.execute(tx);
    }
  }
  return n;
}

/** Moves the table's identity past the largest id the source ever gave (sqlite_sequence too). */
async function syncIdentity(src: Database.Database, tx: Tx, table: string) {
  const seq = src.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").pluck().get(table) as
    number | undefined;
  await sql`SELECT kg_sync_identity(${table})`.execute(tx);
  if (seq) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${seq})
               WHERE ${seq} > coalesce((SELECT max(id) FROM ${sql.table(table)}), 0)`.execute(tx);
  }
}

async function copyFiles(
  src: Database.Database,
  tx: Tx,
  filesDir: string,
): Promise<CopyReport["files"]> {
  const uuids = src.prepare("SELECT uuid FROM data_files ORDER BY id").pluck().all() as string[];
  const missing: string[] = [];
  let copied = 0;
  for (const uuid of uuids) {
    let content: Buffer;
    try {
      content = fs.readFileSync(path.join(filesDir, uuid));
    } catch {
      missing.push(uuid);
      continue;
    }
    for (let seq = 0, at = 0; at < content.length || seq === 0; seq++, at += FILE_CHUNK) {
      await tx
        .insertInto("data_file_chunks")
        .values({ uuid, seq, bytes: content.subarray(at, at + FILE_CHUNK) })
        .execute();
    }
    copied++;
  }
  return { copied, missing };
}

/** The rows the triggers made in the target, as they are in the source. */
async function checkDerived(src: Database.Database, tx: Tx) {
  const want = src
    .prepare(
      "SELECT table_name, column_name, value, n FROM resource_counts WHERE n <> 0 ORDER BY 1, 2, 3",
    )
    .raw()
    .all()
    .map((r) => (r as unknown[]).join("|"));
  const got = (
    await sql<{
      k: string;
    }>`SELECT table_name || '|' || column_name || '|' || value || '|' || n AS k FROM resource_counts WHERE n <> 0 ORDER BY table_name, column_name, value`.execute(
      tx,
    )
  ).rows.map((r) => r.k);
  if (JSON.stringify(want) !== JSON.stringify(got)) {
    throw new Error("db:copy: the row counts kept by the triggers differ from the source's");
  }
}

export async function copySqliteToPostgres(opts: {
  from: string;
  to: string;
  filesDir?: string;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  if (!fs.existsSync(opts.from)) throw new CopyRefused(`db:copy: no SQLite store at ${opts.from}`);
  const src = openDatabase(opts.from);
  const target = openStore({ databaseUrl: opts.to, dbFile: "" });
  try {
    await migrate(target);
    const tables = parentsFirst(tablesOf(src));
    await requireEmpty(target, tables);
    src.exec("BEGIN"); // one snapshot of the source for the whole copy
    try {
      const report = await target.write(async (tx) => {
        const done: CopyReport["tables"] = [];
        for (const t of tables) {
          if (NOT_COPIED.has(t.name) || DERIVED.has(t.name)) continue;
          const rows = await copyTable(src, tx, t);
          if (t.hasId) await syncIdentity(src, tx, t.name);
          const want = src.prepare(`SELECT count(*) FROM "${t.name}"`).pluck().get() as number;
          const got = await countRows(tx, t.name);
          if (got !== want || rows !== want) {
            throw new Error(`db:copy: ${t.name}: ${want} rows in the source, ${got} in the target`);
          }
          done.push({ table: t.name, rows: got });
          log(`${t.name}: ${got} rows`);
        }
        await checkDerived(src, tx);
        const files = await copyFiles(
          src,
          tx,
          opts.filesDir ?? path.join(path.dirname(opts.from), "files"),
        );
        log(
          `files: ${files.copied} copied${files.missing.length ? `, ${files.missing.length} missing` : ""}`,
        );
        return { tables: done, files };
      });
      return { ...report, ms: Date.now() - started };
    } finally {
      src.exec("ROLLBACK");
    }
  } finally {
    src.close();
    await target.close();
  }
}
