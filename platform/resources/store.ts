import { sql, type RawBuilder } from "kysely";
import type { AuthUser } from "../auth/context.js";
import { engineOf } from "../db/dialect.js";
import type { Db, Engine } from "../db/store.js";
import { HttpError } from "../http/errors.js";
import { auditValues, type AuditAction } from "./audit.js";
import { columnOf, readableFields } from "./fields.js";
import type {
  FieldDef,
  FieldErrors,
  ManyToMany,
  RecordRow,
  ResourceDef,
  ResourceHookContext,
} from "./types.js";
import { resourcePath } from "./types.js";

/**
 * The records of the generic resources in the store: reads, writes, links and audit rows
 * (decision 021: every statement of platform/resources is in its store modules — this one,
 * ./list-store.ts for lists and exports, ./search-store.ts for search). Table and column
 * names come from the resource definitions, never from input; values are parameters.
 */

/** A quoted SQL identifier (a table or column name of a definition). */
export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An identifier of a definition as a fragment of a statement. */
export const ident = (name: string) => sql.raw(q(name));

/**
 * A JSON array (as text) of `value` over the rows of a correlated subquery, `[]` when there
 * are none: SQLite's json_group_array; PostgreSQL's json_agg, which gives NULL for no rows
 * and orders only when asked (here by `orderBy`, the link's own order on SQLite). The one
 * place where the two engines' aggregates differ.
 */
export function jsonArrayAgg(engine: Engine, value: string, orderBy: string): string {
  return engine === "postgres"
    ? `coalesce(json_agg(${value} ORDER BY ${orderBy}), '[]')::text`
    : `json_group_array(${value})`;
}

/** A JSON array of the keys a record links to, as clients see them. */
function manySelect(engine: Engine, m: ManyToMany, alias: string): string {
  const other = `l.${q(m.other)}`;
  if (!m.target) {
    return `(SELECT ${jsonArrayAgg(engine, other, other)} FROM ${q(m.link)} l WHERE l.${q(m.own)} = ${alias}.id)`;
  }
  return `(SELECT ${jsonArrayAgg(engine, `x.${q(m.target.key)}`, other)} FROM ${q(m.link)} l JOIN ${q(
    m.target.table,
  )} x ON x.id = ${other} WHERE l.${q(m.own)} = ${alias}.id)`;
}

/** `EXISTS` test: the record (table aliased `t`) links to any of the keys. */
export function manyMatch(m: ManyToMany, keys: unknown[]): RawBuilder<unknown> {
  const list = sql.join(keys);
  if (!m.target) {
    return sql`EXISTS (SELECT 1 FROM ${ident(m.link)} l WHERE l.${ident(m.own)} = t.id AND l.${ident(m.other)} IN (${list}))`;
  }
  return sql`EXISTS (SELECT 1 FROM ${ident(m.link)} l JOIN ${ident(m.target.table)} x ON x.id = l.${ident(m.other)} WHERE l.${ident(
    m.own,
  )} = t.id AND x.${ident(m.target.key)} IN (${list}))`;
}

/** SQL expression of a readable field over the table aliased `alias`. */
export const fieldExpr = (engine: Engine, f: FieldDef, alias = "t") =>
  f.many ? manySelect(engine, f.many, alias) : `${alias}.${q(columnOf(f))}`;

/** `expr AS "name"` of each field, over the table aliased `t`. */
export const namedExprs = (engine: Engine, fields: FieldDef[]) =>
  fields.map((f) => `${fieldExpr(engine, f)} AS ${q(f.name)}`).join(", ");

const selectLists = new WeakMap<ResourceDef, Partial<Record<Engine, RawBuilder<unknown>>>>();

/** The readable fields as `expr AS "name"` over the table aliased `t` (kept per definition and engine). */
export function selectList(db: Db, def: ResourceDef): RawBuilder<unknown> {
  const engine = engineOf(db);
  let lists = selectLists.get(def);
  if (!lists) selectLists.set(def, (lists = {}));
  return (lists[engine] ??= sql.raw(namedExprs(engine, readableFields(def))));
}

