import type { PlatformContext } from "../../context.js";
import { articleOfGraph } from "../../kg/store/articles.js";
import type { Store, Tx } from "../../db/store.js";
import { bumpGraphVersion } from "../../kg/cache.js";
import { warmHotRankings } from "../../kg/hot.js";
import { refreshRollups } from "../../kg/rollups.js";
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
import {
  bulkOf,
  clearRollups,
  deleteAllFacts,
  deleteEntities,
  deleteFactBatch,
  deleteRelations,
  factTables,
  insertArticle,
  insertEntityRows,
  insertRelationRows,
  markBuilt,
  takenUuids,
  updateEntity,
  updateRelationConfidence,
  updateRelationProvenance,
  type EntityInsert,
  type RelationInsert,
} from "./store/write.js";
import type { WriteCounts } from "@contract/graph-admin";

/**
 * Rows per transaction while a build writes: small enough that each transaction holds the
 * store a few milliseconds (requests and the job's heartbeat wait no longer than that).
 */
export const ENTITY_BATCH = 1000;
export const RELATION_BATCH = 2000;
const DELETE_BATCH = 5000;

type Checkpoint = () => Promise<void>;
/** A job's transaction: commits only while the job's worker holds it (JobContext.transaction). */
export type JobTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Removes a graph's facts (articles, entities, relations, events, event links; flows stay)
 * in batches, each its own transaction. The graph row and its ontology stay.
 */
export async function clearGraphFacts(
  graphId: number,
  checkpoint: Checkpoint,
  transaction: JobTransaction,
) {
  for (const table of factTables()) {
    while ((await transaction((tx) => deleteFactBatch(tx, table, graphId, DELETE_BATCH))) > 0)
      await checkpoint();
  }
  await transaction((tx) => clearRollups(tx, graphId));
}

/** An entity uuid nobody holds: stable by graph and name, unless another graph's entity holds it already. */
const otherUuid = (graphId: number, name: string) =>
  stableUuid(graphId, `${name}#${Date.now()}-${Math.random()}`);

/**
 * Writes a plan's facts in one transaction `tx`: entities (their ids by name in `ids`, which
 * also holds the plan's existing entities), relations (each marked as written by the job) and
 * the articles RDF provenance names (created once, remembered in `articles`). The maps are
 * the caller's: a build carries them from one batch transaction to the next once each has
 * committed; an apply makes them anew for each attempt of its one transaction (PostgreSQL may
 * run it again).
 */
class FactWriter {
  private readonly bulk;

  constructor(
    store: Store,
    private readonly tx: Tx,
    private readonly plan: Plan,
    private readonly jobId: number,
    readonly ids: Map<string, number>,
    readonly articles: Map<ArticleRef, number>,
  ) {
    this.bulk = bulkOf(store, tx);
  }

  /** The article id and sentence of a relation's provenance (RDF imports). */
  async provenance(r: RelationState): Promise<[number | null, number | null, number | null]> {
    const p = r.provenance;
    if (!p) return [null, null, null];
    let id = this.articles.get(p.article);
    if (id === undefined) {
      const a = p.article;
      id =
        a.id !== null && (await articleOfGraph(this.tx, this.plan.graphId, a.id))
          ? a.id
          : await insertArticle(this.tx, {
              graph_id: this.plan.graphId,
              title: a.title,
              source: a.source,
              url: a.url,
              published_at: a.published_at,
              content: a.content,
            });
      this.articles.set(a, id);
    }
    return [id, p.start, p.end];
  }

  async addEntities(list: EntityState[]) {
    if (!list.length) return;
    const graphId = this.plan.graphId;
    const stable = list.map((e) => stableUuid(graphId, e.name));
    const taken = await takenUuids(this.tx, stable);
    const rows: EntityInsert[] = list.map((e, i) => [
      taken.has(stable[i]) ? otherUuid(graphId, e.name) : stable[i],
      graphId,
      e.classId,
      e.name,
      JSON.stringify(e.aliases),
      JSON.stringify(e.props),
      e.description ?? "",
    ]);
    const byUuid = await insertEntityRows(this.bulk, rows);
    list.forEach((e, i) => this.ids.set(e.name, byUuid.get(rows[i][0])!));
  }

