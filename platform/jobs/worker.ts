import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import type { Statement } from "better-sqlite3";
import type { DB } from "../db/database.js";
import { HttpError } from "../http/errors.js";
import {
  JobCancelledError,
  JobFailedError,
  JobLostError,
  WorkerStoppedError,
  jobKind,
  jobKindLabel,
  jobKinds,
  type JobContext,
} from "./kinds.js";
import { JOB_TAKEOVER_SECONDS } from "../settings.js";
import { addLog, now, parse, type JobRow } from "./store.js";

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

/** Queues a job and wakes this process's worker; returns the job id. */
export function enqueueJob(ctx: PlatformContext, input: EnqueueInput): number {
  const kind = jobKind(input.kind);
  if (!kind) throw new Error(`unknown job kind ${input.kind}`);
  const id = ctx.db.transaction(() => {
    const jobId = Number(
      ctx.db
        .prepare(
          "INSERT INTO jobs (kind, graph_id, params_json, created_by, created_at, message) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(
          input.kind,
          input.graphId ?? null,
          JSON.stringify(input.params ?? {}),
          input.userId ?? null,
          now(),
          "排队中",
        ).lastInsertRowid,
    );
    addLog(ctx.db, jobId, "info", `任务已创建：${jobKindLabel(input.kind, input.params)}`);
    return jobId;
  })();
  workers.get(ctx.db)?.wake();
  return id;
}

const HEARTBEAT_MS = 5_000;
const POLL_MS = 1_000;

/** How often a worker beats and looks for silent jobs: every 5 s, or a third of the limit. */
const beatMs = (ctx: PlatformContext) =>
  Math.min(HEARTBEAT_MS, ((ctx.settings.jobTakeoverSeconds ?? JOB_TAKEOVER_SECONDS) * 1000) / 3);
const MAX_ATTEMPTS = 3;

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
export function recoverJobs(
  ctx: PlatformContext,
  opts: { staleMs?: number } = {},
): { requeued: number[]; failed: number[] } {
  const db = ctx.db;
  const seconds = ctx.settings.jobTakeoverSeconds ?? JOB_TAKEOVER_SECONDS;
  const staleMs = opts.staleMs ?? seconds * 1000;
  const cutoff = new Date(Date.now() - staleMs).toISOString();
  const own = workers.get(db);
  const out = { requeued: [] as number[], failed: [] as number[] };
  db.transaction(() => {
    const rows = db
      .prepare(
        `SELECT id, kind, attempts FROM jobs
          WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at <= ?) AND id <> ?`,
      )
      .all(cutoff, own?.busyWith ?? -1) as { id: number; kind: string; attempts: number }[];
    for (const r of rows) {
      const kind = jobKind(r.kind);
      if (kind?.resumable && r.attempts < MAX_ATTEMPTS) {
        db.prepare(
          "UPDATE jobs SET status = 'queued', progress = 0, message = ?, worker = NULL, heartbeat_at = NULL, attempts = attempts + 1 WHERE id = ?",
        ).run("任务将重新执行", r.id);
        addLog(
          db,
          r.id,
          "warn",
          `${takenOver(seconds)}，已重新排队（第 ${r.attempts + 1} 次重试）`,
        );
        out.requeued.push(r.id);
      } else {
        const reason = kind?.resumable
          ? `${abandoned(seconds)}（已重试 ${r.attempts} 次）`
          : abandoned(seconds);
        db.prepare(
          "UPDATE jobs SET status = 'failed', error = ?, message = ?, finished_at = ?, worker = NULL, attempts = attempts + 1 WHERE id = ?",
        ).run(reason, reason, now(), r.id);
        addLog(db, r.id, "error", reason);
        out.failed.push(r.id);
      }
    }
  })();
  if (out.requeued.length) own?.wake();
  return out;
}

