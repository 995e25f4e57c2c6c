import type { ResourceScreen } from "./registry";
import type { FormField, FormMode, FormValues, Row, TableSchema } from "./types";

/** The fields a form shows in this mode: create-only ones (password, file) only on create. */
export function formFields(
  schema: Pick<TableSchema, "form_fields">,
  mode: FormMode,
): [string, FormField][] {
  return Object.entries(schema.form_fields).filter(
    ([, f]) => !(mode === "update" && f.create_only),
  );
}

const isList = (f: FormField, screen?: ResourceScreen, name?: string) =>
  f.type === "multi-select" ||
  (name !== undefined && screen?.customFields?.[name] === "permission-matrix");

function asText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function asList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (v === null || v === undefined || v === "") return [];
  return String(v).split(",");
}

/**
 * Spec §4: create opens blank with the fields' defaults (or null, shown empty); update opens
 * with the record's values.
 */
export function initialValues(
  schema: TableSchema,
  mode: FormMode,
  screen?: ResourceScreen,
  record?: Row,
): FormValues {
  const values: FormValues = {};
  for (const [name, f] of formFields(schema, mode)) {
    const source = mode === "update" && record ? record[name] : f.default;
    values[name] = isList(f, screen, name)
      ? asList(source)
      : f.type === "password"
        ? ""
        : asText(source);
  }
  return values;
}

/**
 * What the user typed, per field. Lists come as repeated keys (checkboxes, a native
 * `<select multiple>`) or comma-joined (Mantine's MultiSelect hidden input).
 */
export function readFormValues(
  schema: TableSchema,
  mode: FormMode,
  form: FormData,
  screen?: ResourceScreen,
): FormValues {
  const values: FormValues = {};
  for (const [name, f] of formFields(schema, mode)) {
    if (isList(f, screen, name)) {
      const items = form
        .getAll(name)
        .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
        .map((v) => v.trim())
        .filter(Boolean);
      values[name] = [...new Set(items)];
    } else if (screen?.customFields?.[name] === "file-upload") {
      const file = form.get(name);
      values[name] = file && typeof file !== "string" && file.size > 0 ? file.name : "";
    } else {
      const v = form.get(name);
      values[name] = typeof v === "string" ? v : "";
    }
  }
  const named = screen?.nameFromFile;
  const file = Object.entries(screen?.customFields ?? {}).find(
    ([, editor]) => editor === "file-upload",
  )?.[0];
  if (named && file && values[file] && !String(values[named] ?? "").trim())
    values[named] = values[file];
  return values;
}

/** The JSON body of a create or update: lists as arrays, empty text of typed fields as null. */
export function platformBody(
  schema: TableSchema,
  mode: FormMode,
  values: FormValues,
  screen?: ResourceScreen,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of formFields(schema, mode)) {
    if (screen?.customFields?.[name] === "file-upload") continue;
    const v = values[name];
    if (Array.isArray(v)) body[name] = v;
    else if (v === undefined) continue;
    else if (v.trim() === "" && (f.type === "number" || f.type === "select" || f.type === "time"))
      body[name] = null;
    else body[name] = v;
  }
  return body;
}

/** Values to show again after a refused save: what was typed, except passwords. */
export function echoValues(schema: TableSchema, mode: FormMode, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const [name, f] of formFields(schema, mode)) if (f.type === "password") out[name] = "";
  return out;
}
