import type Database from "better-sqlite3";
import type { AuthUser } from "../auth/context.js";
import type { DB } from "../db/database.js";
import { HttpError, badRequest } from "../http/errors.js";
import type {
  FieldDef,
  FieldErrors,
  ManyToMany,
  RecordRow,
  ResourceDef,
  ResourceHookContext,
} from "./types.js";
import { resourcePath } from "./types.js";

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const columnOf = (f: FieldDef) => f.column ?? f.name;

/** Fields that are read back from the store (not passwords, not uploaded content). */
export const readableFields = (def: ResourceDef) => def.fields.filter((f) => !f.virtual);

/** A JSON array of the keys a record links to, as clients see them. */
function manySelect(m: ManyToMany, alias: string): string {
  if (!m.target) {
    return `(SELECT json_group_array(l.${q(m.other)}) FROM ${q(m.link)} l WHERE l.${q(m.own)} = ${alias}.id)`;
  }
  return `(SELECT json_group_array(x.${q(m.target.key)}) FROM ${q(m.link)} l JOIN ${q(
    m.target.table,
  )} x ON x.id = l.${q(m.other)} WHERE l.${q(m.own)} = ${alias}.id)`;
}

/** `EXISTS` test: the record links to any of the keys. */
export function manyMatch(m: ManyToMany, alias: string, count: number): string {
  const marks = Array(count).fill("?").join(", ");
  if (!m.target) {
    return `EXISTS (SELECT 1 FROM ${q(m.link)} l WHERE l.${q(m.own)} = ${alias}.id AND l.${q(m.other)} IN (${marks}))`;
  }
  return `EXISTS (SELECT 1 FROM ${q(m.link)} l JOIN ${q(m.target.table)} x ON x.id = l.${q(m.other)} WHERE l.${q(
    m.own,
  )} = ${alias}.id AND x.${q(m.target.key)} IN (${marks}))`;
}

/** SQL expression of a readable field over the table aliased `alias`. */
export const fieldExpr = (f: FieldDef, alias = "t") =>
  f.many ? manySelect(f.many, alias) : `${alias}.${q(columnOf(f))}`;

const selectLists = new WeakMap<ResourceDef, string>();

/** The readable fields as `expr AS "name"` over the table aliased `t`. */
export function selectList(def: ResourceDef): string {
  let list = selectLists.get(def);
  if (list === undefined) {
    list = readableFields(def)
      .map((f) => `${fieldExpr(f)} AS ${q(f.name)}`)
      .join(", ");
    selectLists.set(def, list);
  }
  return list;
}

/** Parses the JSON arrays of many-to-many fields in rows read with selectList. */
export function decodeRow(def: ResourceDef, row: Record<string, unknown>): RecordRow {
  for (const f of def.fields) {
    if (f.many && typeof row[f.name] === "string") row[f.name] = JSON.parse(row[f.name] as string);
  }
  return row as RecordRow;
}

export function getRecord(db: DB, def: ResourceDef, id: number): RecordRow | null {
  const row = prepared(db, `SELECT ${selectList(def)} FROM ${q(def.table)} t WHERE t.id = ?`).get(
    id,
  ) as Record<string, unknown> | undefined;
  return row ? decodeRow(def, row) : null;
}

export function requireRecord(db: DB, def: ResourceDef, id: number): RecordRow {
  const record = getRecord(db, def, id);
  if (!record) throw new HttpError(404, "记录不存在", "not_found");
  return record;
}

/** Errors for unique fields whose value another record already holds. */
export function uniqueErrors(
  db: DB,
  def: ResourceDef,
  values: Record<string, unknown>,
  id: number | null,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of def.fields) {
    if (!f.unique || !(f.name in values)) continue;
    const taken = prepared(
      db,
      `SELECT 1 FROM ${q(def.table)} WHERE ${q(columnOf(f))} = ? AND id IS NOT ?`,
    ).get(values[f.name], id);
    if (taken) errors[f.name] = [f.unique];
  }
  return errors;
}

