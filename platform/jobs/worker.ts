import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import {
  sqliteCacheMb,
  storeUnreachable,
  withPageCache,
  type Store,
  type Tx,
} from "../db/store.js";
import { clientMessage, HttpError } from "../http/errors.js";
import { JOB_TAKEOVER_SECONDS } from "../settings.js";
import { collectAfterBigJob } from "./collect.js";
import { oneLine, Run } from "./run.js";
import {
  JobCancelledError,
  JobFailedError,
  JobLostError,
  WorkerStoppedError,
  jobKind,
  jobKindLabel,
  jobKinds,
  jobSweeps,
  type JobContext,
} from "./kinds.js";
import {
  abandonJob,
  addLog,
  claimJob,
  hasQueuedJob,
  insertJob,
  markEnded,
  markSucceeded,
  requeueJob,
  silentJobs,
  type JobRow,
} from "./store.js";

/**
 * The job runner: long work (graph builds, incremental updates, model runs) queued in the
 * store and run in-process, one job at a time per process, by the worker of that store.
 *
 * Ownership is checked, not assumed. A claim gives the job a fencing token (this worker's id
 * and the job's attempt number); every heartbeat, progress, log line, result and the job's
 * own writes (through `job.fence()` / `job.transaction()`) commit only while the token still
 * holds. A job whose heartbeat stopped for the takeover limit is settled by whichever worker
 * looks next (recoverJobs): re-queued when its kind is resumable, else failed. The worker it
 * was taken from may only have been slow (a long pause, a frozen process): when it wakes, its
 * next write finds the token gone and the run stops there, having written nothing more.
 */

export interface EnqueueInput {
  kind: string;
  graphId?: number | null;
  params?: unknown;
  userId?: number | null;
}

function enqueueRow(input: EnqueueInput) {
  if (!jobKind(input.kind)) throw new Error(`unknown job kind ${input.kind}`);
  return {
    kind: input.kind,
    graphId: input.graphId ?? null,
    params: input.params ?? {},
    userId: input.userId ?? null,
    label: jobKindLabel(input.kind, input.params),
  };
}

/**
 * Queues a job and wakes this process's worker; returns the job id. Given `tx`, the job is
 * queued in that transaction (it exists only if the transaction commits; the worker looks
 * for it within a second).
 */
export async function enqueueJob(
  ctx: PlatformContext,
  input: EnqueueInput,
  tx?: Tx,
): Promise<number> {
  const row = enqueueRow(input);
  const id = tx ? await insertJob(tx, row) : await ctx.store.write((t) => insertJob(t, row));
  if (!tx) workers.get(ctx.store)?.wake();
  return id;
}

/**
 * Wakes this process's worker: after the transaction that queued a job with `enqueueJob(…, tx)`
 * has committed, so it starts now rather than at the worker's next look.
 */
export function wakeJobWorker(ctx: PlatformContext) {
  workers.get(ctx.store)?.wake();
}

const HEARTBEAT_MS = 5_000;
const POLL_MS = 1_000;
const MAX_ATTEMPTS = 3;

/** How often a worker beats and looks for silent jobs: every 5 s, or a third of the limit. */
const beatMs = (ctx: PlatformContext) =>
  Math.min(HEARTBEAT_MS, ((ctx.settings.jobTakeoverSeconds ?? JOB_TAKEOVER_SECONDS) * 1000) / 3);

/** The log line of a job taken from a worker that stopped answering (a dead or frozen one). */
export const takenOver = (seconds: number) =>
  `工作进程超过 ${seconds} 秒无响应，任务已由其他进程接管`;
/** The reason of a job that cannot be run again once its worker stopped answering. */
export const abandoned = (seconds: number) => `工作进程超过 ${seconds} 秒无响应，任务已中断`;

/**
 * Finds running jobs whose heartbeat is older than the takeover limit (`staleMs`, default the
 * settings' jobTakeoverSeconds) and settles them: a resumable kind goes back to the queue (at
 * most 3 attempts), any other is marked failed. Either way the attempt number moves on and the
 * worker is cleared, so the worker that had the job (dead, or only slow) holds it no more.
 */
export async function recoverJobs(
  ctx: PlatformContext,
  opts: { staleMs?: number } = {},
): Promise<{ requeued: number[]; failed: number[] }> {
  const seconds = ctx.settings.jobTakeoverSeconds ?? JOB_TAKEOVER_SECONDS;
  const cutoff = new Date(Date.now() - (opts.staleMs ?? seconds * 1000)).toISOString();
  const own = workers.get(ctx.store);
  const out = await ctx.store.write(async (tx) => {
    const done = { requeued: [] as number[], failed: [] as number[] };
    for (const r of await silentJobs(tx, cutoff, own?.busyWith ?? -1)) {
      const kind = jobKind(r.kind);
      if (kind?.resumable && r.attempts < MAX_ATTEMPTS) {
        await requeueJob(tx, r.id, "任务将重新执行");
        await addLog(
          tx,
          r.id,
          "warn",
          `${takenOver(seconds)}，已重新排队（第 ${r.attempts + 1} 次重试）`,
        );
        done.requeued.push(r.id);
      } else {
        const reason = kind?.resumable
          ? `${abandoned(seconds)}（已重试 ${r.attempts} 次）`
          : abandoned(seconds);
        await abandonJob(tx, r.id, reason);
        await addLog(tx, r.id, "error", reason);
        done.failed.push(r.id);
      }
    }
    return done;
  });
  if (out.requeued.length) own?.wake();
  return out;
}