/** Parses the JSON arrays of many-to-many fields in rows read with selectList. */
export function decodeRow(def: ResourceDef, row: Record<string, unknown>): RecordRow {
  for (const f of def.fields) {
    if (f.many && typeof row[f.name] === "string") row[f.name] = JSON.parse(row[f.name] as string);
  }
  return row as RecordRow;
}

/**
 * The record of this id, or null. An id no record can have (not a positive safe integer: a CSV
 * row's "99999999999999999999") is null without a query: PostgreSQL would refuse it as out of
 * bigint's range where SQLite finds nothing.
 */
export async function getRecord(db: Db, def: ResourceDef, id: number): Promise<RecordRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${selectList(db, def)} FROM ${ident(
    def.table,
  )} t WHERE t.id = ${id}`.execute(db);
  return rows[0] ? decodeRow(def, rows[0]) : null;
}

export async function requireRecord(db: Db, def: ResourceDef, id: number): Promise<RecordRow> {
  const record = await getRecord(db, def, id);
  if (!record) throw new HttpError(404, "记录不存在", "not_found");
  return record;
}

/** Errors for unique fields whose value another record already holds. */
export async function uniqueErrors(
  db: Db,
  def: ResourceDef,
  values: Record<string, unknown>,
  id: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const f of def.fields) {
    if (!f.unique || !(f.name in values)) continue;
    const other = id === null ? sql`` : sql` AND id <> ${id}`;
    const { rows } = await sql`SELECT 1 AS taken FROM ${ident(def.table)} WHERE ${ident(
      columnOf(f),
    )} = ${values[f.name]}${other} LIMIT 1`.execute(db);
    if (rows.length) errors[f.name] = [f.unique];
  }
  return errors;
}

/** What kind of constraint the store refused, from SQLite's or PostgreSQL's error. */
type Refusal = "notnull" | "unique" | "foreignkey" | "other";

const sqliteRefusals = new Map<string, Refusal>([
  ["SQLITE_CONSTRAINT_NOTNULL", "notnull"],
  ["SQLITE_CONSTRAINT_UNIQUE", "unique"],
  ["SQLITE_CONSTRAINT_FOREIGNKEY", "foreignkey"],
]);

function refusalOf(e: unknown): { kind: Refusal; column: string | undefined } | null {
  const err = e as { code?: unknown; message?: unknown; column?: unknown; detail?: unknown };
  if (typeof err?.code !== "string") return null;
  if (err.code.startsWith("SQLITE_CONSTRAINT")) {
    const column = /constraint failed: [\w"]+\.([\w"]+)/.exec(String(err.message))?.[1];
    return { kind: sqliteRefusals.get(err.code) ?? "other", column };
  }
  // PostgreSQL: class 23, integrity constraint violation. A NOT NULL names its column; a
  // unique violation says `Key (column)=(value) already exists.` (or `Key (lower(column))…`).
  // Other refusals name no field, as on SQLite (the answer is the same on both engines).
  if (/^23\d{3}$/.test(err.code)) {
    if (err.code === "23502")
      return { kind: "notnull", column: typeof err.column === "string" ? err.column : undefined };
    if (err.code === "23505") {
      const detail = String(err.detail ?? "");
      return { kind: "unique", column: /^Key \((?:lower\()?"?(\w+)"?\)?[,)]/.exec(detail)?.[1] };
    }
    return { kind: err.code === "23503" ? "foreignkey" : "other", column: undefined };
  }
  return null;
}

/**
 * Field errors for a constraint the store refused (a NOT NULL or UNIQUE the rules did not
 * foresee), so the client gets a 400 naming the field instead of a 500; null for other errors.
 */
export function constraintErrors(def: ResourceDef, e: unknown): FieldErrors | null {
  const refusal = refusalOf(e);
  if (!refusal) return null;
  const { kind, column } = refusal;
  const f = column ? def.fields.find((x) => columnOf(x) === column) : undefined;
  const label = f?.label ?? column ?? "";
  const message =
    kind === "notnull"
      ? `${label}不能为空`
      : kind === "unique"
        ? (f?.unique ?? `${label}已存在`)
        : kind === "foreignkey"
          ? "关联的记录不存在"
          : "数据不符合约束";
  return { [f?.name ?? column ?? "non_field_errors"]: [message] };
}

/**
 * Runs a write that the store may refuse (a constraint) inside a transaction, so that the
 * transaction goes on after a refusal: SQLite undoes the one statement by itself; PostgreSQL
 * would abort the whole transaction, so there the write runs under a savepoint.
 */
async function attempt<T>(db: Db, write: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== "postgres") return write();
  await sql`SAVEPOINT resource_write`.execute(db);
  try {
    const out = await write();
    await sql`RELEASE SAVEPOINT resource_write`.execute(db);
    return out;
  } catch (e) {
    await sql`ROLLBACK TO SAVEPOINT resource_write`.execute(db);
    await sql`RELEASE SAVEPOINT resource_write`.execute(db);
    throw e;
  }
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

async function writeLinks(db: Db, def: ResourceDef, id: number, values: Record<string, unknown>) {
  let manyFields = manyFieldLists.get(def);
  if (!manyFields) manyFieldLists.set(def, (manyFields = def.fields.filter((f) => f.many)));
  for (const f of manyFields) {
    if (!f.many || !(f.name in values)) continue;
    const m = f.many;
    const link = ident(m.link);
    const columns = sql`${ident(m.own)}, ${ident(m.other)}`;
    await sql`DELETE FROM ${link} WHERE ${ident(m.own)} = ${id}`.execute(db);
    for (const key of values[f.name] as unknown[]) {
      // CAST: PostgreSQL types a parameter in a select list as text, not as the column.
      await (
        m.target
          ? sql`INSERT INTO ${link} (${columns}) SELECT CAST(${id} AS integer), id FROM ${ident(
              m.target.table,
            )} WHERE ${ident(m.target.key)} = ${key} ON CONFLICT DO NOTHING`
          : sql`INSERT INTO ${link} (${columns}) VALUES (${id}, ${key}) ON CONFLICT DO NOTHING`
      ).execute(db);
    }
  }
}

const columnList = (names: string[]) => sql.raw(names.map(q).join(", "));

/** Inserts one row of `columns` into the resource's table; its id. */
async function insertRow(db: Db, def: ResourceDef, cols: Record<string, unknown>): Promise<number> {
  const names = Object.keys(cols);
  const { rows } = await (
    names.length
      ? sql<{
          id: number;
        }>`INSERT INTO ${ident(def.table)} (${columnList(names)}) VALUES (${sql.join(
          Object.values(cols),
        )}) RETURNING id`
      : sql<{ id: number }>`INSERT INTO ${ident(def.table)} DEFAULT VALUES RETURNING id`
  ).execute(db);
  return Number(rows[0].id);
}

export async function insertRecord(
  h: ResourceHookContext,
  def: ResourceDef,
  values: Record<string, unknown>,
  extraColumns: Record<string, unknown> = {},
): Promise<number> {
  const cols = {
    ...columnValues(def, values),
    ...(def.hooks?.insertColumns?.(h, values) ?? {}),
    ...extraColumns,
  };
  const id = await insertRow(h.db, def, cols);
  await writeLinks(h.db, def, id, values);
  return id;
}

/** Bound parameters per statement of a batch: well below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;
/** Rows per multi-row INSERT of a batch, at most. */
const INSERT_BATCH = 256;

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
 * writes a full batch per multi-row INSERT (ids come back with RETURNING), the rest in
 * statements of halving sizes (so few statement texts exist, and each is prepared once);
 * other resources go through insertRecord one by one. A batch the store refuses (a
 * constraint) is written again row by row, so the failing row is named. Runs inside the
 * import's write transaction (`h.db`).
 */
export class RecordBatch {
  private readonly plain: boolean;
  private queue: { values: Record<string, unknown>; row: number }[] = [];
  private columns: string[] | null = null;
  private batchRows = INSERT_BATCH;
  readonly ids: number[] = [];

  constructor(
    private readonly h: ResourceHookContext,
    private readonly def: ResourceDef,
    /** Called with the row and the field errors of a record the store refused. */
    private readonly refused: (row: number, errors: FieldErrors) => void,
  ) {
    this.plain = plainRows(def);
    while (this.batchRows > 1 && this.batchRows * def.fields.length > MAX_PARAMETERS)
      this.batchRows >>= 1;
  }

  async add(values: Record<string, unknown>, row: number) {
    if (!this.plain) return this.insertOne(values, row);
    this.queue.push({ values, row });
    if (this.queue.length >= this.batchRows) await this.flush(false);
  }

  /** Writes what is queued (`all`: also a last, short batch). */
  async flush(all = true) {
    const queue = this.queue;
    this.queue = [];
    let from = 0;
    while (from < queue.length) {
      let size = this.batchRows;
      while (size > queue.length - from) size >>= 1;
      if (!all && size < this.batchRows) {
        this.queue = queue.slice(from);
        return;
      }
      await this.insertMany(queue.slice(from, from + size));
      from += size;
    }
  }

  private async insertMany(rows: { values: Record<string, unknown>; row: number }[]) {
    const cols = rows.map((r) => columnValues(this.def, r.values));
    const names = (this.columns ??= Object.keys(cols[0]));
    const sameShape = names.length > 0 && cols.every((c) => sameKeys(c, names));
    if (rows.length > 1 && sameShape) {
      const tuples = cols.map((c) => sql`(${sql.join(names.map((n) => c[n]))})`);
      try {
        const { rows: ids } = await attempt(this.h.db, () =>
          sql<{ id: number }>`INSERT INTO ${ident(this.def.table)} (${columnList(
            names,
          )}) VALUES ${sql.join(tuples)} RETURNING id`.execute(this.h.db),
        );
        // Ids grow in the order of the rows (one statement, AUTOINCREMENT or a sequence).
        this.ids.push(...ids.map((r) => Number(r.id)).sort((a, b) => a - b));
        return;
      } catch (e) {
        if (!constraintErrors(this.def, e)) throw e;
        // One row of the batch broke a constraint: the statement wrote nothing; name the row.
      }
    }
    for (const r of rows) await this.insertOne(r.values, r.row);
  }

  private async insertOne(values: Record<string, unknown>, row: number) {
    try {
      this.ids.push(await attempt(this.h.db, () => insertRecord(this.h, this.def, values)));
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

export async function updateRecord(
  h: ResourceHookContext,
  def: ResourceDef,
  id: number,
  values: Record<string, unknown>,
) {
  const cols = columnValues(def, values);
  const names = Object.keys(cols);
  if (names.length) {
    await sql`UPDATE ${ident(def.table)} SET ${sql.join(
      names.map((n) => sql`${ident(n)} = ${cols[n]}`),
    )} WHERE id = ${id}`.execute(h.db);
  }
  await writeLinks(h.db, def, id, values);
}

/**
 * updateRecord where the store may refuse it (a constraint) and the transaction goes on (a
 * CSV import collecting every bad row): the refusal is thrown, the transaction stays usable.
 */
export const tryUpdateRecord = (
  h: ResourceHookContext,
  def: ResourceDef,
  id: number,
  values: Record<string, unknown>,
) => attempt(h.db, () => updateRecord(h, def, id, values));

export async function deleteRecord(db: Db, def: ResourceDef, id: number) {
  await sql`DELETE FROM ${ident(def.table)} WHERE id = ${id}`.execute(db);
}

/** One audit_log row for a change of `resource` (its path, e.g. `data/triples`). */
export async function auditRow(db: Db, ...entry: Parameters<typeof auditValues>) {
  await db
    .insertInto("audit_log")
    .values(auditValues(...entry))
    .execute();
}

/** The audit row of a generic resource. Records come from getRecord, which never holds a password. */
export const writeAudit = (
  db: Db,
  user: AuthUser,
  action: AuditAction,
  def: ResourceDef,
  recordId: number | string | null,
  before: unknown,
  after: unknown,
) => auditRow(db, user, action, resourcePath(def), recordId, before, after);

/** The audit row of a write to record `id` with the record as the write left it, which it returns. */
export async function auditWrite(
  db: Db,
  user: AuthUser,
  action: AuditAction,
  def: ResourceDef,
  id: number,
  before: RecordRow | null,
): Promise<RecordRow> {
  const after = (await getRecord(db, def, id))!;
  await writeAudit(db, user, action, def, id, before, after);
  return after;
}
