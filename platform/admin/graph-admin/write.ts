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
const DELETE_BATCH = 2000;

export type Checkpoint = () => Promise<void>;
/** What a write of a plan's facts works with: the plan, its job, and the job's transactions. */
export interface WriteRun {
  ctx: PlatformContext;
  plan: Plan;
  jobId: number;
  checkpoint: Checkpoint;
  /** The fraction done. */
  progress: (fraction: number) => void;
  transaction: JobTransaction;
}
/** A write of a plan's facts in batches of `transaction` (writeBuild, writeUpdate). */
export type BatchedWrite = (run: WriteRun) => Promise<WriteCounts>;
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
 * Writes a plan's facts in one transaction `tx`: entities (their ids by name, the plan's
 * existing entities among them), relations (each marked as written by the job) and the articles
 * RDF provenance names (created once). What it makes is kept apart (`made`, `madeArticles`)
 * until the caller knows the transaction committed (`keep`): a job writes in batches of their
 * own transactions, and PostgreSQL may run a transaction again.
 */
class FactWriter {
  private readonly bulk;
  readonly made = new Map<string, number>();
  readonly madeArticles = new Map<ArticleRef, number>();

  constructor(
    store: Store,
    private readonly tx: Tx,
    private readonly plan: Plan,
    private readonly jobId: number,
    private readonly ids: Map<string, number>,
    private readonly articles: Map<ArticleRef, number>,
  ) {
    this.bulk = bulkOf(store, tx);
  }

  /** Once the transaction has committed: what it made is known to the next batches. */
  keep() {
    for (const [k, v] of this.made) this.ids.set(k, v);
    for (const [k, v] of this.madeArticles) this.articles.set(k, v);
  }

  private idOf(name: string): number {
    return this.made.get(name) ?? this.ids.get(name)!;
  }

  /** The article id and sentence of a relation's provenance (RDF imports). */
  async provenance(r: RelationState): Promise<[number | null, number | null, number | null]> {
    const p = r.provenance;
    if (!p) return [null, null, null];
    let id = this.madeArticles.get(p.article) ?? this.articles.get(p.article);
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
      this.madeArticles.set(a, id);
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
    list.forEach((e, i) => this.made.set(e.name, byUuid.get(rows[i][0])!));
  }

  async changeEntities(list: EntityState[]) {
    for (const e of list)
      await updateEntity(this.tx, e.id!, {
        class_id: e.classId,
        aliases: JSON.stringify(e.aliases),
        properties: JSON.stringify(e.props),
        description: e.description ?? e.oldDescription,
      });
  }

  /** A relation's row, its provenance's article made when needed. */
  async relationRow(r: RelationState): Promise<RelationInsert> {
    return [
      this.plan.graphId,
      this.idOf(r.subject),
      r.typeId,
      this.idOf(r.object),
      r.confidence,
      ...(await this.provenance(r)),
    ];
  }

  /** Relations as new rows, each marked as written by the job (a build, a rebuild). */
  async addRelations(list: RelationState[]) {
    const rows: RelationInsert[] = [];
    for (const r of list) rows.push(await this.relationRow(r));
    if (rows.length)
      await markBuilt(this.tx, await insertRelationRows(this.bulk, rows), this.jobId);
  }

  /**
   * Relations the plan adds (new rows, marked as written by the job), changes (confidence,
   * provenance; marked) or removes, in the plan's order.
   */
  async writeRelations(list: RelationState[]) {
    const rows: RelationInsert[] = [];
    const changed: number[] = [];
    const removed: number[] = [];
    for (const r of list) {
      const fate = relationFate(r);
      if (fate === "added") rows.push(await this.relationRow(r));
      else if (fate === "removed") removed.push(r.id!);
      else if (fate === "changed") {
        await updateRelationConfidence(this.tx, r.id!, r.confidence);
        if (provenanceChanged(r)) {
          const [article_id, sent_start, sent_end] = await this.provenance(r);
          await updateRelationProvenance(this.tx, r.id!, { article_id, sent_start, sent_end });
        }
        changed.push(r.id!);
      }
    }
    if (rows.length) changed.push(...(await insertRelationRows(this.bulk, rows)));
    await markBuilt(this.tx, changed, this.jobId);
    await deleteRelations(this.tx, removed);
  }
}

/**
 * Runs `write` batch by batch, each in a transaction of `transaction`, over one FactWriter's
 * committed ids and articles; `ids` starts with the graph's entities the plan names.
 */