/**
 * Field errors for a constraint the store refused (a NOT NULL or UNIQUE the rules did not
 * foresee), so the client gets a 400 naming the field instead of a 500; null for other errors.
 */
export function constraintErrors(def: ResourceDef, e: unknown): FieldErrors | null {
  const err = e as { code?: unknown; message?: unknown };
  if (typeof err?.code !== "string" || !err.code.startsWith("SQLITE_CONSTRAINT")) return null;
  const column = /constraint failed: [\w"]+\.([\w"]+)/.exec(String(err.message))?.[1];
  const f = column ? def.fields.find((x) => columnOf(x) === column) : undefined;
  const label = f?.label ?? column ?? "";
  const message =
    err.code === "SQLITE_CONSTRAINT_NOTNULL"
      ? `${label}不能为空`
      : err.code === "SQLITE_CONSTRAINT_UNIQUE"
        ? (f?.unique ?? `${label}已存在`)
        : err.code === "SQLITE_CONSTRAINT_FOREIGNKEY"
          ? "关联的记录不存在"
          : "数据不符合约束";
  return { [f?.name ?? column ?? "non_field_errors"]: [message] };
}

/** The validation answer: the first message as detail, every message per field. */
export function validationError(errors: FieldErrors): HttpError {
  const first = Object.values(errors).flat()[0] ?? "数据校验失败";
  return badRequest(first, { errors });
}

function columnValues(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const cols: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (!(f.name in values) || f.many) continue;
    if (f.virtual) {
      if (f.store && values[f.name] !== null && values[f.name] !== "")
        Object.assign(cols, f.store(values[f.name]));
      continue;
    }
    cols[columnOf(f)] = values[f.name];
  }
  return cols;
}

const manyFieldLists = new WeakMap<ResourceDef, FieldDef[]>();

function writeLinks(db: DB, def: ResourceDef, id: number, values: Record<string, unknown>) {
  let manyFields = manyFieldLists.get(def);
  if (!manyFields) manyFieldLists.set(def, (manyFields = def.fields.filter((f) => f.many)));
  for (const f of manyFields) {
    if (!f.many || !(f.name in values)) continue;
    const m = f.many;
    prepared(db, `DELETE FROM ${q(m.link)} WHERE ${q(m.own)} = ?`).run(id);
    const insert = m.target
      ? prepared(
          db,
          `INSERT OR IGNORE INTO ${q(m.link)} (${q(m.own)}, ${q(m.other)}) SELECT ?, id FROM ${q(
            m.target.table,
          )} WHERE ${q(m.target.key)} = ?`,
        )
      : prepared(
          db,
          `INSERT OR IGNORE INTO ${q(m.link)} (${q(m.own)}, ${q(m.other)}) VALUES (?, ?)`,
        );
    for (const key of values[f.name] as unknown[]) insert.run(id, key);
  }
}

export function insertRecord(
  h: ResourceHookContext,
  def: ResourceDef,
  values: Record<string, unknown>,
  extraColumns: Record<string, unknown> = {},
): number {
  const cols = {
    ...columnValues(def, values),
    ...(def.hooks?.insertColumns?.(h, values) ?? {}),
    ...extraColumns,
  };
  const names = Object.keys(cols);
  const id = Number(
    insertStatement(h.ctx.db, def, names).run(...Object.values(cols)).lastInsertRowid,
  );
  writeLinks(h.ctx.db, def, id, values);
  return id;
}

const insertStatements = new WeakMap<ResourceDef, Map<string, { db: DB; stmt: Statement }>>();

