import type { PlatformContext } from "../../context.js";
import type { Tx } from "../../db/store.js";
import {
  JobCancelledError,
  JobLostError,
  registerJobKind,
  registerSweep,
  type JobContext,
} from "../../jobs/kinds.js";
import { enqueueJob, wakeJobWorker } from "../../jobs/worker.js";
import { bumpGraphVersion } from "../../kg/cache.js";
import {
  clearGraphFacts,
  writeBuild,
  type BatchedWrite,
  type Checkpoint,
  type JobTransaction,
} from "./write.js";
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
 *
 * A graph that had facts when its write began (a rebuild, a large incremental update; decision
 * 037) cannot be put back by clearing it: its mark says `resume`, the write goes on when
 * cancelling is asked (the log says so), and a write that ends without finishing is handed by
 * the sweep to a new job of the same kind and params, which finishes what the dry run planned
 * (up to MAX_RESUMPTIONS times; then the graph is cleared and the log says to build it again).
 */
export const CLEAR = "graph.clear";

/** Times a graph's unfinished write is resumed by a new job before it is cleared instead. */
export const MAX_RESUMPTIONS = 3;

/**
 * Writes `plan` into the job's graph in batches while the graph is marked as written by the job:
 * the mark taken after `check` in the same transaction (again when a build resumes or a
 * resumption holds the mark handed to it; refused if another job holds it), `before` run first
 * (a build and a rebuild clear the graph), the facts written by `write` (a build's by default;
 * progress over `span`), then `finish` and the mark's lifting in the transaction that ends the
 * job as succeeded. On any failure in this worker a write from empty is cleared again; a
 * `resume` write (the graph had facts) is left to the sweep, which resumes it.
 */
export async function writeMarked<T>(
  job: JobContext<unknown>,
  plan: Plan,
  opts: {
    check?: (t: Tx) => Promise<void>;
    before?: (tx: JobTransaction, checkpoint: Checkpoint) => Promise<void>;
    write?: BatchedWrite;
    resume?: boolean;
    span: [number, number];
    message: string;
  },
  finish: (t: Tx, written: WriteCounts) => Promise<T>,
): Promise<T> {
  const graphId = job.graphId!;
  const tx: JobTransaction = (fn) => job.transaction(fn);
  await tx(async (t) => {
    await opts.check?.(t);
    if (!(await holdGraph(t, graphId, job.id, opts.resume)))
      throw new Error(`graph ${graphId} is being written by another job`);
  });
  const checkpoint = opts.resume ? goOnWhenCancelled(job) : () => job.checkpoint();
  try {
    await opts.before?.(tx, checkpoint);
    const [from, to] = opts.span;
    await job.progress(from, opts.message);
    const written = await (opts.write ?? writeBuild)({
      ctx: job.ctx,
      plan,
      jobId: job.id,
      checkpoint,
      progress: (f) => void job.progress(from + (to - from) * f),
      transaction: tx,
    });
    return await job.complete(async (t) => {
      await releaseGraph(t, graphId, job.id);
      return finish(t, written);
    });
  } catch (e) {
    // A half-written graph is worse than an empty one: take the partial write out again.
    if (!opts.resume) await undoBatchedWrite(job, e);
    throw e;
  }
}

/**
 * The checkpoint of a write that cannot be undone: cancelling no longer stops it (the graph's
 * old facts are partly gone or changed), which the log says once; a lost job still stops.
 */
function goOnWhenCancelled(job: JobContext<unknown>): Checkpoint {
  let told = false;
  return async () => {
    try {
      await job.checkpoint();
    } catch (e) {
      if (!(e instanceof JobCancelledError)) throw e;
      if (!told) await job.log("warn", "图谱已开始写入，不能取消；写入完成后任务结束");
      told = true;
    }
  };
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

async function clearUnfinished(job: JobContext<{ gave_up?: number }>) {
  const graphId = job.graphId!;
  const tx: JobTransaction = (fn) => job.transaction(fn);
  await job.progress(0, "清除未完成写入的数据");
  await clearGraphFacts(graphId, () => job.checkpoint(), tx);
  return job.complete(async (t) => {
    await releaseGraph(t, graphId, job.id);
    await bumpGraphVersion(t, graphId, true);
    await job.log(
      job.params.gave_up ? "warn" : "info",
      job.params.gave_up
        ? `任务 #${job.params.gave_up} 的写入多次未能完成，已清空图谱，请重新构建`
        : "已清除未完成写入的数据，图谱恢复为写入前的空图谱",
    );
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

/** A resumption's params: the job's own, with the job it resumes and how many came before. */
interface Resumes {
  resumes?: number;
  resumption?: number;
}

/**
 * The job that takes over an unfinished write: a new job of the writer's kind and params when
 * the write is to be resumed (and has not been too often), else a graph.clear.
 */
function successorOf(w: Awaited<ReturnType<typeof orphanWrites>>[number]) {
  const params = (w.params_json ? JSON.parse(w.params_json) : {}) as Resumes;
  const resumption = (params.resumption ?? 0) + 1;
  if (w.resume && w.kind && resumption <= MAX_RESUMPTIONS)
    return {
      kind: w.kind,
      graphId: w.graph_id,
      userId: w.created_by,
      params: { ...params, resumes: w.job_id, resumption },
    };
  return { kind: CLEAR, graphId: w.graph_id, params: w.resume ? { gave_up: w.job_id } : {} };
}

/**
 * Hands each graph whose writer ended without finishing to the job that settles it: a
 * resumption of the write (the graph had facts) or a graph.clear (it was written from empty).
 */
async function sweepUnfinishedWrites(ctx: PlatformContext) {
  let queued = false;
  for (const w of await orphanWrites(ctx.store.db)) {
    queued =
      (await ctx.store
        .write(async (tx) => {
          const id = await enqueueJob(ctx, successorOf(w), tx);
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
