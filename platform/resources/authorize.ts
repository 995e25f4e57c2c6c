import type { ResourceDef, ResourceHookContext, WriteChange } from "./types.js";

/** The resource's authorize hook for one record's write (every path calls this). */
export function authorizeWrite(h: ResourceHookContext, def: ResourceDef, change: WriteChange) {
  def.hooks?.authorize?.(h, change);
}

/**
 * Runs a write (inside its transaction) between the resource's guard and its check before
 * commit: a refusal there throws and the transaction rolls back.
 */
export function guardedWrite<T>(h: ResourceHookContext, def: ResourceDef, write: () => T): T {
  const check = def.hooks?.guard?.(h);
  const out = write();
  check?.();
  return out;
}
