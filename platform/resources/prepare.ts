import type { ResourceDef } from "./types.js";
import { ruleErrors, rulesFor, writableFields } from "./values.js";

/** What the `prepareValue` of each virtual field made of its value (e.g. a password hash), by field name. */
export type PreparedValues = Map<string, unknown>;

/**
 * Runs the fields' `prepareValue` (password hashing) before a write transaction opens, so the
 * transaction only writes. A value that breaks its field's rules is skipped: validation refuses it.
 */
export async function prepareFields(
  def: ResourceDef,
  mode: "create" | "update",
  input: Record<string, unknown>,
): Promise<PreparedValues> {
  const prepared: PreparedValues = new Map();
  for (const f of writableFields(def, mode)) {
    const value = input[f.name];
    if (!f.prepareValue || value === undefined || value === null || value === "") continue;
    if (ruleErrors(value, rulesFor(f, mode)).length) continue;
    prepared.set(f.name, await f.prepareValue(value));
  }
  return prepared;
}

/** The validated values with each prepared field's value in place of the one given. */
export function withPrepared(
  values: Record<string, unknown>,
  prepared: PreparedValues | undefined,
) {
  if (!prepared?.size) return values;
  const out = { ...values };
  for (const [name, value] of prepared) if (name in out) out[name] = value;
  return out;
}

export const needsPreparing = (def: ResourceDef) => def.fields.some((f) => f.prepareValue);

/**
 * Prepares many inputs (a CSV import's rows) a few at a time. Hashes wait in one queue (see
 * auth/passwords.ts): an import holding two places in it keeps a login waiting for two hashes
 * (~40 ms each), not for the whole file.
 */
export async function prepareMany(
  def: ResourceDef,
  items: { mode: "create" | "update"; input: Record<string, unknown> }[],
  concurrency = 2,
): Promise<PreparedValues[]> {
  const out: PreparedValues[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await prepareFields(def, items[i].mode, items[i].input);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
