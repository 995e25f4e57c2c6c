import type { RowError } from "@contract/resources";
import { hasPermission } from "../auth/context.js";
import { HttpError } from "../http/errors.js";
import { authorizeWrite } from "./authorize.js";
import { type CsvRecord, importFields, unneutralise } from "./csv.js";
import { type PreparedValues, needsPreparing, prepareMany, withPrepared } from "./prepare.js";
import {
  RecordBatch,
  auditWrite,
  constraintErrors,
  getRecord,
  tryUpdateRecord,
  uniqueErrors,
  writeAudit,
} from "./store.js";
import type {
  FieldDef,
  FieldErrors,
  ResourceActor,
  ResourceDef,
  ResourceHookContext,
  WriteChange,
} from "./types.js";
import { loadOptions, validateInput } from "./values.js";

export interface ImportResult {
  created: number;
  updated: number;
  errors: RowError[];
}

/** Thrown inside the transaction to undo it (dry run, or any bad row), with what it found. */
class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super("rollback");
  }
}

type Column = { index: number; field: FieldDef | "id" | null };

/**
 * Maps the header to fields, by name or by label. Columns an export writes but nobody
 * may set (created time, size, ...) are accepted and skipped, so an export imports back.
 */
function mapHeader(
  def: ResourceDef,
  header: string[],
  line: number,
): { columns: Column[]; errors: RowError[] } {
  const writable = importFields(def);
  const errors: RowError[] = [];
  const seen = new Set<string>();
  const columns = header.map((raw, index): Column => {
    const name = raw.trim();
    if (name === "id" || name === "ID") return { index, field: "id" };
    const f = def.fields.find((x) => x.name === name || x.label === name);
    if (!f) {
      errors.push({ row: line, field: name, message: `未知的列：${name}` });
      return { index, field: null };
    }
    if (seen.has(f.name)) errors.push({ row: line, field: f.name, message: `重复的列：${name}` });
    seen.add(f.name);
    return { index, field: writable.includes(f) ? f : null };
  });
  return { columns, errors };
}

function rowInput(
  columns: Column[],
  cells: string[],
): { id: string; input: Record<string, unknown> } {
  let id = "";
  const input: Record<string, unknown> = {};
  for (const c of columns) {
    const v = unneutralise(cells[c.index] ?? "");
    if (c.field === "id") id = v.trim();
    else if (c.field) input[c.field.name] = v;
  }
  return { id, input };
}

/** Consecutive ids as [first, last] pairs: an import's new ids are one run, kept short in the audit row. */
export function idRanges(ids: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const id of ids) {
    const last = out[out.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else out.push([id, id]);
  }
  return out;
}

/**
 * Validates every row and writes them in one transaction: all rows or none. Rows whose id
 * exists update that record; other rows create one. Writing happens even on a dry run (then
 * rolled back) so uniqueness across the file's own rows is checked like the real import.
 *
 * The trigram index of the new rows is not written here: the next search indexes them first
 * (as after any insert), and the upload route does it as soon as it has answered.
 *
 * Audit: each updated record gets its own row (before and after); the created records get
 * one row for the whole file, naming their ids. A row per created record doubled the cost of
 * a 2 MB import and told nothing the records themselves do not.
 */