/** The in-process worker of one store. */
class Worker {
  readonly id = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  stopped = false;
  busyWith: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRecovery = 0;

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
    try {
      if (Date.now() - this.lastRecovery > beatMs(this.ctx)) {
        this.lastRecovery = Date.now();
        recoverJobs(this.ctx);
      }
      const row = this.claim();
      if (row) await this.run(row);
    } catch (e) {
      if (!this.stopped) console.error("job worker:", e);
    }
    if (!this.stopped) this.schedule(this.busyWith === null && this.hasQueued() ? 0 : POLL_MS);
  }

  private hasQueued() {
    return !!this.ctx.db.prepare("SELECT 1 FROM jobs WHERE status = 'queued' LIMIT 1").get();
  }

  /** Takes the oldest queued job of a known kind; one UPDATE, so no two workers take the same. */
  private claim(): JobRow | null {
    const known = [...jobKinds().keys()];
    if (!known.length) return null;
    const t = now();
    return (
      (this.ctx.db
        .prepare(
          `UPDATE jobs SET status = 'running', worker = ?, started_at = coalesce(started_at, ?), heartbeat_at = ?, message = '运行中'
            WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND kind IN (${known.map(() => "?").join(", ")}) ORDER BY id LIMIT 1)
              AND status = 'queued'
          RETURNING *`,
        )
        .get(this.id, t, t, ...known) as JobRow | undefined) ?? null
    );
  }

  private async run(row: JobRow) {
    const db = this.ctx.db;
    const kind = jobKind(row.kind)!;
    const fence = new Fence(db, row.id, this.id, row.attempts);
    this.busyWith = row.id;
    const heartbeat = setInterval(() => {
      if (!this.stopped) fence.beat();
    }, beatMs(this.ctx));
    heartbeat.unref();
    const outcome = { completed: false };
    const succeed = (result: unknown) => {
      db.prepare(
        "UPDATE jobs SET status = 'succeeded', progress = 100, message = ?, result_json = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?",
      ).run("已完成", JSON.stringify(result ?? null), now(), now(), row.id);
      addLog(db, row.id, "info", "任务完成");
    };
    const job = this.jobContext(row, fence, succeed, outcome);
    try {
      job.log("info", row.attempts ? `任务重新开始（第 ${row.attempts + 1} 次）` : "任务开始");
      const result = await kind.handler(job as JobContext<never>);
      if (this.stopped || outcome.completed) return;
      fence.transaction(() => succeed(result));
    } catch (e) {
      if (this.stopped || e instanceof WorkerStoppedError) return;
      if (e instanceof JobLostError || fence.lost) {
        console.warn(`job ${row.id}: taken over by another worker while this one ran it; stopped`);
        return;
      }
      this.settleFailure(fence, e);
    } finally {
      clearInterval(heartbeat);
      this.busyWith = null;
    }
  }

  private settleFailure(fence: Fence, e: unknown) {
    const db = this.ctx.db;
    const id = fence.jobId;
    const cancelled = e instanceof JobCancelledError;
    const message =
      e instanceof JobFailedError || e instanceof JobCancelledError
        ? e.message
        : e instanceof HttpError
          ? e.detail
          : `任务出错：${e instanceof Error ? e.message : String(e)}`;
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
      fence.transaction(() => {
        db.prepare(
          "UPDATE jobs SET status = ?, error = ?, message = ?, result_json = coalesce(?, result_json), finished_at = ? WHERE id = ?",
        ).run(
          cancelled ? "cancelled" : "failed",
          cancelled ? null : message,
          message,
          result,
          now(),
          id,
        );
        addLog(db, id, cancelled ? "warn" : "error", message);
      });
    } catch (lost) {
      if (!(lost instanceof JobLostError)) throw lost;
    }
  }

  private jobContext(
    row: JobRow,
    fence: Fence,
    succeed: (result: unknown) => void,
    outcome: { completed: boolean },
  ): JobContext {
    const db = this.ctx.db;
    const setProgress = db.prepare(
      "UPDATE jobs SET progress = ?, message = coalesce(?, message), heartbeat_at = ? WHERE id = ?",
    );
    const cancelFlag = db.prepare("SELECT cancel_requested FROM jobs WHERE id = ?").pluck();
    let lastWrite = 0;
    let lastPct = -1;
    const guard = () => {
      if (this.stopped) throw new WorkerStoppedError();
      if (fence.lost) throw new JobLostError(row.id);
    };
    const isCancelled = () => !this.stopped && cancelFlag.get(row.id) === 1;
    return {
      id: row.id,
      kind: row.kind,
      graphId: row.graph_id,
      userId: row.created_by,
      params: (parse(row.params_json) ?? {}) as Record<string, unknown>,
      ctx: this.ctx,
      progress: (pct, message) => {
        guard();
        const p = Math.round(Math.min(100, Math.max(0, pct)) * 10) / 10;
        // Many small steps are written at most every 100 ms; a new message always is.
        if (message === undefined && p !== 100 && Date.now() - lastWrite < 100 && p - lastPct < 5)
          return;
        lastWrite = Date.now();
        lastPct = p;
        fence.transaction(() => setProgress.run(p, message ?? null, now(), row.id));
      },
      log: (level, message) => {
        guard();
        fence.transaction(() => addLog(db, row.id, level, message));
      },
      isCancelled,
      checkpoint: async () => {
        guard();
        await new Promise<void>((r) => setImmediate(r));
        guard();
        fence.check();
        if (isCancelled()) throw new JobCancelledError();
      },
      fence: () => {
        guard();
        fence.check();
      },
      transaction: (fn) => {
        guard();
        return fence.transaction(fn);
      },
      complete: (fn) => {
        guard();
        const result = fence.transaction(() => {
          const value = fn();
          succeed(value);
          return value;
        });
        outcome.completed = true;
        return result;
      },
    };
  }
}

