import type Database from "better-sqlite3";
import type { AuthUser } from "../auth/context.js";
import type { DB } from "../db/database.js";
import { auditValues, type AuditAction } from "./audit.js";

/**
 * Synchronous statements on the SQLite connection (`ctx.db`), for the code not yet moved onto
 * the data layer (issue 22). SQLite only; each goes when its last caller has moved.
 */

type Statement = Database.Statement<unknown[]>;
const statementCaches = new WeakMap<DB, Map<string, Statement>>();
const STATEMENT_CACHE_SIZE = 500;

/**
 * A prepared statement reused across requests. `pluck` statements return the first column;
 * the mode is part of the cache key, so a shared statement never changes under another
 * caller. For admin/insight/search-log.ts until it moves; SQLite only.
 */
export function prepared(db: DB, sql: string, mode: "rows" | "pluck" = "rows"): Statement {
  let cache = statementCaches.get(db);
  if (!cache) statementCaches.set(db, (cache = new Map()));
  const key = mode + ":" + sql;
  let stmt = cache.get(key);
  if (!stmt) {
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
    stmt = db.prepare<unknown[]>(sql);
    if (mode === "pluck") stmt.pluck();
    cache.set(key, stmt);
  }
  return stmt;
}

/**
 * auditRow on the SQLite connection, synchronously: for graph administration's writes, which
 * still run in synchronous transactions (admin/graph-admin/audit.ts). SQLite only.
 */
export function auditRowSync(
  db: DB,
  user: AuthUser,
  action: AuditAction,
  resource: string,
  recordId: number | string | null,
  before: unknown,
  after: unknown,
) {
  const row = auditValues(user, action, resource, recordId, before, after);
  prepared(
    db,
    `INSERT INTO audit_log (user_id, username, action, resource, record_id, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.user_id,
    row.username,
    row.action,
    row.resource,
    row.record_id,
    row.before_json,
    row.after_json,
  );
}
