import { hasPermission } from "../auth/context.js";
import { HttpError } from "../http/errors.js";
import { type CsvRecord, importFields, unneutralise } from "./csv.js";
import { getRecord, insertRecord, uniqueErrors, updateRecord, writeAudit } from "./store.js";
import type { FieldDef, ResourceDef, ResourceHookContext } from "./types.js";
import { loadOptions, validateInput } from "./values.js";

/** `row` is the line of the file where the record starts: the header is row 1. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  errors: RowError[];
}

/** Thrown inside the transaction to undo it (dry run, or any bad row). */
class Rollback extends Error {}

type Column = { index: number; field: FieldDef | "id" | null };

/**
 * Maps the header to fields, by name or by label. Columns an export writes but nobody
 * may set (created time, size, ...) are accepted and skipped, so an export imports back.
 */
function mapHeader(def: ResourceDef, header: string[], line: number): { columns: Column[]; errors: RowError[] } {
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

function rowInput(columns: Column[], cells: string[]): { id: string; input: Record<string, unknown> } {
  let id = "";
  const input: Record<string, unknown> = {};
  for (const c of columns) {
    const v = unneutralise(cells[c.index] ?? "");
    if (c.field === "id") id = v.trim();
    else if (c.field) input[c.field.name] = v;
  }
  return { id, input };
}

/**
 * Validates every row and writes them in one transaction: all rows or none. Rows whose id
 * exists update that record; other rows create one. Writing happens even on a dry run (then
 * rolled back) so uniqueness across the file's own rows is checked like the real import.
 */
export function importRows(h: ResourceHookContext, def: ResourceDef, records: CsvRecord[], dryRun: boolean): ImportResult {
  const [header, ...rows] = records;
  if (!header || !rows.length) throw new HttpError(400, "CSV 文件没有数据行", "empty_csv");
  const { columns, errors } = mapHeader(def, header.cells, header.line);
  if (errors.length) return { created: 0, updated: 0, errors };

  const db = h.ctx.db;
  const options = loadOptions(db, def);
  const mayUpdate = !!def.permissions.update && hasPermission(h.user, def.permissions.update);
  const result: ImportResult = { created: 0, updated: 0, errors: [] };
  const fail = (row: number, field: string, message: string) => result.errors.push({ row, field, message });

  const run = db.transaction(() => {
    for (const { cells, line: row } of rows) {
      const { id: idText, input } = rowInput(columns, cells);
      const id = idText === "" ? null : Number(idText);
      if (id !== null && (!Number.isInteger(id) || id < 1)) {
        fail(row, "id", "id 必须是正整数");
        continue;
      }
      const existing = id === null ? null : getRecord(db, def, id);
      if (existing && !mayUpdate) {
        fail(row, "id", "没有修改已有记录的权限");
        continue;
      }
      const mode = existing ? "update" : "create";
      const { values, errors: fieldErrors } = validateInput(def, input, mode, existing, options, "csv");
      Object.assign(fieldErrors, uniqueErrors(db, def, values, existing?.id ?? null));
      const broken = Object.entries(fieldErrors);
      if (broken.length) {
        for (const [field, messages] of broken) for (const m of messages) fail(row, field, m);
        continue;
      }
      try {
        if (existing) {
          updateRecord(h, def, existing.id, values);
          writeAudit(db, h.user, "import", def, existing.id, existing, getRecord(db, def, existing.id));
          result.updated++;
        } else {
          const newId = insertRecord(h, def, values);
          writeAudit(db, h.user, "import", def, newId, null, getRecord(db, def, newId));
          result.created++;
        }
      } catch (e) {
        fail(row, "", `写入失败：${(e as Error).message}`);
      }
    }
    if (dryRun || result.errors.length) throw new Rollback();
  });
  try {
    run();
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return result;
}
