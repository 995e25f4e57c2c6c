import { sql } from "kysely";
import type { Db } from "../../db/store.js";
import { runSteps, type Steps } from "./sql.js";
import { bumpGraphVersion } from "./state.js";

/**
 * A graph's rollups rebuilt from its mentions and reports, set-based (INSERT … SELECT, one
 * statement each): which articles mention each entity, mentions per entity per day, reports
 * per event per day. Grouped columns are named (not numbered, no bare columns) for PostgreSQL.
 */
function* rebuildSteps(db: Db, graphId: number): Steps<void> {
  yield {
    run: sql`DELETE FROM kg_entity_articles WHERE article_id IN (SELECT id FROM kg_articles WHERE graph_id = ${graphId})`,
  };
  yield {
    run: sql`INSERT INTO kg_entity_articles (entity_id, published_at, article_id, mentions)
      SELECT m.entity_id, a.published_at, a.id, count(*)
        FROM kg_articles a JOIN kg_entity_mentions m ON m.article_id = a.id
       WHERE a.graph_id = ${graphId}
       GROUP BY a.id, m.entity_id, a.published_at`,
  };
  yield { run: sql`DELETE FROM kg_entity_daily WHERE graph_id = ${graphId}` };
  yield {
    run: sql`INSERT INTO kg_entity_daily (graph_id, day, entity_id, mentions)
      SELECT a.graph_id, substr(a.published_at, 1, 10), ea.entity_id, sum(ea.mentions)
        FROM kg_articles a JOIN kg_entity_articles ea ON ea.article_id = a.id
       WHERE a.graph_id = ${graphId}
       GROUP BY a.graph_id, substr(a.published_at, 1, 10), ea.entity_id`,
  };
  yield { run: sql`DELETE FROM kg_event_daily WHERE graph_id = ${graphId}` };
  yield {
    run: sql`INSERT INTO kg_event_daily (graph_id, day, event_id, reports)
      SELECT e.graph_id, substr(r.published_at, 1, 10), r.event_id, count(*)
        FROM kg_events e JOIN kg_event_articles r ON r.event_id = e.id
       WHERE e.graph_id = ${graphId}
       GROUP BY e.graph_id, substr(r.published_at, 1, 10), r.event_id`,
  };
}

/** Rebuilds the graph's rollups and marks them changed, in the caller's write transaction. */
export async function rebuildRollups(tx: Db, graphId: number) {
  await runSteps(tx, rebuildSteps(tx, graphId));
  await bumpGraphVersion(tx, graphId, { rollups: true });
}
