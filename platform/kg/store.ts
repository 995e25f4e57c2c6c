import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import { bumpGraphVersion } from "./cache.js";
import { warmHotRankings } from "./hot.js";

/**
 * A stable entity uuid (version-5 layout) from the graph and a name, so seeded and
 * generated graphs get the same ids on every machine.
 */
export function stableUuid(graphId: number, name: string): string {
  const h = crypto.createHash("sha1").update(`kg:${graphId}:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Rebuilds a graph's rollups from its mentions and reports: which articles mention each
 * entity, mentions per entity per day and reports per event per day. Writers of mentions
 * or event reports call this once after their batch. The standard hot rankings are then
 * computed ahead (see hot.ts).
 */
export function refreshRollups(ctx: PlatformContext, graphId: number) {
  const db = ctx.db;
  db.transaction(() => {
    db.prepare(
      "DELETE FROM kg_entity_articles WHERE article_id IN (SELECT id FROM kg_articles WHERE graph_id = ?)",
    ).run(graphId);
    db.prepare(
      `INSERT INTO kg_entity_articles (entity_id, published_at, article_id, mentions)
       SELECT m.entity_id, a.published_at, a.id, count(*)
         FROM kg_articles a JOIN kg_entity_mentions m ON m.article_id = a.id
        WHERE a.graph_id = ?
        GROUP BY a.id, m.entity_id`,
    ).run(graphId);
    db.prepare("DELETE FROM kg_entity_daily WHERE graph_id = ?").run(graphId);
    db.prepare(
      `INSERT INTO kg_entity_daily (graph_id, day, entity_id, mentions)
       SELECT a.graph_id, substr(a.published_at, 1, 10), ea.entity_id, sum(ea.mentions)
         FROM kg_articles a JOIN kg_entity_articles ea ON ea.article_id = a.id
        WHERE a.graph_id = ?
        GROUP BY 2, 3`,
    ).run(graphId);
    db.prepare("DELETE FROM kg_event_daily WHERE graph_id = ?").run(graphId);
    db.prepare(
      `INSERT INTO kg_event_daily (graph_id, day, event_id, reports)
       SELECT e.graph_id, substr(r.published_at, 1, 10), r.event_id, count(*)
         FROM kg_events e JOIN kg_event_articles r ON r.event_id = e.id
        WHERE e.graph_id = ?
        GROUP BY 2, 3`,
    ).run(graphId);
    bumpGraphVersion(ctx, graphId, { rollups: true });
  })();
  warmHotRankings(ctx, graphId);
}