  /** A relation's row, its provenance's article made when needed. */
  async relationRow(r: RelationState): Promise<RelationInsert> {
    return [
      this.plan.graphId,
      this.ids.get(r.subject)!,
      r.typeId,
      this.ids.get(r.object)!,
      r.confidence,
      ...(await this.provenance(r)),
    ];
  }

  /** New relations, each marked as written by the job. */
  async insertRelations(rows: RelationInsert[]) {
    if (rows.length)
      await markBuilt(this.tx, await insertRelationRows(this.bulk, rows), this.jobId);
  }

  async addRelations(list: RelationState[]) {
    const rows: RelationInsert[] = [];
    for (const r of list) rows.push(await this.relationRow(r));
    await this.insertRelations(rows);
  }
}

/** The items `keep` takes, in lists of `size` (a plan's relations are never all in one array). */
function* batchesOf<T>(items: Iterable<T>, keep: (x: T) => boolean, size: number) {
  const list: T[] = [];
  for (const x of items) {
    if (!keep(x)) continue;
    list.push(x);
    if (list.length === size) yield list.splice(0);
  }
  if (list.length) yield list;
}

/** After the rollups are rebuilt and committed: the hot rankings, computed ahead (hot.ts). */
function warm(ctx: PlatformContext, graphId: number) {
  void warmHotRankings(ctx, graphId).catch(() => {
    // A cold ranking is computed by its first reader; a store closed meanwhile warms nothing.
  });
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
  transaction: JobTransaction,
): Promise<WriteCounts> {
  const ids = new Map<string, number>();
  const articles = new Map<ArticleRef, number>();
  /** One batch in one transaction; its ids and articles kept once it has committed. */
  const batch = async (write: (w: FactWriter) => Promise<void>) => {
    const made = await transaction(async (tx) => {
      const w = new FactWriter(ctx.store, tx, plan, jobId, new Map(ids), new Map(articles));
      await write(w);
      return w;
    });
    for (const [k, v] of made.ids) ids.set(k, v);
    for (const [k, v] of made.articles) articles.set(k, v);
  };
  const entities = [...plan.entities.values()].filter((e) => entityFate(e) === "added");
  const written = (r: RelationState) => !r.remove;
  let relations = 0;
  for (const r of plan.relations.values()) if (written(r)) relations++;
  const total = entities.length + relations || 1;
  for (let i = 0; i < entities.length; i += ENTITY_BATCH) {
    await batch((w) => w.addEntities(entities.slice(i, i + ENTITY_BATCH)));
    progress(Math.min(i + ENTITY_BATCH, entities.length) / total);
    await checkpoint();
  }
  let done = 0;
  for (const list of batchesOf(plan.relations.values(), written, RELATION_BATCH)) {
    await batch((w) => w.addRelations(list));
    done += list.length;
    progress((entities.length + done) / total);
    await checkpoint();
  }
  await transaction(async (tx) => {
    await bumpGraphVersion(tx, plan.graphId, true);
    await refreshRollups(ctx, plan.graphId, tx);
  });
  warm(ctx, plan.graphId);
  return {
    entities: { added: entities.length, changed: 0, removed: 0 },
    relations: { added: relations, changed: 0, removed: 0 },
  };
}

/**
 * Applies an update plan in the caller's ONE transaction `tx` (the job's `complete`): all of it
 * or, on any error, none of it. Call `warmAfterApply` once it has committed.
 */
