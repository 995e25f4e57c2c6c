import type { PlatformContext } from "../context.js";
import { takeRateEvent } from "./rate-limit-store.js";

/**
 * Records one event for `key` unless `limit` events already happened within `windowMs`;
 * returns whether this one is allowed. Old events are swept as they age out. The events are
 * in the store (rate_events, db/schema-rate-events.ts), so processes and nodes share counts.
 */
export function takeRateSlot(
  ctx: PlatformContext,
  key: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const now = Date.now();
  return takeRateEvent(ctx.store, key, limit, now, now - windowMs);
}
