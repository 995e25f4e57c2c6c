import type { PlatformContext } from "../../context.js";
import { bumpGraphVersionSync } from "../../kg/cache.js";
import { refreshRollupsSync } from "../../kg/rollups.js";
import { stableUuid } from "../../kg/uuid.js";
import type { ArticleRef } from "../../interchange/rdf-read.js";
import type { Plan } from "./plan.js";
import {
  entityFate,
  provenanceChanged,
  relationFate,
  type EntityState,
  type RelationState,
} from "./plan-report.js";
import type { WriteCounts } from "@contract/graph-admin";

/** Rows per transaction while a build writes: small enough that requests wait at most a few ms. */
export const ENTITY_BATCH = 1000;
export const RELATION_BATCH = 2000;
const DELETE_BATCH = 5000;

type Checkpoint = () => Promise<void>;
/** A job's transaction: commits only while the job's worker holds it (JobContext.transaction). */
export type JobTransaction = <T>(fn: () => T) => Promise<T>;

/** A graph's facts, dependants first; flows stay. */
const FACT_TABLES = [
  "kg_event_relations",
  "kg_events",
  "kg_relations",
  "kg_entities",
  "kg_articles",
];

/** The daily rollups go with the facts; the graph's caches are stale from now on. */
function clearRollups(ctx: PlatformContext, graphId: number) {
  ctx.db.prepare("DELETE FROM kg_entity_daily WHERE graph_id = ?").run(graphId);
  ctx.db.prepare("DELETE FROM kg_event_daily WHERE graph_id = ?").run(graphId);
  bumpGraphVersionSync(ctx, graphId, true);
}

/**
 * Removes a graph's facts (articles, entities, relations, events, event links; flows stay)
 * in batches, each its own transaction. The graph row and its ontology stay.
 */
export async function clearGraphFacts(
  ctx: PlatformContext,
  graphId: number,
  checkpoint: Checkpoint,
  tx: JobTransaction,
) {
  const db = ctx.db;
  for (const table of FACT_TABLES) {
    const step = db.prepare(
      `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE graph_id = ? LIMIT ${DELETE_BATCH})`,
    );
    while ((await tx(() => step.run(graphId).changes)) > 0) await checkpoint();
  }
  await tx(() => clearRollups(ctx, graphId));
}

/** Same as clearGraphFacts in one go, for cleaning up after a failed build. */
export async function clearGraphFactsNow(
  ctx: PlatformContext,
  graphId: number,
  tx: JobTransaction,
) {
  const db = ctx.db;
  await tx(() => {
    for (const table of FACT_TABLES)
      db.prepare(`DELETE FROM ${table} WHERE graph_id = ?`).run(graphId);
    clearRollups(ctx, graphId);
  });
}

