import type { Db } from "../db/store.js";
import type {
  FieldDef,
  FieldErrors,
  Mode,
  RecordRow,
  ResourceDef,
  Rule,
  SelectOption,
} from "./types.js";

/** Where input came from: CSV cells are always text and may name options by label. */
export type InputSource = "json" | "csv";

export type OptionsByField = Map<string, SelectOption[]>;

export const hasChoices = (f: FieldDef) => f.type === "select" || f.type === "multi-select";

/** The options of each select field: listed in the definition, or read through `db`. */
export async function loadOptions(db: Db, def: ResourceDef): Promise<OptionsByField> {
  const out: OptionsByField = new Map();
  for (const f of def.fields) {
    if (!f.options) continue;
    out.set(f.name, Array.isArray(f.options) ? f.options : await f.options(db));
  }
  return out;
}

/** Fields a client may write in this mode (immutable ones are checked, not written, on update). */
const writableLists = new WeakMap<ResourceDef, Record<Mode, FieldDef[]>>();

export function writableFields(def: ResourceDef, mode: Mode): FieldDef[] {
  let lists = writableLists.get(def);
  if (!lists) {
    const writable = def.fields.filter((f) => !f.readOnly && f.name !== "id");
    lists = { create: writable, update: writable.filter((f) => !f.createOnly) };
    writableLists.set(def, lists);
  }
  return lists[mode];
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

function emptyValue(f: FieldDef): unknown {
  if (f.type === "multi-select") return [];
  return (f.valueType ?? "text") === "text" && !hasChoices(f) ? "" : null;
}

type Coerced = { value: unknown } | { error: string };

/** A decimal number as people and JSON clients write it (no hex, no Infinity, no blank). */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * One scalar value. JSON input must already have its field's type (a string for text, a
 * number or numeric string for numbers): arrays, objects and booleans are refused before
 * emptiness, rules or defaults are considered. CSV cells are text and coerced as written.
 */
function coerceScalar(f: FieldDef, raw: unknown, source: InputSource): Coerced {
  const vt = f.valueType ?? "text";
  if (raw === null || raw === undefined) return { value: null };
  const typed = typeof raw === "string" || (vt !== "text" && typeof raw === "number");
  if (!typed && (source === "json" || typeof raw === "object")) {
    return { error: vt === "text" ? `${f.label}必须是文本` : `${f.label}必须是数字` };
  }
  if (isEmpty(raw)) return { value: null };
  if (vt === "text") {
    const text = String(raw);
    return { value: f.normalize ? f.normalize(text) : text };
  }
  const n =
    typeof raw === "number"
      ? raw
      : source === "json" && !DECIMAL.test(String(raw).trim())
        ? NaN
        : Number(String(raw).trim());
  if (!Number.isFinite(n)) return { error: `${f.label}必须是数字` };
  if (vt === "int" && !Number.isInteger(n)) return { error: `${f.label}必须是整数` };
  // Ids and integers are given in at most 15 digits: PostgreSQL's bigint refuses more than 19
  // and a JavaScript number holds no more than 15 exactly; SQLite would keep a rounded REAL.
  if (vt === "int" && Math.abs(n) >= 1e15) return { error: `${f.label}必须是不超过 15 位的整数` };
  return { value: n };
}

/** Matches an option by key, and (for CSV, where people type what they see) by label. */
function pickOption(
  f: FieldDef,
  raw: unknown,
  options: SelectOption[],
  source: InputSource,
): Coerced {
  const c = coerceScalar(f, raw, source);
  if ("error" in c && source === "json") return c;
  if ("value" in c) {
    if (c.value === null) return c;
    const byKey = options.find((o) => o.key === c.value || String(o.key) === String(c.value));
    if (byKey) return { value: byKey.key };
  }
  if (source === "csv") {
    const text = String(raw).trim();
    const byLabel = options.find((o) => o.label === text);
    if (byLabel) return { value: byLabel.key };
  }
  return { error: `${f.label}选项无效：${String(raw)}` };
}

function splitList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (isEmpty(raw)) return [];
  if (typeof raw === "string")
    return raw
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof raw === "number") return [raw];
  return null;
}

