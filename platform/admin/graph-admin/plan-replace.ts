import type { PlatformContext } from "../../context.js";
import { parseJson } from "../../kg/ontology.js";
import { pacer } from "../../pace.js";
import type { PlanRelations } from "./plan-relations.js";
import type { Planning } from "./plan-planning.js";
import {
  eventAndArticleCounts,
  graphEntityBatches,
  graphRelationBatches,
  type FoundRelation,
  type KnownEntity,
} from "./store/plan.js";

/**
 * A rebuild's plan ("replace"): the build of the rows, set against the graph as it is. What the
 * build writes keeps the graph's entity or relation of the same name (changed or unchanged);
 * every other entity and relation of the graph is removed, and the events and articles a
 * rebuild clears are named in a warning. Names the graph holds twice: the later ones go.
 */
export async function replaceAgainstGraph(
  ctx: PlatformContext,
  p: Planning,
  relations: PlanRelations,
): Promise<void> {
  const graphId = p.input.graphId;
  const matched = new Set<string>();
  const entity = (row: KnownEntity) => {
    const props = parseJson<Record<string, unknown>>(row.properties, {});
    const aliases = parseJson<string[]>(row.aliases, []);
    const e = p.entities.get(row.name);
    const written = e !== undefined && !e.remove && e.used;
    if (written && !matched.has(row.name)) {
      matched.add(row.name);
      Object.assign(e, {
        id: row.id,
        oldClassId: row.class_id,
        oldProps: props,
        oldAliases: aliases,
        oldDescription: row.description,
        description: e.description ?? "",
      });
      return;
    }
    const key = written || e?.id != null ? `${row.name}\u0000${row.id}` : row.name;
    p.entities.set(key, {
      name: row.name,
      id: row.id,
      oldClassId: row.class_id,
      classId: row.class_id,
      declaredBy: null,
      inferred: false,
      oldProps: props,
      props,
      oldAliases: aliases,
      aliases,
      oldDescription: row.description,
      description: null,
      remove: true,
      used: false,
    });
  };
  const relation = (row: FoundRelation & { subject: string; type: number; object: string }) => {
    const r = relations.get(row.subject, row.type, row.object);
    const old = { article_id: row.article_id, sent_start: row.sent_start, sent_end: row.sent_end };
    if (r && !r.remove && r.id === null) {
      Object.assign(r, { id: row.id, oldConfidence: row.confidence, old });
      return;
    }
    // A second relation of the same ends and type (the graph holds it twice) goes unindexed.
    relations.set(
      {
        subject: row.subject,
        typeId: row.type,
        object: row.object,
        confidence: row.confidence,
        id: row.id,
        oldConfidence: row.confidence,
        remove: true,
        provenance: null,
        old,
      },
      r !== undefined,
    );
  };
  // The graph as one snapshot (a connection of its own on SQLite), streamed batch by batch:
  // the rows of a big graph never sit in memory as rows, and the store stays free meanwhile.
  // The loops let the event loop run every ~20 ms (a batch's promise is only a microtask).
  const pace = pacer();
  const { events, articles } = await ctx.store.snapshot(async (tx) => {
    for await (const batch of graphEntityBatches(tx, graphId))
      for (const row of batch) {
        entity(row);
        const paused = pace();
        if (paused) await paused;
      }
    for await (const batch of graphRelationBatches(tx, graphId))
      for (const row of batch) {
        relation(row);
        const paused = pace();
        if (paused) await paused;
      }
    return eventAndArticleCounts(tx, graphId);
  });
  if (events || articles)
    p.warnings.push(`重建会清除图谱现有的 ${events} 个事件和 ${articles} 篇文章`);
}