function statements(ctx: PlatformContext) {
  const db = ctx.db;
  return {
    insertEntity: db.prepare(
      "INSERT INTO kg_entities (uuid, graph_id, class_id, name, aliases, properties, description) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    updateEntity: db.prepare(
      "UPDATE kg_entities SET class_id = ?, aliases = ?, properties = ?, description = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?",
    ),
    deleteEntity: db.prepare("DELETE FROM kg_entities WHERE id = ?"),
    insertRelation: db.prepare(
      "INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    updateRelation: db.prepare("UPDATE kg_relations SET confidence = ? WHERE id = ?"),
    updateProvenance: db.prepare(
      "UPDATE kg_relations SET article_id = ?, sent_start = ?, sent_end = ? WHERE id = ?",
    ),
    articleExists: db.prepare("SELECT 1 FROM kg_articles WHERE id = ? AND graph_id = ?").pluck(),
    insertArticle: db.prepare(
      "INSERT INTO kg_articles (graph_id, title, source, url, published_at, content) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    deleteRelation: db.prepare("DELETE FROM kg_relations WHERE id = ?"),
    markBuilt: db.prepare(
      "INSERT OR REPLACE INTO kg_relation_builds (relation_id, job_id) VALUES (?, ?)",
    ),
  };
}

/** An entity's uuid: stable by graph and name, unless another graph's entity holds it already. */
function uuidFor(ctx: PlatformContext, graphId: number, name: string) {
  const uuid = stableUuid(graphId, name);
  const taken = ctx.db.prepare("SELECT 1 FROM kg_entities WHERE uuid = ?").get(uuid);
  return taken ? stableUuid(graphId, `${name}#${Date.now()}-${Math.random()}`) : uuid;
}

/**
 * The article id of each relation's provenance (RDF imports): an article of the graph, or one
 * created (once) from what the import says of it. Runs inside the caller's transaction.
 */
function articleIds(graphId: number, st: ReturnType<typeof statements>) {
  const made = new Map<ArticleRef, number>();
  return (r: RelationState): [number | null, number | null, number | null] => {
    const p = r.provenance;
    if (!p) return [null, null, null];
    let id = made.get(p.article);
    if (id === undefined) {
      const a = p.article;
      id =
        a.id !== null && st.articleExists.get(a.id, graphId)
          ? a.id
          : Number(
              st.insertArticle.run(graphId, a.title, a.source, a.url, a.published_at, a.content)
                .lastInsertRowid,
            );
      made.set(a, id);
    }
    return [id, p.start, p.end];
  };
}

/**
 * Inserts a plan's entities and relations (`ids`: entity name → id, for the relations);
 * each inserted relation is marked as written by the job.
 */
function factWriter(ctx: PlatformContext, plan: Plan, jobId: number) {
  const st = statements(ctx);
  const provenance = articleIds(plan.graphId, st);
  const ids = new Map<string, number>();
  return {
    st,
    provenance,
    ids,
    addEntity(e: EntityState) {
      const id = st.insertEntity.run(
        uuidFor(ctx, plan.graphId, e.name),
        plan.graphId,
        e.classId,
        e.name,
        JSON.stringify(e.aliases),
        JSON.stringify(e.props),
        e.description ?? "",
      ).lastInsertRowid;
      ids.set(e.name, Number(id));
    },
    addRelation(r: RelationState) {
      const id = st.insertRelation.run(
        plan.graphId,
        ids.get(r.subject),
        r.typeId,
        ids.get(r.object),
        r.confidence,
        ...provenance(r),
      ).lastInsertRowid;
      st.markBuilt.run(id, jobId);
    },
  };
}

/**
 * Writes a build plan into a cleared graph: entities, then relations, in batches of their
 * own transaction; `progress` gets the fraction done.
 */
export async function writeBuild(
  ctx: PlatformContext,
  plan: Plan,
  jobId: number,
  checkpoint: Checkpoint,
  progress: (fraction: number) => void,
  tx: JobTransaction,
): Promise<WriteCounts> {
  const writer = factWriter(ctx, plan, jobId);
  const entities = [...plan.entities.values()].filter((e) => entityFate(e) === "added");
  const relations = [...plan.relations.values()].filter((r) => !r.remove);
  const total = entities.length + relations.length || 1;
  for (let i = 0; i < entities.length; i += ENTITY_BATCH) {
    await tx(() => {
      for (const e of entities.slice(i, i + ENTITY_BATCH)) writer.addEntity(e);
    });
    progress(Math.min(i + ENTITY_BATCH, entities.length) / total);
    await checkpoint();
  }
  for (let i = 0; i < relations.length; i += RELATION_BATCH) {
    await tx(() => {
      for (const r of relations.slice(i, i + RELATION_BATCH)) writer.addRelation(r);
    });
    progress((entities.length + Math.min(i + RELATION_BATCH, relations.length)) / total);
    await checkpoint();
  }
  await tx(() => {
    bumpGraphVersionSync(ctx, plan.graphId, true);
    refreshRollupsSync(ctx, plan.graphId);
  });
  return {
    entities: { added: entities.length, changed: 0, removed: 0 },
    relations: { added: relations.length, changed: 0, removed: 0 },
  };
}

/** Applies an update plan in ONE transaction: all of it or, on any error, none of it. */
export function applyPlan(ctx: PlatformContext, plan: Plan, jobId: number): WriteCounts {
  const db = ctx.db;
  const writer = factWriter(ctx, plan, jobId);
  const { st, provenance, ids } = writer;
  const counts: WriteCounts = {
    entities: { added: 0, changed: 0, removed: 0 },
    relations: { added: 0, changed: 0, removed: 0 },
  };
  db.transaction(() => {
    for (const e of plan.entities.values()) {
      const fate = entityFate(e);
      if (e.id !== null) ids.set(e.name, e.id);
      if (fate === "added") {
        writer.addEntity(e);
        counts.entities.added++;
      } else if (fate === "changed") {
        st.updateEntity.run(
          e.classId,
          JSON.stringify(e.aliases),
          JSON.stringify(e.props),
          e.description ?? e.oldDescription,
          e.id,
        );
        counts.entities.changed++;
      }
    }
    for (const r of plan.relations.values()) {
      const fate = relationFate(r);
      if (fate === "added") {
        writer.addRelation(r);
        counts.relations.added++;
      } else if (fate === "changed") {
        st.updateRelation.run(r.confidence, r.id);
        if (provenanceChanged(r)) st.updateProvenance.run(...provenance(r), r.id);
        st.markBuilt.run(r.id, jobId);
        counts.relations.changed++;
      } else if (fate === "removed") {
        st.deleteRelation.run(r.id);
        counts.relations.removed++;
      }
    }
    for (const e of plan.entities.values()) {
      if (entityFate(e) === "removed") {
        st.deleteEntity.run(e.id);
        counts.entities.removed++;
      }
    }
    bumpGraphVersionSync(ctx, plan.graphId, true);
    refreshRollupsSync(ctx, plan.graphId);
  })();
  return counts;
}

/**
 * Applies a rebuild's plan ("replace") in ONE transaction: the graph's facts (articles,
 * entities, relations, events) are cleared and what the plan keeps or adds is written, as a
 * build would; entities keep their uuid (it follows graph and name). All of it or none of it.
 */
export function replaceFacts(ctx: PlatformContext, plan: Plan, jobId: number): WriteCounts {
  const db = ctx.db;
  const writer = factWriter(ctx, plan, jobId);
  const { entities, relations } = plan.report.summary;
  db.transaction(() => {
    for (const table of FACT_TABLES)
      db.prepare(`DELETE FROM ${table} WHERE graph_id = ?`).run(plan.graphId);
    clearRollups(ctx, plan.graphId);
    for (const e of plan.entities.values()) {
      const fate = entityFate(e);
      if (fate !== "none" && fate !== "removed") writer.addEntity(e);
    }
    for (const r of plan.relations.values()) if (!r.remove) writer.addRelation(r);
    bumpGraphVersionSync(ctx, plan.graphId, true);
    refreshRollupsSync(ctx, plan.graphId);
  })();
  const counts = (c: typeof entities) => ({
    added: c.added,
    changed: c.changed,
    removed: c.removed,
  });
  return { entities: counts(entities), relations: counts(relations) };
}
