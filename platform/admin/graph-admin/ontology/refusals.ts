import { HttpError, badRequest } from "../../../http/errors.js";

/** The answers of the ontology editor when it says no: every refusal names what is in the way. */

/** Something still uses it (409). */
export const refused = (detail: string) => new HttpError(409, detail, "in_use");

/** The field's value clashes with another record (400 naming the field). */
export const conflict = (detail: string, field = "name") =>
  badRequest(detail, { errors: { [field]: [detail] } });

export const missing = (what: string) => new HttpError(404, `${what}不存在`, "not_found");

/** `"a"、"b" 等 7 个`: the first names of a list, for a refusal. */
export const listNames = (names: string[], max = 5) => {
  const shown = names
    .slice(0, max)
    .map((n) => `"${n}"`)
    .join("、");
  return names.length > max ? `${shown} 等 ${names.length} 个` : shown;
};