/**
 * A worker's hold on one job: the fencing token (worker id, attempt) and the checks that
 * writes commit only while it holds. Once a check fails the hold is lost for good.
 */
class Fence {
  lost = false;
  private holds: Statement;
  private touch: Statement;
  private token: [number, string, number];

  constructor(
    private db: DB,
    readonly jobId: number,
    worker: string,
    attempt: number,
  ) {
    const held = "id = ? AND worker = ? AND attempts = ? AND status = 'running'";
    this.token = [jobId, worker, attempt];
    this.holds = db.prepare(`SELECT 1 FROM jobs WHERE ${held}`).pluck();
    this.touch = db.prepare(`UPDATE jobs SET heartbeat_at = ? WHERE ${held}`);
  }

  /** Throws JobLostError unless the token still holds (inside a transaction: until it commits). */
  check() {
    if (!this.lost && this.holds.get(...this.token) === undefined) this.lost = true;
    if (this.lost) throw new JobLostError(this.jobId);
  }

  /** `fn` in one transaction that first checks the token. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(() => {
      this.check();
      return fn();
    })();
  }

  /** The heartbeat: moves heartbeat_at while the token holds; notes a loss. */
  beat() {
    if (this.lost) return;
    try {
      if (this.touch.run(now(), ...this.token).changes === 0) this.lost = true;
    } catch {
      // A busy or closing store skips a beat; the job's own next write tells what holds.
    }
  }
}

const workers = new Map<DB, Worker>();

/** Starts the worker of this store (idempotent). */
export function startJobWorker(ctx: PlatformContext) {
  if (workers.has(ctx.db)) return;
  const w = new Worker(ctx);
  workers.set(ctx.db, w);
  w.wake();
}

/**
 * Stops the worker of this store (all workers without an argument). A job it was running
 * stays "running" in the store and is recovered at the next start.
 */
export function stopJobWorker(ctx?: PlatformContext) {
  for (const [db, w] of workers) {
    if (ctx && db !== ctx.db) continue;
    w.stop();
    workers.delete(db);
  }
}
