import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type LogEvent, type Transaction } from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import { once } from "./read-scope.js";
import { BetterSqliteDialect } from "./sqlite-dialect.js";
import type { Tables } from "./tables.js";

/**
 * The platform's store: one async data layer over two engines (decision 021).
 * - `sqlite`: the embedded default, one file under DATA_DIR (WAL), better-sqlite3 under Kysely.
 * - `postgres`: DATABASE_URL, shared by every node of the platform, pg's pool under Kysely.
 * Everything above `platform/<area>/store.ts` sees only `Store` and `Db`; where the two
 * engines differ, one function of the store layer holds both forms (`./dialect.ts`).
 */

export type Engine = "sqlite" | "postgres";

/** A handle on the store to run queries with: the store itself, or a transaction of it. */
export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;

export interface Store {
  readonly engine: Engine;
  /** Each query its own transaction. */
  readonly db: Db;
  /**
   * A transaction that writes: all of `fn` or none of it. SQLite begins it IMMEDIATE (the
   * write lock first); PostgreSQL runs it SERIALIZABLE and runs `fn` again when it loses a
   * conflict with another transaction (so `fn` must do nothing but store work). Either way the
   * writes of the platform see one another as if they ran one at a time, as they do on SQLite.
   */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One consistent view of the store for a long read (an export): on SQLite a read-only
   * connection of its own (WAL: writers go on), on PostgreSQL REPEATABLE READ, READ ONLY.
   */
  snapshot<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** A token that changes whenever anything is committed by anyone (cache keys). */
  version(): Promise<string>;
  /** Resolves when the store answers a query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** SQLite only: the file and its connection (the move to the data layer; benches). */
  readonly sqlite?: { file: string; handle: Database.Database };
}

/**
 * SQLITE_CACHE_MB: each connection's page cache (default 64). The default 2 MB cache rereads a
 * million-row table's index on every count: 12 ms, 0.4 ms with 64 MB (bench/triples-bench.ts).
 * A process has its store's connection and, while a job or page reads a snapshot, one more;
 * each cache grows to its bound as pages are read or written (docs/deploy.md, "Memory").
 */
export function sqliteCacheMb(raw = process.env.SQLITE_CACHE_MB): number {
  if (raw === undefined || raw === "") return 64;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1)
    throw new Error(`SQLITE_CACHE_MB: "${raw}" is not a whole number of megabytes (1 or more).`);
  return Number(raw);
}

const SQLITE_PRAGMAS = [
  "journal_mode = WAL",
  "synchronous = NORMAL",
  "foreign_keys = ON",
  "busy_timeout = 5000",
  `cache_size = -${sqliteCacheMb() * 1024}`,
];

/**
 * A snapshot's page cache (MB, at most SQLITE_CACHE_MB): a snapshot is one long read in index
 * order (an export, a rebuild's look at its graph), which rereads few pages; a cache as large as
 * the store connection's would only add its size to the process for the read's length.
 */
const SNAPSHOT_CACHE_MB = 16;

/**
 * Runs `fn` with the store connection's page cache at `kib` KiB (larger for the synthetic
 * graph's random-order index inserts, smaller for a job: see platform/jobs/worker.ts); the old
 * size comes back after. Nothing on PostgreSQL (its buffers are the server's).
 */
export async function withPageCache<T>(
  store: Store,
  kib: number,
  fn: () => Promise<T>,
): Promise<T> {
  const handle = store.sqlite?.handle;
  if (!handle) return fn();
  const before = handle.pragma("cache_size", { simple: true }) as number;
  handle.pragma(`cache_size = ${-Math.round(kib)}`);
  try {
    return await fn();
  } finally {
    handle.pragma(`cache_size = ${before}`);
  }
}

/** Opens the SQLite file (created when missing) with the platform's settings. */
export function openSqliteHandle(
  file: string,
  opts: { readonly?: boolean; cacheMb?: number } = {},
) {
  if (file !== ":memory:" && !opts.readonly) fs.mkdirSync(path.dirname(file), { recursive: true });
  const handle = new Database(file, opts.readonly ? { readonly: true, fileMustExist: true } : {});
  for (const p of opts.readonly ? SQLITE_PRAGMAS.slice(2) : SQLITE_PRAGMAS) handle.pragma(p);
  if (opts.cacheMb) handle.pragma(`cache_size = -${opts.cacheMb * 1024}`);
  return handle;
}