function batchRunner({ ctx, plan, jobId, transaction }: WriteRun, ids = new Map<string, number>()) {
  const articles = new Map<ArticleRef, number>();
  return async (write: (w: FactWriter) => Promise<void>) => {
    const w = await transaction(async (tx) => {
      const writer = new FactWriter(ctx.store, tx, plan, jobId, ids, articles);
      await write(writer);
      return writer;
    });
    w.keep();
  };
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

const all = () => true;

/** Progress over `total` items, and a checkpoint, after each batch of `n` of them. */
function stepper(total: number, progress: (fraction: number) => void, checkpoint: Checkpoint) {
  let done = 0;
  return async (n: number) => {
    done += n;
    progress(done / (total || 1));
    await checkpoint();
  };
}

/** A write's last transaction: the graph's version moved on and its daily rollups rebuilt. */
async function finishWrite(ctx: PlatformContext, graphId: number, transaction: JobTransaction) {
  await transaction(async (tx) => {
    await bumpGraphVersion(tx, graphId, true);
    await refreshRollups(ctx, graphId, tx);
  });
}

/** After the rollups are rebuilt and committed: the hot rankings, computed ahead (hot.ts). */
function warm(ctx: PlatformContext, graphId: number) {
  void warmHotRankings(ctx, graphId).catch(() => {
    // A cold ranking is computed by its first reader; a store closed meanwhile warms nothing.
  });
}

/** What a build or a rebuild writes of a plan's entities: each it keeps or adds, as new rows. */
const written = (e: EntityState) => {
  const fate = entityFate(e);
  return fate !== "none" && fate !== "removed";
};

/**
 * Writes a build plan, or a rebuild's ("replace"), into a cleared graph: entities, then
 * relations, as new rows, in batches of their own transaction; `progress` gets the fraction done.
 */
export const writeBuild: BatchedWrite = async (run) => {
  const { ctx, plan, checkpoint, progress, transaction } = run;
  const batch = batchRunner(run);
  const entities = [...plan.entities.values()].filter(written);
  const kept = (r: RelationState) => !r.remove;
  let relations = 0;
  for (const r of plan.relations.values()) if (kept(r)) relations++;
  const step = stepper(entities.length + relations, progress, checkpoint);
  for (const list of batchesOf(entities, all, ENTITY_BATCH)) {
    await batch((w) => w.addEntities(list));
    await step(list.length);
  }
  for (const list of batchesOf(plan.relations.values(), kept, RELATION_BATCH)) {
    await batch((w) => w.addRelations(list));
    await step(list.length);
  }
  await finishWrite(ctx, plan.graphId, transaction);
  warm(ctx, plan.graphId);
  return {
    entities: { added: entities.length, changed: 0, removed: 0 },
    relations: { added: relations, changed: 0, removed: 0 },
  };
};

/**
 * Writes an update plan into the graph as it is, in batches of `transaction`: changed entities,
 * added entities, then added, changed and removed relations, then removed entities; the graph's
 * version and rollups last. The same writes whether each batch is a transaction of its own (a
 * large update, the graph marked meanwhile) or all share the caller's one (`inOne`). Call
 * `warmAfterApply` once the last has committed.
 */
export const writeUpdate: BatchedWrite = async (run) => {
  const { ctx, plan, checkpoint, progress, transaction } = run;
  const ids = new Map<string, number>();
  const by: Record<"added" | "changed" | "removed", EntityState[]> = {
    added: [],
    changed: [],
    removed: [],
  };
  for (const e of plan.entities.values()) {
    if (e.id !== null) ids.set(e.name, e.id);
    const fate = entityFate(e);
    if (fate !== "none" && fate !== "unchanged") by[fate].push(e);
  }
  const batch = batchRunner(run, ids);
  const counts: WriteCounts = {
    entities: { added: by.added.length, changed: by.changed.length, removed: by.removed.length },
    relations: { added: 0, changed: 0, removed: 0 },
  };
  for (const r of plan.relations.values()) {
    const fate = relationFate(r);
    if (fate !== "unchanged") counts.relations[fate]++;
  }
  const step = stepper(
    Object.values(counts.entities).reduce((a, b) => a + b, 0) +
      Object.values(counts.relations).reduce((a, b) => a + b, 0),
    progress,
    checkpoint,
  );
  for (const list of batchesOf(by.changed, all, ENTITY_BATCH)) {
    await batch((w) => w.changeEntities(list));
    await step(list.length);
  }
  for (const list of batchesOf(by.added, all, ENTITY_BATCH)) {
    await batch((w) => w.addEntities(list));
    await step(list.length);
  }
  // Provenance articles are made in the plan's order of relations, as they are met.
  const touched = (r: RelationState) => relationFate(r) !== "unchanged";
  for (const list of batchesOf(plan.relations.values(), touched, RELATION_BATCH)) {
    await batch((w) => w.writeRelations(list));
    await step(list.length);
  }
  for (const list of batchesOf(by.removed, all, DELETE_BATCH)) {
    await transaction((tx) =>
      deleteEntities(
        tx,
        list.map((e) => e.id!),
      ),
    );
    await step(list.length);
  }
  await finishWrite(ctx, plan.graphId, transaction);
  return counts;
};

/** The caller's one transaction as a JobTransaction: every batch of a write in it. */
export const inOne =
  (tx: Tx): JobTransaction =>
  (fn) =>
    fn(tx);

/** Once an apply has committed: the graph's hot rankings computed ahead. */
export const warmAfterApply = warm;
