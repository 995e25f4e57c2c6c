import type { FieldErrors, FormMode, FormValues, Rule, Rules, TableSchema } from "./types";

/**
 * Spec §5: a form's rules are the schema's rules, plus create_rules or update_rules for the
 * mode, plus the screen's own custom rules.
 */
export function mergeRules(
  schema: Pick<TableSchema, "rules" | "create_rules" | "update_rules">,
  mode: FormMode,
  custom: Rules = {},
): Rules {
  const out: Rules = {};
  const add = (rules: Rules | undefined) => {
    for (const [field, list] of Object.entries(rules ?? {})) (out[field] ??= []).push(...list);
  };
  add(schema.rules);
  add(mode === "create" ? schema.create_rules : schema.update_rules);
  add(custom);
  return out;
}

const isEmpty = (v: string | string[] | undefined) =>
  v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === "");

function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

/** The message of every rule a value breaks; only `required` looks at an empty value. */
export function ruleErrors(
  value: string | string[] | undefined,
  rules: Rule[],
  values: FormValues = {},
): string[] {
  const errors: string[] = [];
  for (const r of rules) {
    if ("required" in r) {
      if (isEmpty(value)) errors.push(r.message);
      continue;
    }
    if ("same_as" in r) {
      if (String(value ?? "") !== String(values[r.same_as] ?? "")) errors.push(r.message);
      continue;
    }
    if (isEmpty(value)) continue;
    const text = Array.isArray(value) ? value.join(",") : value!;
    const n = Number(text);
    const ok =
      "min_length" in r
        ? [...text].length >= r.min_length
        : "max_length" in r
          ? [...text].length <= r.max_length
          : "pattern" in r
            ? (compilePattern(r.pattern)?.test(text) ?? true)
            : "min" in r
              ? Number.isFinite(n) && n >= r.min
              : "max" in r
                ? Number.isFinite(n) && n <= r.max
                : "integer" in r
                  ? Number.isInteger(n)
                  : "enum" in r
                    ? r.enum.some((e) => String(e) === text)
                    : true;
    if (!ok) errors.push(r.message);
  }
  return errors;
}

/** The first broken rule's message per field; empty when the values pass. */
export function validateValues(fields: string[], rules: Rules, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const broken = ruleErrors(values[field], rules[field] ?? [], values);
    if (broken.length) errors[field] = broken[0];
  }
  return errors;
}

/**
 * The browser's own checks for the rules it can express (required, maxLength, pattern,
 * min/max), so a form checks itself without JavaScript. A pattern the browser's `v`-mode
 * regular expressions would reject is left to the server.
 */
export function htmlConstraints(rules: Rule[] = []) {
  const attrs: {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    pattern?: string;
    min?: number;
    max?: number;
    step?: number | "any";
  } = {};
  for (const r of rules) {
    if ("required" in r) attrs.required = true;
    else if ("min_length" in r) attrs.minLength = r.min_length;
    else if ("max_length" in r) attrs.maxLength = r.max_length;
    else if ("min" in r) attrs.min = r.min;
    else if ("max" in r) attrs.max = r.max;
    else if ("integer" in r) attrs.step = 1;
    else if ("pattern" in r && browserAcceptsPattern(r.pattern)) attrs.pattern = r.pattern;
  }
  return attrs;
}

function browserAcceptsPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "v");
    return true;
  } catch {
    return false;
  }
}