export async function importRows(
  actor: ResourceActor,
  def: ResourceDef,
  records: CsvRecord[],
  dryRun: boolean,
  filename = "",
): Promise<ImportResult> {
  const [header, ...rows] = records;
  if (!header || !rows.length) throw new HttpError(400, "CSV 文件没有数据行", "empty_csv");
  const { columns, errors } = mapHeader(def, header.cells, header.line);
  if (errors.length) return { created: 0, updated: 0, errors };

  const store = actor.ctx.store;
  const mayUpdate = !!def.permissions.update && hasPermission(actor.user, def.permissions.update);

  // Password hashes are made before the transaction opens, a few at a time off the event loop.
  const prepared = new Map<number, PreparedValues>();
  if (needsPreparing(def)) {
    const items: { mode: "create" | "update"; input: Record<string, unknown> }[] = [];
    for (const { cells } of rows) {
      const { id, input } = rowInput(columns, cells);
      const n = Number(id);
      const exists = Number.isInteger(n) && n > 0 && !!(await getRecord(store.db, def, n));
      items.push({ mode: exists ? "update" : "create", input });
    }
    (await prepareMany(def, items)).forEach((p, i) => prepared.set(rows[i].line, p));
  }

  /** One pass over the rows inside the write (PostgreSQL may run it again on a conflict). */
  async function run(db: ResourceHookContext["db"]): Promise<ImportResult> {
    const h: ResourceHookContext = { ...actor, db };
    const options = await loadOptions(db, def);
    const result: ImportResult = { created: 0, updated: 0, errors: [] };
    const fail = (row: number, field: string, message: string) =>
      result.errors.push({ row, field, message });
    const refused = (row: number, errors: FieldErrors) => {
      for (const [field, messages] of Object.entries(errors))
        for (const m of messages) fail(row, field, m);
    };
    const created = new RecordBatch(h, def, refused);

    /** The account rule refuses the whole import (403, nothing written), naming the row. */
    async function authorizeRow(row: number, change: WriteChange) {
      try {
        await authorizeWrite(h, def, change);
      } catch (e) {
        if (e instanceof HttpError)
          throw new HttpError(e.status, `第 ${row} 行：${e.detail}`, e.code, { ...e.extra, row });
        throw e;
      }
    }

    async function importRow({ cells, line: row }: CsvRecord) {
      if (cells.length !== header.cells.length) {
        return fail(row, "", `该行有 ${cells.length} 列，表头有 ${header.cells.length} 列`);
      }
      const { id: idText, input } = rowInput(columns, cells);
      const id = idText === "" ? null : Number(idText);
      if (id !== null && (!Number.isInteger(id) || id < 1))
        return fail(row, "id", "id 必须是正整数");
      const existing = id === null ? null : await getRecord(db, def, id);
      if (existing && !mayUpdate) return fail(row, "id", "没有修改已有记录的权限");
      const { values, errors: fieldErrors } = validateInput(
        def,
        input,
        existing ? "update" : "create",
        existing,
        options,
        "csv",
      );
      Object.assign(fieldErrors, await uniqueErrors(db, def, values, existing?.id ?? null));
      if (Object.keys(fieldErrors).length) return refused(row, fieldErrors);
      await authorizeRow(row, { mode: existing ? "update" : "create", before: existing, values });
      if (!existing) return created.add(withPrepared(values, prepared.get(row)), row);
      try {
        await tryUpdateRecord(h, def, existing.id, withPrepared(values, prepared.get(row)));
        await auditWrite(db, actor.user, "import", def, existing.id, existing);
        result.updated++;
      } catch (e) {
        const errors = constraintErrors(def, e);
        if (!errors) throw e;
        refused(row, errors);
      }
    }

    const check = await def.hooks?.guard?.(h);
    for (const record of rows) await importRow(record);
    await created.flush();
    if (!result.errors.length) await check?.();
    result.created = created.ids.length;
    // A refused batch is named when it is written, after later rows were checked.
    result.errors.sort((a, b) => a.row - b.row);
    if (dryRun || result.errors.length) throw new Rollback(result);
    if (created.ids.length) {
      const summary = {
        file: filename,
        created: created.ids.length,
        created_ids: idRanges(created.ids),
      };
      await writeAudit(db, actor.user, "import", def, null, null, summary);
    }
    return result;
  }

  try {
    return await store.write(run);
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
}

/** The 400 of an import with bad rows: the first one in words, every one in `errors`. */
export function importFailure(errors: RowError[]): HttpError {
  const first = errors[0];
  const where = `第 ${first.row} 行${first.field ? ` ${first.field}` : ""}`;
  return new HttpError(
    400,
    `导入失败：共 ${errors.length} 处错误（${where}：${first.message}），没有写入任何数据`,
    "invalid_rows",
    { errors },
  );
}