function sqliteStore(file: string, handle = openSqliteHandle(file)): Store {
  const db = new Kysely<Tables>({ dialect: new BetterSqliteDialect(handle), log: statementLog() });
  const dataVersion = handle.prepare("PRAGMA data_version").pluck();
  const changes = handle.prepare("SELECT total_changes()").pluck();
  return {
    engine: "sqlite",
    db,
    sqlite: { file, handle },
    write: (fn) => db.transaction().execute(fn),
    snapshot: async (fn) => {
      if (file === ":memory:") return db.transaction().setAccessMode("read only").execute(fn);
      const reader = new Kysely<Tables>({
        dialect: new BetterSqliteDialect(
          openSqliteHandle(file, {
            readonly: true,
            cacheMb: Math.min(SNAPSHOT_CACHE_MB, sqliteCacheMb()),
          }),
        ),
      });
      try {
        return await reader.transaction().setAccessMode("read only").execute(fn);
      } finally {
        await reader.destroy();
      }
    },
    // `data_version` moves when another connection commits, total_changes() when this one
    // writes: a few microseconds, and never stale.
    version: async () => `${dataVersion.get()}:${changes.get()}`,
    ping: async () => void (await sql`SELECT 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/**
 * STORE_LOG_STATEMENTS=<file>: every statement's time and text appended to the file, one line
 * each (a diagnostic for finding the round trips a page makes; off unless set).
 */
function statementLog() {
  const file = process.env.STORE_LOG_STATEMENTS;
  if (!file) return undefined;
  return (event: LogEvent) => {
    const line = event.query.sql.replace(/\s+/g, " ");
    fs.appendFileSync(
      file,
      `${process.pid}\t${event.queryDurationMillis.toFixed(2)}\t${event.level}\t${line}\n`,
    );
  };
}

/** PostgreSQL's SQLSTATEs for a transaction that lost to a concurrent one: run it again. */
const RETRY_CODES = new Set(["40001", "40P01"]);
const MAX_TRIES = 8;

/** 64-bit integers (ids, counts, epoch milliseconds) and numerics as numbers, as SQLite gives them. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

/** How long one statement may run on PostgreSQL before it is cancelled (its transaction rolled back). */
const STATEMENT_TIMEOUT_MS = 60_000;
/**
 * How long the statement of a snapshot may run: the spec's timeout of long operations (exports,
 * 3,600,000 ms). A stream's cursor is one statement from its first row to its last, however
 * long its reader takes: under the ordinary timeout an export longer than 60 s was cut off.
 */
const SNAPSHOT_TIMEOUT_MS = 3_600_000;

let postgresStores = 0;

function postgresStore(url: string, statementTimeoutMs = STATEMENT_TIMEOUT_MS): Store {
  const storeId = ++postgresStores;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes as pg.CustomTypesConfig,
    // Fail fast when the database is unreachable; a page answers with the service message.
    connectionTimeoutMillis: 5_000,
    // A statement that runs away is cut off (and its transaction rolled back).
    statement_timeout: statementTimeoutMs,
    application_name: "kg-platform",
    // JIT compiling of plans it deems costly took PostgreSQL 40–90 ms here, more than the short
    // queries of a page run in; the platform's queries are short by design.
    options: "-c jit=off",
  });
  // An idle client that loses its connection (the server restarted) is dropped by the pool;
  // without a listener the error would end the process.
  pool.on("error", () => {});
  // So is a client in use between two statements (a transaction's, an export's cursor waiting
  // for its reader) when the database goes away: the pool's listener is off while a client is
  // lent out, and an 'error' nobody listens to ends the process. The failure reaches whoever
  // uses the client next (its statement fails), and the pool drops the client when it returns.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    log: statementLog(),
  });
  return {
    engine: "postgres",
    db,
    write: async (fn) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().setIsolationLevel("serializable").execute(fn);
        } catch (e) {
          const code = (e as { code?: unknown })?.code;
          if (typeof code !== "string" || !RETRY_CODES.has(code) || attempt >= MAX_TRIES) throw e;
          await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        }
      }
    },
    snapshot: (fn) =>
      db
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute(async (tx) => {
          const ms = Math.max(statementTimeoutMs, SNAPSHOT_TIMEOUT_MS);
          await sql`SET LOCAL statement_timeout = ${sql.lit(ms)}`.execute(tx);
          return fn(tx);
        }),
    // The snapshot (xmin:xmax:in-progress ids) changes whenever a transaction that wrote
    // commits, on any node: one round trip, and never stale.
    // A round trip: asked once per read request (read-scope.ts).
    version: () =>
      once(`store-version:${storeId}`, async () => {
        const r = await sql<{ v: string }>`SELECT pg_current_snapshot()::text AS v`.execute(db);
        return r.rows[0].v;
      }),
    ping: async () => void (await sql`SELECT 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/**
 * The store the settings name: PostgreSQL when a postgres:// URL is given (`statementTimeoutMs`:
 * how long one statement may run, default 60 s), else the SQLite file.
 */
export function openStore(opts: {
  databaseUrl?: string;
  dbFile: string;
  statementTimeoutMs?: number;
}): Store {
  return opts.databaseUrl
    ? postgresStore(opts.databaseUrl, opts.statementTimeoutMs)
    : sqliteStore(opts.dbFile);
}

/** Socket errors of a database server that cannot be reached, or that went away. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's SQLSTATEs of a server that is not there to answer: a connection exception (class
 * 08), the server shutting down, crashed or still starting (57P01–57P03), no connection left (53300).
 */
const PG_UNREACHABLE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** What pg says (without a code) of a connection that was lost, or could not be made in time. */
const PG_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error says the store is not there (PostgreSQL unreachable, restarting, out of
 * connections; the connection lost), as opposed to a refused or failed statement: the work
 * may succeed once the store is back.
 */
export function storeUnreachable(e: unknown): boolean {
  if (e instanceof AggregateError && e.errors.some(storeUnreachable)) return true;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || PG_UNREACHABLE.test(code)))
    return true;
  return e instanceof Error && PG_LOST.test(e.message);
}

/**
 * Whether an error says the store cannot serve now: unreachable (storeUnreachable), a statement
 * cut off by its timeout (PostgreSQL 57014: the transaction is rolled back), or SQLite's write
 * lock still held by another process after its busy timeout. Clients get the service message.
 */
export function storeUnavailable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return storeUnreachable(e) || code === "57014" || code === "SQLITE_BUSY";
}

/** A store over an open SQLite connection (the move to the data layer: one connection for both). */
export function storeOverSqlite(file: string, handle: Database.Database): Store {
  return sqliteStore(file, handle);
}
