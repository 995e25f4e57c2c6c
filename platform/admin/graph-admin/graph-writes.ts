import type { PlatformContext } from "../../context.js";
import type { Tx } from "../../db/store.js";
import { JobLostError, registerJobKind, registerSweep, type JobContext } from "../../jobs/kinds.js";
import { enqueueJob, wakeJobWorker } from "../../jobs/worker.js";
import { bumpGraphVersion } from "../../kg/cache.js";
import { clearGraphFacts, writeBuild, type JobTransaction } from "./write.js";
import type { Plan } from "./plan.js";
import type { WriteCounts } from "@contract/graph-admin";
import { handOverGraph, holdGraph, orphanWrites, releaseGraph } from "./store/graph-writes.js";

/**
 * A graph written in batches (issue 26, decision 033): a build, or the first fill of a graph a
 * dry run created, writes its facts in transactions of a few thousand rows, so that no job holds
 * the store's write lock or the event loop for long. While it does, the graph is marked as being
 * written (kg_graph_writes) and every reader is told so (409, platform/kg/shapes.ts) instead of
 * seeing part of it; the job's success lifts the mark in the transaction that ends the job, so
 * the whole result appears at once. A job that ends any other way — failed, cancelled, its worker
 * killed or frozen past the takeover limit — leaves the mark behind: the job itself clears what
 * it wrote when it can, and otherwise the next worker's sweep hands the mark to a graph.clear job,
 * which clears the graph in batches and lifts it (a graph written from empty is empty again).
 */
export const CLEAR = "graph.clear";

/**
 * Writes `plan` into the job's graph in batches while the graph is marked as written by the job:
 * the mark taken after `check` in the same transaction (again when a build resumes; refused if
 * another job holds it), `before` run first (a build clears the graph), the facts written
 * (progress over `span`), then `finish` and the mark's lifting in the transaction that ends the
 * job as succeeded. On any failure in this worker what was written is cleared again.
 */
export async function writeMarked<T>(
  job: JobContext<unknown>,
  plan: Plan,
  opts: {
    check?: (t: Tx) => Promise<void>;
    before?: (tx: JobTransaction) => Promise<void>;
    span: [number, number];
    message: string;
  },
  finish: (t: Tx, written: WriteCounts) => Promise<T>,
): Promise<T> {
  const graphId = job.graphId!;
  const tx: JobTransaction = (fn) => job.transaction(fn);
  await tx(async (t) => {
    await opts.check?.(t);
    if (!(await holdGraph(t, graphId, job.id)))
      throw new Error(`graph ${graphId} is being written by another job`);
  });
  try {
    await opts.before?.(tx);
    const [from, to] = opts.span;
    await job.progress(from, opts.message);
    const written = await writeBuild(
      job.ctx,
      plan,
      job.id,
      () => job.checkpoint(),
      (f) => void job.progress(from + (to - from) * f),
      tx,
    );
    return await job.complete(async (t) => {
      await releaseGraph(t, graphId, job.id);
      return finish(t, written);
    });
  } catch (e) {
    // A half-written graph is worse than an empty one: take the partial write out again.
    await undoBatchedWrite(job, e);
    throw e;
  }
}

/**
 * After a batched write did not finish in this worker: clears what it wrote and lifts the mark,
 * unless the job was taken from this worker (then the graph is its new owner's or recovery's).
 * A failure here leaves the mark to the sweep.
 */
async function undoBatchedWrite(job: JobContext<unknown>, error: unknown) {
  if (error instanceof JobLostError) return;
  const graphId = job.graphId!;
  const tx: JobTransaction = (fn) => job.transaction(fn);
  try {
    await clearGraphFacts(graphId, async () => {}, tx);
    await tx(async (t) => {
      await releaseGraph(t, graphId, job.id);
      await bumpGraphVersion(t, graphId, true);
    });
    await job.log("warn", "写入未完成，已清除写入的部分数据");
  } catch {
    // The store is closing or the job was taken over: the sweep clears the graph later.
  }
}

async function clearUnfinished(job: JobContext<Record<string, unknown>>) {
  const graphId = job.graphId!;
  const tx: JobTransaction = (fn) => job.transaction(fn);
  await job.progress(0, "清除未完成写入的数据");
  await clearGraphFacts(graphId, () => job.checkpoint(), tx);
  return job.complete(async (t) => {
    await releaseGraph(t, graphId, job.id);
    await bumpGraphVersion(t, graphId, true);
    await job.log("info", "已清除未完成写入的数据，图谱恢复为写入前的空图谱");
    return {};
  });
}

registerJobKind(CLEAR, clearUnfinished, {
  resumable: true,
  permission: "kg__graph__update",
  label: "清除未完成的写入",
});

/** Another node's sweep took the mark first (rolls back the transaction that queued a job). */
class Handled extends Error {}

/** Hands each graph whose writer ended without finishing to a new graph.clear job. */
async function sweepUnfinishedWrites(ctx: PlatformContext) {
  let queued = false;
  for (const w of await orphanWrites(ctx.store.db)) {
    queued =
      (await ctx.store
        .write(async (tx) => {
          const id = await enqueueJob(ctx, { kind: CLEAR, graphId: w.graph_id }, tx);
          // Another node's sweep took it first: this transaction queues nothing.
          if (!(await handOverGraph(tx, w.graph_id, w.job_id, id))) throw new Handled();
          return true;
        })
        .catch((e: unknown) => {
          if (e instanceof Handled) return false;
          throw e;
        })) || queued;
  }
  if (queued) wakeJobWorker(ctx);
}

registerSweep(sweepUnfinishedWrites);
