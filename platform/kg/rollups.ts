import type { PlatformContext } from "../context.js";
import type { Tx } from "../db/store.js";
import { warmHotRankings } from "./hot.js";
import { rebuildRollups } from "./store/rollups.js";

/**
 * Rebuilds a graph's rollups from its mentions and reports: which articles mention each
 * entity, mentions per entity per day and reports per event per day. Writers of mentions
 * or event reports call this once after their batch. In `tx` when given (the caller then
 * warms the rankings once it has committed, with warmHotRankings), else in a write
 * transaction of its own, after which the standard hot rankings are computed ahead (hot.ts).
 */
export async function refreshRollups(ctx: PlatformContext, graphId: number, tx?: Tx) {
  if (tx) return rebuildRollups(tx, graphId);
  await ctx.store.write((t) => rebuildRollups(t, graphId));
  await warmHotRankings(ctx, graphId);
}
