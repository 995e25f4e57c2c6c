import type { ResourceDef, ResourceHookContext, WriteChange } from "./types.js";

/** The resource's authorize hook for one record's write (every path calls this). */
export async function authorizeWrite(
  h: ResourceHookContext,
  def: ResourceDef,
  change: WriteChange,
) {
  await def.hooks?.authorize?.(h, change);
}

/**
 * Runs a write (inside its transaction, `h.db`) between the resource's guard and its check
 * before commit: a refusal there throws and the transaction rolls back.
 */
export async function guardedWrite<T>(
  h: ResourceHookContext,
  def: ResourceDef,
  write: () => Promise<T>,
): Promise<T> {
  const check = await def.hooks?.guard?.(h);
  const out = await write();
  await check?.();
  return out;
}
