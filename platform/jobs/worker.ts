import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";
import { HttpError } from "../http/errors.js";
import {
  JobCancelledError,
  JobFailedError,
  WorkerStoppedError,
  jobKind,
  jobKindLabel,
  jobKinds,
  type JobContext,
} from "./kinds.js";
import { addLog, now, parse, type JobRow } from "./store.js";

/**
 * The job runner: long work (graph builds, incremental updates, model runs) queued in the
 * store and run in-process, one job at a time per process, by the worker of that store.
 * A job cut off by a restart is found again by its stopped heartbeat (recoverJobs):
 * re-queued when its kind is resumable, else failed with its reason.
 */

export const INTERRUPTED = "服务重启，任务中断";

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

/** A running job whose heartbeat is older than this was cut off (heartbeats come every 5 s). */
const STALE_AFTER_MS = 15_000;
const HEARTBEAT_MS = 5_000;
const POLL_MS = 1_000;
const MAX_ATTEMPTS = 3;

/**
 * Finds jobs left running by a process that died (no heartbeat for `staleMs`, or none at
 * all) and settles them: a resumable kind goes back to the queue (at most 3 attempts), any
 * other is marked failed with "服务重启，任务中断". Returns what it did.
 */
export function recoverJobs(
  ctx: PlatformContext,
  opts: { staleMs?: number } = {},
): { requeued: number[]; failed: number[] } {
  const db = ctx.db;
  const cutoff = new Date(Date.now() - (opts.staleMs ?? STALE_AFTER_MS)).toISOString();
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
        ).run("服务重启，任务将重新执行", r.id);
        addLog(db, r.id, "warn", `${INTERRUPTED}，已重新排队（第 ${r.attempts + 1} 次重试）`);
        out.requeued.push(r.id);
      } else {
        const reason = kind?.resumable ? `${INTERRUPTED}（已重试 ${r.attempts} 次）` : INTERRUPTED;
        db.prepare(
          "UPDATE jobs SET status = 'failed', error = ?, message = ?, finished_at = ?, worker = NULL WHERE id = ?",
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
      if (Date.now() - this.lastRecovery > HEARTBEAT_MS) {
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
    this.busyWith = row.id;
    const heartbeat = setInterval(() => {
      if (!this.stopped)
        db.prepare("UPDATE jobs SET heartbeat_at = ? WHERE id = ?").run(now(), row.id);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    addLog(
      db,
      row.id,
      "info",
      row.attempts ? `任务重新开始（第 ${row.attempts + 1} 次）` : "任务开始",
    );
    const job = this.jobContext(row);
    try {
      const result = await kind.handler(job as JobContext<never>);
      if (this.stopped) return;
      db.transaction(() => {
        db.prepare(
          "UPDATE jobs SET status = 'succeeded', progress = 100, message = ?, result_json = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?",
        ).run("已完成", JSON.stringify(result ?? null), now(), now(), row.id);
        addLog(db, row.id, "info", "任务完成");
      })();
    } catch (e) {
      if (this.stopped || e instanceof WorkerStoppedError) return;
      this.settleFailure(row.id, e);
    } finally {
      clearInterval(heartbeat);
      this.busyWith = null;
    }
  }

  private settleFailure(id: number, e: unknown) {
    const db = this.ctx.db;
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
    db.transaction(() => {
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
    })();
  }

  private jobContext(row: JobRow): JobContext {
    const db = this.ctx.db;
    const setProgress = db.prepare(
      "UPDATE jobs SET progress = ?, message = coalesce(?, message), heartbeat_at = ? WHERE id = ?",
    );
    const cancelFlag = db.prepare("SELECT cancel_requested FROM jobs WHERE id = ?").pluck();
    let lastWrite = 0;
    let lastPct = -1;
    const guard = () => {
      if (this.stopped) throw new WorkerStoppedError();
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
        setProgress.run(p, message ?? null, now(), row.id);
      },
      log: (level, message) => {
        guard();
        addLog(db, row.id, level, message);
      },
      isCancelled,
      checkpoint: async () => {
        guard();
        await new Promise<void>((r) => setImmediate(r));
        guard();
        if (isCancelled()) throw new JobCancelledError();
      },
    };
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
