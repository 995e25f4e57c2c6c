import type { TableSchema } from "./types";

/**
 * What the platform's account rule forbids this viewer on one record (schema `locked`), so
 * the table greys it out. Looks only: the platform refuses the write either way.
 */
export interface RecordLock {
  /** The whole record: no edit, delete or other row action. */
  all: boolean;
  /** Fields the viewer may not change. */
  fields: string[];
  delete: boolean;
}

const OPEN: RecordLock = { all: false, fields: [], delete: false };

export function recordLock(
  schema: Pick<TableSchema, "locked">,
  id: string | number | undefined,
): RecordLock {
  const l = id === undefined ? undefined : schema.locked?.[String(id)];
  if (!l) return OPEN;
  if (l === "*") return { all: true, fields: [], delete: true };
  return { all: false, fields: l.filter((f) => f !== "delete"), delete: l.includes("delete") };
}