/** Turns one input value into what the store keeps, or says why it cannot. */
export function coerceValue(
  f: FieldDef,
  raw: unknown,
  options: OptionsByField,
  source: InputSource,
): Coerced {
  const opts = options.get(f.name);
  if (f.type === "multi-select") {
    const items = splitList(raw);
    if (!items) return { error: `${f.label}格式错误` };
    const out: unknown[] = [];
    for (const item of items) {
      const c = opts ? pickOption(f, item, opts, source) : coerceScalar(f, item, source);
      if ("error" in c) return c;
      if (c.value !== null && !out.includes(c.value)) out.push(c.value);
    }
    return { value: out };
  }
  const c =
    f.type === "select" && opts ? pickOption(f, raw, opts, source) : coerceScalar(f, raw, source);
  if ("value" in c && c.value === null) return { value: emptyValue(f) };
  return c;
}

/** Messages of every rule the value breaks; only `required` looks at an empty value. */
const patterns = new Map<string, RegExp>();
const compiled = (pattern: string) => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, "u")));
  return re;
};

/** Length in characters (code points), as the console counts; skips the count when UTF-16 length decides. */
function lengthAtLeast(text: string, n: number) {
  return text.length >= 2 * n || (text.length >= n && [...text].length >= n);
}
const lengthAtMost = (text: string, n: number) => text.length <= n || [...text].length <= n;

export function ruleErrors(value: unknown, rules: Rule[]): string[] {
  const errors: string[] = [];
  for (const r of rules) {
    if ("required" in r) {
      if (isEmpty(value)) errors.push(r.message);
      continue;
    }
    if (isEmpty(value)) continue;
    const text = typeof value === "string" ? value : String(value);
    const ok =
      "min_length" in r
        ? lengthAtLeast(text, r.min_length)
        : "max_length" in r
          ? lengthAtMost(text, r.max_length)
          : "pattern" in r
            ? compiled(r.pattern).test(text)
            : "min" in r
              ? Number(value) >= r.min
              : "max" in r
                ? Number(value) <= r.max
                : "integer" in r
                  ? Number.isInteger(Number(value))
                  : "enum" in r
                    ? r.enum.some((e) => String(e) === text)
                    : true;
    if (!ok) errors.push(r.message);
  }
  return errors;
}

const ruleLists = new WeakMap<FieldDef, Record<Mode, Rule[]>>();

/** The rules of a field in a mode: its rules, then its create or update rules. */
export function rulesFor(f: FieldDef, mode: Mode): Rule[] {
  let lists = ruleLists.get(f);
  if (!lists) {
    lists = {
      create: [...(f.rules ?? []), ...(f.createRules ?? [])],
      update: [...(f.rules ?? []), ...(f.updateRules ?? [])],
    };
    ruleLists.set(f, lists);
  }
  return lists[mode];
}

export interface Validated {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

const addError = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

/**
 * Coerces and checks a create or update payload. On create every writable field is
 * checked (missing ones take their default); on update only the fields given.
 * Fields a client may not write are ignored, so a prefilled form can be sent back whole.
 */
export function validateInput(
  def: ResourceDef,
  input: Record<string, unknown>,
  mode: Mode,
  existing: RecordRow | null,
  options: OptionsByField,
  source: InputSource = "json",
): Validated {
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const f of writableFields(def, mode)) {
    if (f.type === "custom") continue;
    const given =
      Object.prototype.hasOwnProperty.call(input, f.name) && input[f.name] !== undefined;
    if (!given && mode === "update") continue;
    const raw = given ? input[f.name] : (f.default ?? null);
    const c = coerceValue(f, raw, options, source);
    if ("error" in c) {
      addError(errors, f.name, c.error);
      continue;
    }
    if (mode === "update" && f.immutable) {
      if (existing && String(existing[f.name] ?? "") !== String(c.value ?? "")) {
        addError(errors, f.name, `${f.label}不可修改`);
      }
      continue;
    }
    const broken = ruleErrors(c.value, rulesFor(f, mode));
    if (broken.length) errors[f.name] = broken;
    else values[f.name] = c.value;
  }
  if (!Object.keys(errors).length && def.hooks?.validate) {
    Object.assign(errors, def.hooks.validate(values, mode, existing));
  }
  return { values, errors };
}
