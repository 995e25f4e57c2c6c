import { badRequest, type HttpError } from "../http/errors.js";
import type { FieldDef, FieldErrors, ResourceDef } from "./types.js";

/** The column of a field: its own name unless the definition names another. */
export const columnOf = (f: FieldDef) => f.column ?? f.name;

/** Fields that are read back from the store (not passwords, not uploaded content). */
export const readableFields = (def: ResourceDef) => def.fields.filter((f) => !f.virtual);

/** Fields a search looks through: searchable columns of the table itself. */
export const searchableFields = (def: ResourceDef) =>
  def.fields.filter((f) => f.searchable && !f.many && !f.virtual);

/** The validation answer: the first message as detail, every message per field. */
export function validationError(errors: FieldErrors): HttpError {
  const first = Object.values(errors).flat()[0] ?? "数据校验失败";
  return badRequest(first, { errors });
}