/**
 * The store connection's page cache (MB) while this process runs a job (issue 26 item 4). A
 * million-statement apply filled the 64 MB of SQLITE_CACHE_MB with pages it writes once: with
 * 16 the apply's process peaked ~65 MB lower (native memory 196 → 129 MB, docs/performance.md,
 * "Memory of big jobs") in about the same time. Pages this process serves meanwhile share the
 * smaller cache; the full one is back when the job ends.
 */
const JOB_CACHE_MB = Math.min(16, sqliteCacheMb());

/** The in-process worker of one store. */
class Worker {
  readonly id = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  stopped = false;
  busyWith: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRecovery = 0;
  /** The store stopped answering: said once, until it answers again. */
  private storeLost = false;

  constructor(private ctx: PlatformContext) {}

  wake() {
    if (this.stopped || this.busyWith !== null) return;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async tick() {
    if (this.stopped || this.busyWith !== null) return;
    let more = false;
    try {
      if (Date.now() - this.lastRecovery > beatMs(this.ctx)) {
        this.lastRecovery = Date.now();
        await recoverJobs(this.ctx);
        for (const sweep of jobSweeps()) await sweep(this.ctx);
      }
      const row = await claimJob(this.ctx.store.db, this.id, [...jobKinds().keys()]);
      if (row) await this.run(row);
      more = !this.stopped && (await hasQueuedJob(this.ctx.store.db));
      if (this.storeLost) console.log("job worker: the store answers again");
      this.storeLost = false;
    } catch (e) {
      if (this.stopped) {
        // stopping: nothing to say
      } else if (storeUnreachable(e)) {
        if (!this.storeLost)
          console.error(
            `job worker: the store does not answer (${oneLine(e)}); trying every second`,
          );
        this.storeLost = true;
      } else console.error("job worker:", e);
    }
    if (!this.stopped) this.schedule(more ? 0 : POLL_MS);
  }

  private async run(row: JobRow) {
    const kind = jobKind(row.kind)!;
    const run = new Run(this.ctx.store, { jobId: row.id, worker: this.id, attempt: row.attempts });
    this.busyWith = row.id;
    const heartbeat = setInterval(() => {
      if (!this.stopped) void run.beat();
    }, beatMs(this.ctx));
    heartbeat.unref();
    const job = run.context(row, this.ctx, () => this.stopped);
    const started = Date.now();
    try {
      await job.log(
        "info",
        row.attempts ? `任务重新开始（第 ${row.attempts + 1} 次）` : "任务开始",
      );
      const result = await withPageCache(this.ctx.store, JOB_CACHE_MB * 1024, () =>
        kind.handler(job as JobContext<never>),
      );
      if (this.stopped || run.completed) return;
      await run.transaction((tx) => markSucceeded(tx, row.id, result));
    } catch (e) {
      if (this.stopped || e instanceof WorkerStoppedError) return;
      if (e instanceof JobLostError || run.lost) {
        console.warn(`job ${row.id}: taken over by another worker while this one ran it; stopped`);
        return;
      }
      if (storeUnreachable(e)) {
        // Not the job's fault: it stays running with a silent heartbeat, and once the store is
        // back the takeover (recoverJobs, on any node) queues it again or fails it, by its kind.
        console.error(
          `job ${row.id}: the store stopped answering (${oneLine(e)}); left to be taken over once it is back`,
        );
        return;
      }
      await this.settleFailure(run, e);
    } finally {
      clearInterval(heartbeat);
      this.busyWith = null;
      const handOver = collectAfterBigJob(Date.now() - started);
      if (handOver) {
        // This process takes no more jobs; another takes them while it is replaced.
        this.stop();
        handOver();
      }
    }
  }

  private async settleFailure(run: Run, e: unknown) {
    const id = run.token.jobId;
    const cancelled = e instanceof JobCancelledError;
    const message =
      e instanceof JobFailedError || e instanceof JobCancelledError
        ? e.message
        : e instanceof HttpError
          ? e.detail
          : // The error's own text (a store's, a bug's) stays in the server log.
            `任务出错：${clientMessage(e)}`;
    if (!(
      e instanceof JobFailedError ||
      e instanceof JobCancelledError ||
      e instanceof HttpError
    )) {
      console.error(`job ${id}:`, e);
    }
    const result =
      e instanceof JobFailedError && e.result !== undefined ? JSON.stringify(e.result) : null;
    try {
      await run.transaction((tx) =>
        markEnded(tx, id, { status: cancelled ? "cancelled" : "failed", message, result }),
      );
    } catch (lost) {
      if (!(lost instanceof JobLostError)) throw lost;
    }
  }
}

const workers = new Map<Store, Worker>();

/** Starts the worker of this store (idempotent). */
export function startJobWorker(ctx: PlatformContext) {
  if (workers.has(ctx.store)) return;
  const w = new Worker(ctx);
  workers.set(ctx.store, w);
  w.wake();
}

/**
 * Stops the worker of this store (all workers without an argument). A job it was running
 * stays "running" in the store and is taken over once its heartbeat is silent past the limit.
 */
export function stopJobWorker(ctx?: PlatformContext) {
  for (const [store, w] of workers) {
    if (ctx && store !== ctx.store) continue;
    w.stop();
    workers.delete(store);
  }
}