/** The INSERT of these columns, kept per resource and column list (an import runs it per row). */
function insertStatement(db: DB, def: ResourceDef, names: string[]): Statement {
  let byColumns = insertStatements.get(def);
  if (!byColumns) insertStatements.set(def, (byColumns = new Map()));
  const key = names.join(",");
  const hit = byColumns.get(key);
  if (hit && hit.db === db) return hit.stmt;
  const sql = names.length
    ? `INSERT INTO ${q(def.table)} (${names.map(q).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`
    : `INSERT INTO ${q(def.table)} DEFAULT VALUES`;
  const stmt = prepared(db, sql);
  byColumns.set(key, { db, stmt });
  return stmt;
}

/** Rows per multi-row INSERT of a batch (6 columns × 64 rows stays far below SQLite's 32,766 variables). */
const INSERT_BATCH = 64;

/**
 * Whether new records of a resource are plain rows of its table: no link table, no derived
 * column (password hash), no insert hook, no uniqueness to check against rows written just
 * before. Those can be inserted many per statement (see RecordBatch).
 */
function plainRows(def: ResourceDef): boolean {
  return !def.hooks?.insertColumns && def.fields.every((f) => !f.many && !f.virtual && !f.unique);
}

/**
 * Inserts the records an import creates. For resources of plain rows it queues them and
 * writes `INSERT_BATCH` per statement (a fifth cheaper than one statement a row on a table
 * with six indexes); other resources go through insertRecord one by one. A batch the store
 * refuses (a constraint) is written again row by row, so the failing row is named.
 * Must run inside one transaction, with no other writer (ids of a batch are consecutive).
 */
export class RecordBatch {
  private readonly plain: boolean;
  private queue: { values: Record<string, unknown>; row: number }[] = [];
  private columns: string[] | null = null;
  readonly ids: number[] = [];

  constructor(
    private readonly h: ResourceHookContext,
    private readonly def: ResourceDef,
    /** Called with the row and the field errors of a record the store refused. */
    private readonly refused: (row: number, errors: FieldErrors) => void,
  ) {
    this.plain = plainRows(def);
  }

  add(values: Record<string, unknown>, row: number) {
    if (!this.plain) return this.insertOne(values, row);
    this.queue.push({ values, row });
    if (this.queue.length >= INSERT_BATCH) this.flush();
  }

  flush() {
    const queue = this.queue;
    this.queue = [];
    if (!queue.length) return;
    const db = this.h.ctx.db;
    const cols = queue.map((r) => columnValues(this.def, r.values));
    const names = (this.columns ??= Object.keys(cols[0]));
    const sameShape = names.length > 0 && cols.every((c) => sameKeys(c, names));
    if (queue.length === INSERT_BATCH && sameShape) {
      const marks = `(${names.map(() => "?").join(", ")})`;
      const sql = `INSERT INTO ${q(this.def.table)} (${names.map(q).join(", ")}) VALUES ${Array(
        queue.length,
      )
        .fill(marks)
        .join(", ")}`;
      const args: unknown[] = [];
      for (const c of cols) for (const n of names) args.push(c[n]);
      try {
        const last = Number(prepared(db, sql).run(...args).lastInsertRowid);
        for (let i = queue.length - 1; i >= 0; i--) this.ids.push(last - i);
        return;
      } catch (e) {
        if (!constraintErrors(this.def, e)) throw e;
        // One row of the batch broke a constraint: the statement wrote nothing; name the row.
      }
    }
    for (const r of queue) this.insertOne(r.values, r.row);
  }

  private insertOne(values: Record<string, unknown>, row: number) {
    try {
      this.ids.push(insertRecord(this.h, this.def, values));
    } catch (e) {
      const errors = constraintErrors(this.def, e);
      if (!errors) throw e;
      this.refused(row, errors);
    }
  }
}

function sameKeys(cols: Record<string, unknown>, names: string[]) {
  const keys = Object.keys(cols);
  return keys.length === names.length && keys.every((k, i) => k === names[i]);
}

