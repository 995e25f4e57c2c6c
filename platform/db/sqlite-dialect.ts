import type Database from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * Kysely over better-sqlite3, as Kysely's own SqliteDialect with two differences that matter
 * to a store shared by several processes and read on every request:
 * - A write transaction begins with BEGIN IMMEDIATE (decision 005): it takes the write lock
 *   first and waits for it up to busy_timeout, instead of failing at its first write with
 *   SQLITE_BUSY_SNAPSHOT when another process committed in between. A transaction set
 *   "read only" begins deferred (a snapshot for readers).
 * - Prepared statements are kept by their text (Kysely's driver prepares each query anew:
 *   parsing a statement costs more than running most of ours).
 * One connection; Kysely's mutex gives it to one query or transaction at a time.
 */
export class BetterSqliteDialect implements Dialect {
  constructor(private readonly db: Database.Database) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new BetterSqliteDriver(this.db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

const STATEMENT_CACHE_SIZE = 1000;

class BetterSqliteConnection implements DatabaseConnection {
  private statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  private statement(sqlText: string): Database.Statement {
    let stmt = this.statements.get(sqlText);
    if (!stmt) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      stmt = this.db.prepare(sqlText);
      this.statements.set(sqlText, stmt);
    }
    return stmt;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.statement(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement of its own: a cached one may be wanted while this one iterates.
    const stmt = this.db.prepare(compiled.sql);
    const batch: R[] = [];
    for (const row of stmt.iterate(compiled.parameters as unknown[])) {
      batch.push(row as R);
      if (batch.length >= 500) yield { rows: batch.splice(0) };
    }
    if (batch.length) yield { rows: batch };
  }
}

class BetterSqliteDriver implements Driver {
  private connection: BetterSqliteConnection;
  private lock: Promise<void> | null = null;
  private unlock: (() => void) | null = null;

  constructor(db: Database.Database) {
    this.connection = new BetterSqliteConnection(db);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.lock) await this.lock;
    this.lock = new Promise((resolve) => (this.unlock = resolve));
    return this.connection;
  }

  async releaseConnection() {
    const unlock = this.unlock;
    this.lock = null;
    this.unlock = null;
    unlock?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const begin = settings.accessMode === "read only" ? "begin" : "begin immediate";
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    // SQLite has already rolled back after some errors (SQLITE_FULL, SQLITE_IOERR, …): a
    // ROLLBACK then fails and its error would hide the one that matters.
    if (!(connection as BetterSqliteConnection).db.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async destroy() {
    this.connection.db.close();
  }
}
