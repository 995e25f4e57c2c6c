import type { PlatformContext } from "../context.js";

/**
 * Records one event for `key` unless `limit` events already happened within `windowMs`;
 * returns whether this one is allowed. Old events are swept as they age out. The events are
 * in the store (rate_events, db/schema-rate-events.ts), so replicas share the counts.
 */
export function takeRateSlot(
  ctx: PlatformContext,
  key: string,
  limit: number,
  windowMs: number,
): boolean {
  const now = Date.now();
  return ctx.db.transaction(() => {
    ctx.db.prepare("DELETE FROM rate_events WHERE key = ? AND at <= ?").run(key, now - windowMs);
    const used = ctx.db
      .prepare("SELECT COUNT(*) FROM rate_events WHERE key = ?")
      .pluck()
      .get(key) as number;
    if (used >= limit) return false;
    ctx.db.prepare("INSERT INTO rate_events (key, at) VALUES (?, ?)").run(key, now);
    return true;
  })();
}