export async function applyPlan(
  ctx: PlatformContext,
  tx: Tx,
  plan: Plan,
  jobId: number,
): Promise<WriteCounts> {
  const w = new FactWriter(ctx.store, tx, plan, jobId, new Map(), new Map());
  const counts: WriteCounts = {
    entities: { added: 0, changed: 0, removed: 0 },
    relations: { added: 0, changed: 0, removed: 0 },
  };
  const added: EntityState[] = [];
  for (const e of plan.entities.values()) {
    const fate = entityFate(e);
    if (e.id !== null) w.ids.set(e.name, e.id);
    if (fate === "added") added.push(e);
    else if (fate === "changed") {
      await updateEntity(tx, e.id!, {
        class_id: e.classId,
        aliases: JSON.stringify(e.aliases),
        properties: JSON.stringify(e.props),
        description: e.description ?? e.oldDescription,
      });
      counts.entities.changed++;
    }
  }
  for (let i = 0; i < added.length; i += ENTITY_BATCH)
    await w.addEntities(added.slice(i, i + ENTITY_BATCH));
  counts.entities.added = added.length;
  // Provenance articles are made in the plan's order of relations, as they are met.
  const newRows: RelationInsert[] = [];
  const changed: number[] = [];
  const removed: number[] = [];
  for (const r of plan.relations.values()) {
    const fate = relationFate(r);
    if (fate === "added") {
      newRows.push(await w.relationRow(r));
      counts.relations.added++;
      if (newRows.length === RELATION_BATCH) await w.insertRelations(newRows.splice(0));
    } else if (fate === "changed") {
      await updateRelationConfidence(tx, r.id!, r.confidence);
      if (provenanceChanged(r)) {
        const [article_id, sent_start, sent_end] = await w.provenance(r);
        await updateRelationProvenance(tx, r.id!, { article_id, sent_start, sent_end });
      }
      changed.push(r.id!);
    } else if (fate === "removed") removed.push(r.id!);
  }
  await w.insertRelations(newRows);
  await markBuilt(tx, changed, jobId);
  await deleteRelations(tx, removed);
  counts.relations.changed = changed.length;
  counts.relations.removed = removed.length;
  const gone = [...plan.entities.values()].filter((e) => entityFate(e) === "removed");
  await deleteEntities(
    tx,
    gone.map((e) => e.id!),
  );
  counts.entities.removed = gone.length;
  await bumpGraphVersion(tx, plan.graphId, true);
  await refreshRollups(ctx, plan.graphId, tx);
  return counts;
}

/**
 * Applies a rebuild's plan ("replace") in the caller's ONE transaction `tx`: the graph's facts
 * (articles, entities, relations, events) are cleared and what the plan keeps or adds is
 * written, as a build would; entities keep their uuid (it follows graph and name). All of it
 * or none of it. Call `warmAfterApply` once it has committed.
 */
export async function replaceFacts(
  ctx: PlatformContext,
  tx: Tx,
  plan: Plan,
  jobId: number,
): Promise<WriteCounts> {
  const w = new FactWriter(ctx.store, tx, plan, jobId, new Map(), new Map());
  const { entities, relations } = plan.report.summary;
  await deleteAllFacts(tx, plan.graphId);
  await clearRollups(tx, plan.graphId);
  const kept = [...plan.entities.values()].filter((e) => {
    const fate = entityFate(e);
    return fate !== "none" && fate !== "removed";
  });
  for (let i = 0; i < kept.length; i += ENTITY_BATCH)
    await w.addEntities(kept.slice(i, i + ENTITY_BATCH));
  for (const list of batchesOf(plan.relations.values(), (r) => !r.remove, RELATION_BATCH))
    await w.addRelations(list);
  await bumpGraphVersion(tx, plan.graphId, true);
  await refreshRollups(ctx, plan.graphId, tx);
  const counts = (c: typeof entities) => ({
    added: c.added,
    changed: c.changed,
    removed: c.removed,
  });
  return { entities: counts(entities), relations: counts(relations) };
}

/** Once an apply has committed: the graph's hot rankings computed ahead. */
export const warmAfterApply = warm;