export function updateRecord(
  h: ResourceHookContext,
  def: ResourceDef,
  id: number,
  values: Record<string, unknown>,
) {
  const cols = columnValues(def, values);
  const names = Object.keys(cols);
  if (names.length) {
    prepared(
      h.ctx.db,
      `UPDATE ${q(def.table)} SET ${names.map((n) => `${q(n)} = ?`).join(", ")} WHERE id = ?`,
    ).run(...Object.values(cols), id);
  }
  writeLinks(h.ctx.db, def, id, values);
}

export function deleteRecord(db: DB, def: ResourceDef, id: number) {
  prepared(db, `DELETE FROM ${q(def.table)} WHERE id = ?`).run(id);
}

/** What each indexed column gets appended in a trigram index (see schema-resources.ts). */
export const FTS_SUFFIX_SQL = "char(1, 1)";

/**
 * Brings a table's trigram index up to date: indexes, in one statement, the rows added since
 * the last sync (by this platform or any other writer). Runs before every search of the
 * table; a bulk loader may call it once after loading.
 */
export function syncSearchIndex(db: DB, def: ResourceDef) {
  if (!def.ftsTable) return;
  const state = "SELECT indexed_through FROM resource_search_state WHERE table_name = ?";
  const lastId = `SELECT ifnull(max(id), 0) FROM ${q(def.table)}`;
  // Cheap check first: a search that finds the index current writes nothing.
  if (
    Number(prepared(db, lastId, "pluck").get()) <=
    Number(prepared(db, state, "pluck").get(def.table))
  )
    return;
  const cols = def.fields
    .filter((f) => f.searchable && !f.many && !f.virtual)
    .map((f) => q(columnOf(f)));
  db.transaction(() => {
    const mark = Number(prepared(db, state, "pluck").get(def.table));
    const last = Number(prepared(db, lastId, "pluck").get());
    if (last <= mark) return;
    prepared(
      db,
      `INSERT INTO ${q(def.ftsTable!)} (rowid, ${cols.join(", ")})
       SELECT id, ${cols.map((c) => `${c} || ${FTS_SUFFIX_SQL}`).join(", ")} FROM ${q(
         def.table,
       )} WHERE id > ? AND id <= ?`,
    ).run(mark, last);
    prepared(
      db,
      "UPDATE resource_search_state SET indexed_through = ?, version = version + 1 WHERE table_name = ?",
    ).run(last, def.table);
  }).immediate();
}

export type AuditAction = "create" | "update" | "delete" | "import" | "reset_password";

/** One audit_log row for a change of `resource` (its path, e.g. `data/triples`). */
export function auditRow(
  db: DB,
  user: AuthUser,
  action: AuditAction,
  resource: string,
  recordId: number | string | null,
  before: unknown,
  after: unknown,
) {
  prepared(
    db,
    `INSERT INTO audit_log (user_id, username, action, resource, record_id, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    action,
    resource,
    recordId === null ? null : String(recordId),
    before === null || before === undefined ? null : JSON.stringify(before),
    after === null || after === undefined ? null : JSON.stringify(after),
  );
}

/** The audit row of a generic resource. Records come from getRecord, which never holds a password. */
export const writeAudit = (
  db: DB,
  user: AuthUser,
  action: AuditAction,
  def: ResourceDef,
  recordId: number | string | null,
  before: unknown,
  after: unknown,
) => auditRow(db, user, action, resourcePath(def), recordId, before, after);

/** The audit row of a write to record `id` with the record as the write left it, which it returns. */
export function auditWrite(
  db: DB,
  user: AuthUser,
  action: AuditAction,
  def: ResourceDef,
  id: number,
  before: RecordRow | null,
): RecordRow {
  const after = getRecord(db, def, id)!;
  writeAudit(db, user, action, def, id, before, after);
  return after;
}

type Statement = Database.Statement<unknown[]>;
const statementCaches = new WeakMap<DB, Map<string, Statement>>();
const STATEMENT_CACHE_SIZE = 500;

/**
 * A prepared statement reused across requests (list queries repeat with new parameters).
 * `pluck` statements return the first column; the mode is part of the cache key, so a
 * shared statement never changes under another caller.
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
